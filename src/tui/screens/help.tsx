/** The help overlay (?): the key table by context, scrollable with j/k; q, Esc or ? closes. */
import React from 'react';
import { Box, Text } from 'ink';
import { CONTEXT_TITLES, KEY_TABLE, displayKey, type KeyContext } from '../keys.js';

interface HelpLine { key: string; text: string; title: boolean }

/** The overlay's lines: a title per context, then one line per binding. */
export function helpLines(): HelpLine[] {
  const out: HelpLine[] = [];
  for (const context of Object.keys(CONTEXT_TITLES) as KeyContext[]) {
    out.push({ key: `t:${context}`, text: CONTEXT_TITLES[context], title: true });
    for (const b of KEY_TABLE.filter((x) => x.context === context)) {
      out.push({ key: b.action, text: `${b.keys.map(displayKey).join(', ').padEnd(14)} ${b.help}`, title: false });
    }
  }
  return out;
}

const LINES = helpLines();

/** The help lines from `offset` (first shown line), one screenful. */
export function HelpOverlay({ offset, width, height }: { offset: number; width: number; height: number }): React.ReactElement {
  const rows = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(offset, LINES.length - rows));
  return (
    <Box flexDirection="column" width={width}>
      <Text bold inverse wrap="truncate-end">{' Keys  (j/k scroll, q or ? closes) '}</Text>
      {LINES.slice(start, start + rows).map((l) => (
        <Text key={l.key} bold={l.title} color={l.title ? 'cyan' : undefined} wrap="truncate-end">{l.text}</Text>
      ))}
    </Box>
  );
}

export const HELP_LINE_COUNT = LINES.length;
