/**
 * Favourites (spec 000 section 2 "Favourites"): history, my reviews, my progress (tab; then
 * the playlists, screens/playlists.tsx);
 * sort (s) and order (o; not in history mode, not for allage/nsfw); progress filter (p).
 * Enter on a history item resumes it ('resumed play history'); elsewhere it opens the work.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { formatDuration } from '../../player/index.js';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { FAVOURITE_ORDER_LABELS, PROGRESS_LABELS, SORT_ARROWS, labelOf } from '../labels.js';
import { pagedCount, usePaged, usePagedCursor } from '../hooks/use-paged.js';
import { WorkList } from '../components/work-list.js';
import { FAVOURITE_MODES, type FavouritesView } from '../views.js';
import { FAVOURITE_ORDERS, favouritesOrderParams, PROGRESS_VALUES, type FavouriteOrder, type Work } from '../../model/index.js';
import type { FavouritesMode } from '../data/source.js';
import { favouritesTabs } from './playlists.js';

function extraOf(mode: FavouritesMode, w: Work): string {
  if (mode === 'history' && w.state?.queue.length) {
    const t = w.state.queue[w.state.index];
    return `${w.state.index + 1}/${w.state.queue.length} ${formatDuration(w.state.seconds)} ${t?.title ?? ''}`;
  }
  if (mode === 'review') return [w.userRating ? `★${w.userRating}` : '', w.review_text ?? ''].filter(Boolean).join(' ');
  if (mode === 'progress') return w.progress ? labelOf(PROGRESS_LABELS, w.progress) : '';
  return '';
}

export function FavouritesScreen({ view, active, width, height }: { view: FavouritesView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, push, update, dispatch, notify } = useSession();
  // the playlists tab renders PlaylistsScreen instead (app.tsx)
  const mode = view.mode as FavouritesMode;
  const { progress } = view;
  const p = favouritesOrderParams(view.order, view.sort);
  const key = JSON.stringify({ mode, progress, ...p });
  const list = usePaged(key, (page) => source.favourites({ mode, page, ...p, progress: mode === 'progress' ? progress : undefined }));
  const rows = height - 1;
  const cursor = usePagedCursor(list, view.cursor, rows);

  useActions(['favourites', 'list'], active, (action) => {
    const moved = moveCursor(action, cursor, pagedCount(list), rows);
    if (moved !== null) return update({ cursor: moved });
    switch (action) {
      case 'open': {
        const w = list.items[cursor];
        if (!w) return;
        if (mode === 'history' && w.state?.queue.length) {
          dispatch({ type: 'restoreHistory', state: w.state, play: true });
          return notify('resumed play history');
        }
        return push({ screen: 'work', workId: w.id, path: [], cursor: 0 });
      }
      case 'favouritesMode': return update({ mode: FAVOURITE_MODES[(FAVOURITE_MODES.indexOf(mode) + 1) % FAVOURITE_MODES.length], cursor: 0 } as Partial<FavouritesView>);
      case 'favouritesSort': {
        const i = FAVOURITE_ORDERS.indexOf(view.order as FavouriteOrder);
        return update({ order: FAVOURITE_ORDERS[(i + 1) % FAVOURITE_ORDERS.length], cursor: 0 } as Partial<FavouritesView>);
      }
      case 'favouritesOrder':
        if (mode === 'history' || view.order === 'allage' || view.order === 'nsfw') return;
        return update({ sort: view.sort === 'desc' ? 'asc' : 'desc', cursor: 0 } as Partial<FavouritesView>);
      case 'progressFilter':
        return update({ mode: 'progress', progress: PROGRESS_VALUES[(PROGRESS_VALUES.indexOf(progress) + 1) % PROGRESS_VALUES.length], cursor: 0 } as Partial<FavouritesView>);
      default:
    }
  }, !(list.loading && list.items.length === 0));

  const tabs = favouritesTabs(mode);
  // In the web's words: the sort (no direction where it has none), the progress shown.
  const settings = [
    labelOf(FAVOURITE_ORDER_LABELS, view.order) + (mode === 'history' || view.order === 'allage' || view.order === 'nsfw' ? '' : ` ${labelOf(SORT_ARROWS, view.sort)}`),
    ...(mode === 'progress' ? [labelOf(PROGRESS_LABELS, progress)] : []),
  ].join(' · ');
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Box flexShrink={1}><Text bold wrap="truncate-end">{`${tabs} (${list.loading && !list.items.length ? '…' : list.total})`}</Text></Box>
        <Box flexGrow={1} justifyContent="flex-end" flexShrink={0} marginLeft={1}><Text dimColor>{settings}</Text></Box>
      </Box>
      <WorkList list={list} cursor={cursor} height={rows} width={width} empty="mark stars or progress on a work page and they appear here" extra={(w) => extraOf(mode, w)} />
    </Box>
  );
}
