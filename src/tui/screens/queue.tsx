/**
 * The queue (spec 000 section 2 "Player": queue dialog): the playing track marked, enter
 * plays a row, x removes, X empties, J/K move a track (the playing one keeps playing).
 */
import React from 'react';
import { Box, Text } from 'ink';
import { formatDuration } from '../../player/index.js';
import { useSession } from '../session.js';
import { usePlayerState } from '../hooks/use-player.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { List } from '../components/list.js';
import type { QueueView } from '../views.js';

export function QueueScreen({ view, active, width, height }: { view: QueueView; active: boolean; width: number; height: number }): React.ReactElement {
  const { player, update, dispatch } = useSession();
  const state = usePlayerState(player);
  const { queue, queueIndex } = state;
  const rows = height - 1;
  const cursor = Math.min(view.cursor, Math.max(0, queue.length - 1));

  useActions(['queue', 'list'], active, (action) => {
    const moved = moveCursor(action, cursor, queue.length, rows);
    if (moved !== null) return update({ cursor: moved });
    switch (action) {
      case 'open': return dispatch({ type: 'setTrack', index: cursor });
      case 'remove': return dispatch({ type: 'removeFromQueue', index: cursor });
      case 'empty': return dispatch({ type: 'emptyQueue' });
      case 'moveDown':
        if (cursor < queue.length - 1) { dispatch({ type: 'moveInQueue', from: cursor, to: cursor + 1 }); update({ cursor: cursor + 1 }); }
        return;
      case 'moveUp':
        if (cursor > 0) { dispatch({ type: 'moveInQueue', from: cursor, to: cursor - 1 }); update({ cursor: cursor - 1 }); }
        return;
      default:
    }
  });

  return (
    <Box flexDirection="column" width={width}>
      <Text bold>{`Queue (${queue.length})`}</Text>
      <List
        items={queue}
        cursor={cursor}
        height={rows}
        rowKey={(t, i) => `${i}:${t.hash}`}
        empty="the queue is empty: open a work (1) and press enter on a track"
        renderRow={(t, i, selected) => (
          <Box width={width - 2}>
            <Box width={2} flexShrink={0}><Text color="green">{i === queueIndex ? (state.playing ? '▶' : '‖') : ' '}</Text></Box>
            <Box flexGrow={1} flexShrink={1}><Text inverse={selected} wrap="truncate-end">{t.title}{t.workTitle ? `  — ${t.workTitle}` : ''}</Text></Box>
            <Box flexShrink={0} marginLeft={1}><Text dimColor>{t.duration ? formatDuration(t.duration) : ''}</Text></Box>
          </Box>
        )}
      />
    </Box>
  );
}
