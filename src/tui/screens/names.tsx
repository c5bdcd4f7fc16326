/**
 * Circles, tags and voice actors (spec 000 section 2 "Name lists"): name and count per
 * row, filtered by the search prompt (/); enter lists the works of that name.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { useLoad } from '../hooks/use-load.js';
import { List } from '../components/list.js';
import { worksView, type NamesView } from '../views.js';

const TITLES = { circles: 'Circles', tags: 'Tags', vas: 'Voice actors' } as const;
const WORKS_TITLES = { circles: 'Circle works', tags: 'Tag', vas: 'Voice actor' } as const;

export function NamesScreen({ view, active, width, height }: { view: NamesView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, push, update } = useSession();
  const { data, error, loading } = useLoad(view.kind, () => source.names(view.kind));
  const needle = view.filter.trim().toLowerCase();
  const items = (data ?? []).filter((n) => !needle || (n.name ?? '').toLowerCase().includes(needle));
  const rows = height - 1;
  const cursor = Math.min(view.cursor, Math.max(0, items.length - 1));

  useActions(['list'], active, (action) => {
    const moved = moveCursor(action, cursor, items.length, rows);
    if (moved !== null) return update({ cursor: moved });
    if (action === 'open' && items[cursor]) {
      const item = items[cursor]!;
      const by = view.kind === 'circles' ? { circleId: Number(item.id) } : view.kind === 'tags' ? { tagId: Number(item.id) } : { vaId: String(item.id) };
      push(worksView({ title: `${WORKS_TITLES[view.kind]} ${item.name ?? ''}`.trim(), ...by }));
    }
  }, !loading);

  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">{`${TITLES[view.kind]} (${loading ? '…' : items.length})${view.filter ? `  filter: ${view.filter}` : ''}`}</Text>
      {error ? <Text color="red">{error}</Text> : (
        <List
          items={items}
          cursor={cursor}
          height={rows}
          rowKey={(n) => String(n.id)}
          empty={loading ? 'loading…' : 'no names'}
          renderRow={(n, _i, selected) => (
            <Box width={width - 2}>
              <Box flexGrow={1} flexShrink={1}><Text inverse={selected} wrap="truncate-end">{n.name ?? '(no name)'}</Text></Box>
              <Box flexShrink={0} marginLeft={1}><Text dimColor>{String(n.count)}</Text></Box>
            </Box>
          )}
        />
      )}
    </Box>
  );
}
