/**
 * The trial catalogue (spec 000 sections 2 and 4; DESIGN section 7): the new works to
 * try (status 0), newest release first, pages loading as the cursor nears the end.
 * Enter plays the work's downloaded trial audio (its tree's audio files in order, trial
 * hashes); a work whose trial is not downloaded says so (the web UI downloads it).
 * d dislikes the work, once y answers "[y/N]": it leaves the list for good.
 */
import React, { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import { formatWorkCode, type QueueItem, type TrackNode } from '../../model/index.js';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { pagedCount, usePaged } from '../hooks/use-paged.js';
import { WorkList } from '../components/work-list.js';
import type { TrialView } from '../views.js';

/** The audio files of a tree, folders first as the tree orders them. */
const audioOf = (nodes: TrackNode[]): TrackNode[] => nodes.flatMap((n) => (n.type === 'folder' ? audioOf(n.children ?? []) : n.type === 'audio' ? [n] : []));

export function TrialScreen({ view, active, width, height }: { view: TrialView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, update, dispatch, notify, confirm } = useSession();
  const [generation, setGeneration] = useState(0);
  const list = usePaged(`trial:${generation}`, (page) => source.trialWorks(page));
  const rows = height - 1;
  const cursor = Math.min(view.cursor, Math.max(0, list.items.length - 1));

  useEffect(() => {
    if (list.items.length - cursor <= rows && !list.done) list.more(view.cursor + 1 + rows);
  }, [cursor, view.cursor, list.items.length, list.done, rows, list]);

  const play = async (id: number, title: string) => {
    const audio = audioOf(await source.trialTracks(id));
    if (audio.length === 0) return notify(`trial not downloaded yet (download it on the web, /fake/works): ${title}`, 'error');
    const queue: QueueItem[] = audio.map((n) => ({ hash: n.hash!, title: n.title, workTitle: n.workTitle ?? title, duration: n.duration }));
    dispatch({ type: 'setQueue', queue, index: 0 });
  };

  useActions(['trial', 'list'], active, (action) => {
    const moved = moveCursor(action, cursor, pagedCount(list), rows);
    if (moved !== null) return update({ cursor: moved });
    const w = list.items[cursor];
    if (!w) return;
    if (action === 'open') void play(w.id, w.title).catch((err: Error) => notify(err.message, 'error'));
    // Disliking is for good (the crawler never brings the work back): asked first.
    if (action === 'dislike') {
      confirm(`dislike ${formatWorkCode(w.id, w.code_prefix ?? 'RJ')} ${w.title} for good?`, () => {
        void source.dislike(w.id).then(() => {
          notify(`disliked: ${w.title}`);
          setGeneration((g) => g + 1);
        }, (err: Error) => notify(err.message, 'error'));
      });
    }
  });

  const title = `Trial works (${list.loading && !list.items.length ? '…' : list.total})`;
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Box flexShrink={1}><Text bold wrap="truncate-end">{title}</Text></Box>
        <Box flexGrow={1} justifyContent="flex-end" flexShrink={0} marginLeft={1}><Text dimColor>enter play  d dislike</Text></Box>
      </Box>
      <WorkList list={list} cursor={cursor} height={rows} width={width} empty="no trial works: run audiolib trial fetch" />
    </Box>
  );
}
