/**
 * A paged list screen's frame (works, novels): the title with the settings on the right,
 * the list (given the rows it may use), and the infinite scroll's end line ('no more
 * works', spec 000 section 2) once the cursor reaches the last row of a complete list.
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { Paged } from '../hooks/use-paged.js';

export interface ListFrameProps<T> {
  title: string;
  settings: string;
  list: Paged<T>;
  cursor: number;
  /** Rows below the title (the screen's height less one). */
  rows: number;
  width: number;
  /** The list itself, in `height` rows. */
  children(height: number): React.ReactNode;
}

export function ListFrame<T>({ title, settings, list, cursor, rows, width, children }: ListFrameProps<T>): React.ReactElement {
  const atEnd = list.done && !list.error && list.items.length > 0 && cursor >= list.items.length - 1;
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Box flexShrink={1} minWidth={Math.min(title.length, Math.floor(width / 2))}><Text bold wrap="truncate-end">{title}</Text></Box>
        <Box flexGrow={1} justifyContent="flex-end" flexShrink={1} marginLeft={1}>
          <Text dimColor wrap="truncate-end">{settings}</Text>
        </Box>
      </Box>
      {children(atEnd ? rows - 1 : rows)}
      {atEnd ? <Text dimColor>  no more works</Text> : null}
    </Box>
  );
}
