/**
 * A paged list screen's frame (works, novels): the title with the settings on the right,
 * the list (or the load error), and the infinite scroll's end line ('no more works', spec
 * 000 section 2) once the cursor reaches the last row of a complete list.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { List } from './list.js';
import type { Paged } from '../hooks/use-paged.js';

export interface PagedListProps<T extends { id: number }> {
  title: string;
  settings: string;
  list: Paged<T>;
  cursor: number;
  /** Rows for the list (the screen's height less the title). */
  rows: number;
  width: number;
  /** What an empty list says once loaded. */
  empty: string;
  renderRow(item: T, selected: boolean): React.ReactNode;
}

export function PagedList<T extends { id: number }>({ title, settings, list, cursor, rows, width, empty, renderRow }: PagedListProps<T>): React.ReactElement {
  const atEnd = list.done && !list.error && list.items.length > 0 && cursor >= list.items.length - 1;
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Box flexShrink={1} minWidth={Math.min(title.length, Math.floor(width / 2))}><Text bold wrap="truncate-end">{title}</Text></Box>
        <Box flexGrow={1} justifyContent="flex-end" flexShrink={1} marginLeft={1}>
          <Text dimColor wrap="truncate-end">{settings}</Text>
        </Box>
      </Box>
      {list.error ? <Text color="red">{list.error}</Text> : (
        <List
          items={list.items}
          cursor={cursor}
          height={atEnd ? rows - 1 : rows}
          rowKey={(w) => w.id}
          empty={list.loading ? 'loading…' : empty}
          renderRow={(w, _i, selected) => renderRow(w, selected)}
        />
      )}
      {atEnd ? <Text dimColor>  no more works</Text> : null}
    </Box>
  );
}
