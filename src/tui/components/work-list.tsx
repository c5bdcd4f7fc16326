/**
 * The list part of every work-list screen (works, favourites, trial): the list's error in
 * red, or its works as rows with the cursor; `empty` is shown when there are none and the
 * list is not loading ('loading…' while it is). `extra` adds a column per work.
 */
import React from 'react';
import { Text } from 'ink';
import type { Work } from '../../model/index.js';
import type { Paged } from '../hooks/use-paged.js';
import { List } from './list.js';
import { WorkRow } from './work-row.js';

export function WorkList({ list, cursor, height, width, empty, extra }: { list: Paged; cursor: number; height: number; width: number; empty: string; extra?: (w: Work) => string | undefined }): React.ReactElement {
  if (list.error) return <Text color="red">{list.error}</Text>;
  return (
    <List
      items={list.items}
      cursor={cursor}
      height={height}
      rowKey={(w) => w.id}
      empty={list.loading ? 'loading…' : empty}
      renderRow={(w, _i, selected) => <WorkRow work={w} selected={selected} width={width - 2} extra={extra?.(w)} />}
    />
  );
}
