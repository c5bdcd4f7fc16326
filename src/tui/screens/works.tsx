/**
 * Works list (spec 000 section 2 "Works list"): all works, a keyword or advanced search,
 * or a circle/tag/VA's works; sort (s), order (o), age rating (a), lyric filter (y);
 * pages load as the cursor nears the end; enter opens the work.
 */
import React from 'react';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { LYRIC_LABELS, NSFW_LABELS, SORT_ARROWS, WORK_ORDER_LABELS, labelOf } from '../labels.js';
import { pagedCount, usePaged, usePagedCursor } from '../hooks/use-paged.js';
import { WorkList } from '../components/work-list.js';
import { ListFrame } from '../components/list-frame.js';
import { newSeed, NSFW_OPTIONS, WORK_SORT_ORDERS, type WorkSortOrder } from '../../model/index.js';
import { LYRIC_FILTERS, searchText, type WorksView } from '../views.js';

export function WorksScreen({ view, active, width, height }: { view: WorksView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, push, update } = useSession();
  const { order, sort, nsfw, lyric, seed, keyword, advanced, circleId, tagId, vaId } = view;
  const key = JSON.stringify({ order, sort, nsfw, lyric, seed, keyword, advanced, circleId, tagId, vaId });
  const list = usePaged(key, (page) => source.works({ page, order, sort, nsfw, lyric, seed, keyword, advanced, circleId, tagId, vaId }));
  const rows = height - 1;
  const cursor = usePagedCursor(list, view.cursor, rows);

  useActions(['works', 'list'], active, (action) => {
    const moved = moveCursor(action, cursor, pagedCount(list), rows);
    if (moved !== null) return update({ cursor: moved });
    switch (action) {
      case 'open': {
        const w = list.items[cursor];
        if (w) push({ screen: 'work', workId: w.id, path: [], cursor: 0 });
        return;
      }
      case 'sortNext': {
        const i = WORK_SORT_ORDERS.indexOf(order as WorkSortOrder);
        return update({ order: WORK_SORT_ORDERS[(i + 1) % WORK_SORT_ORDERS.length], seed: newSeed(), cursor: 0 });
      }
      case 'orderToggle': return update({ sort: sort === 'desc' ? 'asc' : 'desc', seed: newSeed(), cursor: 0 });
      case 'ageRating': return update({ nsfw: NSFW_OPTIONS[(NSFW_OPTIONS.indexOf(nsfw) + 1) % NSFW_OPTIONS.length], seed: newSeed(), cursor: 0 });
      case 'lyricFilter': {
        const i = LYRIC_FILTERS.findIndex((f) => f.join() === lyric.join());
        return update({ lyric: LYRIC_FILTERS[(i + 1) % LYRIC_FILTERS.length], seed: newSeed(), cursor: 0 });
      }
      default:
    }
  }, !(list.loading && list.items.length === 0));

  const search = searchText(view);
  // The sort, then the filters that are on (age rating, subtitles), in the web's words.
  const settings = [
    `${labelOf(WORK_ORDER_LABELS, order)} ${labelOf(SORT_ARROWS, sort)}`,
    ...(nsfw ? [NSFW_LABELS[nsfw] ?? String(nsfw)] : []),
    ...(lyric.length ? [lyric.map((part) => labelOf(LYRIC_LABELS, part)).join(' or ')] : []),
  ].join(' · ');
  const title = `${view.title}${search ? `: ${search}` : ''} (${list.loading && !list.items.length ? '…' : list.total})`;
  return (
    <ListFrame title={title} settings={settings} list={list} cursor={cursor} rows={rows} width={width}>
      {(h) => <WorkList list={list} cursor={cursor} height={h} width={width} empty="no works" />}
    </ListFrame>
  );
}
