/**
 * A virtualised list: only the rows that fit in `height` are rendered (a 100,000-row
 * list costs one screenful per frame); the window follows the cursor, marked '›' so it
 * shows without colours too. Rows get `width - 2` columns.
 */
import React from 'react';
import { Box, Text } from 'ink';

export interface ListProps<T> {
  items: readonly T[];
  cursor: number;
  height: number;
  renderRow(item: T, index: number, selected: boolean): React.ReactNode;
  rowKey(item: T, index: number): string | number;
  empty?: string;
}

/** First visible row: keeps the cursor in the middle third where the list allows it. */
export function windowStart(count: number, cursor: number, height: number): number {
  if (count <= height) return 0;
  return Math.min(Math.max(0, cursor - Math.floor(height / 2)), count - height);
}

export function List<T>({ items, cursor, height, renderRow, rowKey, empty }: ListProps<T>): React.ReactElement {
  if (items.length === 0) return <Box height={height}><Text dimColor>{empty ?? 'nothing here'}</Text></Box>;
  const start = windowStart(items.length, cursor, height);
  const rows = items.slice(start, start + height);
  return (
    <Box flexDirection="column" height={height}>
      {rows.map((item, i) => (
        <Box key={rowKey(item, start + i)}>
          <Box width={2} flexShrink={0}><Text color="cyan">{start + i === cursor ? '› ' : '  '}</Text></Box>
          {renderRow(item, start + i, start + i === cursor)}
        </Box>
      ))}
    </Box>
  );
}

