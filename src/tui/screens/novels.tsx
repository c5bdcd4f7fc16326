/**
 * The novel section, read only (tab 9; spec 001 section 2): the novel list with its sort
 * (s, the novel orders) and direction (o), pages loading as the cursor nears the end,
 * enter opening a novel; the novel's page as text lines (status, word count in 万字,
 * rating, site, authors, tags, the caller's rating and progress, publish time, origin
 * link, TXT, description and info), scrolled with the list keys. Adding, rating and TXT
 * files are the web UI's.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { NOVEL_SORT_ORDERS, wordCountWan, type NovelWork } from '../../model/index.js';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { pagedCount, usePaged, usePagedCursor } from '../hooks/use-paged.js';
import { useLoad } from '../hooks/use-load.js';
import { List } from '../components/list.js';
import { ListFrame } from '../components/list-frame.js';
import { MY_PROCESS_LABELS, NOVEL_ORDER_LABELS, SORT_ARROWS, labelOf } from '../labels.js';
import type { NovelsView, NovelView } from '../views.js';

/** Status and word count: 'Complete · 35.6万字'. */
const facts = (n: NovelWork) => `${n.process === 0 ? 'Complete' : 'Serial'} · ${wordCountWan(n.wordCount)}万字`;

export function NovelsScreen({ view, active, width, height }: { view: NovelsView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, push, update } = useSession();
  const { order, sort } = view;
  const list = usePaged<NovelWork>(`${order}:${sort}`, (page) => source.novels({ page, order, sort }));
  const rows = height - 1;
  const cursor = usePagedCursor(list, view.cursor, rows);

  useActions(['novels', 'list'], active, (action) => {
    const moved = moveCursor(action, cursor, pagedCount(list), rows);
    if (moved !== null) return update({ cursor: moved });
    switch (action) {
      case 'open': {
        const n = list.items[cursor];
        if (n) push({ screen: 'novel', novelId: n.id, cursor: 0 });
        return;
      }
      case 'sortNext': return update({ order: NOVEL_SORT_ORDERS[(NOVEL_SORT_ORDERS.indexOf(order) + 1) % NOVEL_SORT_ORDERS.length], cursor: 0 });
      case 'orderToggle': return update({ sort: sort === 'desc' ? 'asc' : 'desc', cursor: 0 });
      default:
    }
  }, !(list.loading && list.items.length === 0));

  const title = `All novels (${list.loading && !list.items.length ? '…' : list.total})`;
  return (
    <ListFrame title={title} settings={`${labelOf(NOVEL_ORDER_LABELS, order)} ${labelOf(SORT_ARROWS, sort)}`} list={list} cursor={cursor} rows={rows} width={width}>
      {(h) => list.error ? <Text color="red">{list.error}</Text> : (
        <List items={list.items} cursor={cursor} height={h} rowKey={(n) => n.id}
          empty={list.loading ? 'loading…' : 'no novels: add them in the web UI (/novel/add)'}
          renderRow={(n, _i, selected) => (
            <Box width={width - 2}>
              <Box flexGrow={1} flexShrink={1}><Text inverse={selected} wrap="truncate-end">{n.title}</Text></Box>
              <Box flexShrink={0} marginLeft={1}><Text dimColor={!selected} inverse={selected}>{facts(n)}</Text></Box>
            </Box>
          )} />
      )}
    </ListFrame>
  );
}

/** Columns a character takes in a terminal: 2 for East Asian wide and full-width characters. */
function cells(ch: string): number {
  return /[\u1100-\u115f\u2e80-\u303e\u3041-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(ch) ? 2 : 1;
}

/** `text` cut into lines of at most `width` columns (its own line breaks kept). */
export function wrapLines(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    for (const ch of paragraph) {
      const w = cells(ch);
      if (used + w > width && line) {
        out.push(line);
        line = '';
        used = 0;
      }
      line += ch;
      used += w;
    }
    out.push(line);
  }
  return out;
}

/** The lines of a novel's page. */
function novelLines(n: NovelWork, width: number): string[] {
  const txt = n.onlineTxt[0];
  const mine = [
    n.userRating ? `my rating ★${n.userRating}` : null,
    n.myProcess !== null ? `progress: ${MY_PROCESS_LABELS[n.myProcess]}` : null,
  ].filter(Boolean).join(' · ');
  const lines = [
    `${facts(n)} · ★${n.rate} · ${n.readCount} reads`,
    n.circle?.name ? `site: ${n.circle.name}` : null,
    n.vas.length ? `author: ${n.vas.map((v) => v.name).join(', ')}` : null,
    n.tags.length ? `tags: ${n.tags.map((t) => t.name).join(', ')}` : null,
    mine || null,
    n.release ? `published: ${n.release.replace('T', ' ')}` : null,
    n.url ? `origin: ${n.url}` : null,
    txt ? `TXT: ${txt.name} (${Math.ceil(txt.size / 1024)} KB, uploaded as ${txt.encoding})` : 'TXT: none',
  ].filter((l): l is string => l !== null);
  for (const block of [n.desc, n.info]) if (block) lines.push('', ...wrapLines(block, width));
  return lines;
}

export function NovelScreen({ view, active, width, height }: { view: NovelView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, update } = useSession();
  const { data, error, loading } = useLoad(`novel:${view.novelId}`, () => source.novel(view.novelId));
  const lines = data ? novelLines(data, width) : [];
  const rows = Math.max(1, height - 1);
  const top = Math.min(view.cursor, Math.max(0, lines.length - rows));

  useActions(['list'], active, (action) => {
    const moved = moveCursor(action, top, Math.max(1, lines.length - rows + 1), rows);
    if (moved !== null) update({ cursor: moved });
  }, !!data || !!error);

  if (error) return <Text color="red">{error}</Text>;
  if (loading || !data) return <Text dimColor>loading…</Text>;
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">{data.title}</Text>
      {lines.slice(top, top + rows).map((line, i) => <Text key={top + i} wrap="truncate-end">{line || ' '}</Text>)}
    </Box>
  );
}
