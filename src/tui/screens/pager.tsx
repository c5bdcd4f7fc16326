/**
 * The pager: a work's text file (readme, script, lyric) as text, decoded whatever its
 * encoding (Shift-JIS, GBK, Big5, UTF-16 as well as UTF-8: the source decodes it as the
 * media route does), wrapped to the terminal's width by display width, scrolled with the
 * list keys (j/k, PgDn/PgUp, g/G); q or Esc goes back to the work.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { useLoad } from '../hooks/use-load.js';
import { wrapLines } from './novels.js';
import type { PagerView } from '../views.js';

/** Text made safe and even for the terminal: one kind of line break, tabs as spaces, no control characters (no escape sequence of a file reaches the terminal). */
export function pagerText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
}

export function PagerScreen({ view, active, width, height }: { view: PagerView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, update } = useSession();
  const { data, error, loading } = useLoad(`text:${view.hash}`, () => source.textFile(view.hash));
  const lines = data === null ? [] : wrapLines(pagerText(data).replace(/\n+$/, ''), Math.max(1, width));
  const rows = Math.max(1, height - 1);
  const top = Math.min(view.cursor, Math.max(0, lines.length - rows));

  useActions(['list'], active, (action) => {
    const moved = moveCursor(action, top, Math.max(1, lines.length - rows + 1), rows);
    if (moved !== null) update({ cursor: moved });
  }, data !== null || !!error);

  const shown = lines.length ? `${top + 1}-${Math.min(lines.length, top + rows)}/${lines.length}` : '0/0';
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Box flexGrow={1} flexShrink={1}><Text bold wrap="truncate-end">{view.title}</Text></Box>
        <Box flexShrink={0} marginLeft={1}><Text dimColor>{error || loading ? '' : shown}</Text></Box>
      </Box>
      {error ? <Text color="red">{error}</Text> : loading || data === null ? <Text dimColor>loading…</Text>
        : lines.length === 0 ? <Text dimColor>empty file</Text>
          : lines.slice(top, top + rows).map((line, i) => <Text key={top + i} wrap="truncate-end">{line || ' '}</Text>)}
    </Box>
  );
}
