/**
 * Work detail (spec 000 section 2 "Work detail"): the metadata header and the file tree
 * with breadcrumbs from ROOT; a single-child folder chain opens at load; enter opens a
 * folder or plays an audio file with its folder's audio as the queue (the paused track
 * loaded, a restored history's included, plays on from its position); e/E add to the
 * queue; r resumes the work's history; enter on a text file opens it in the pager;
 * R, p and w rate the work, step its progress mark and write a review (use-review.ts). Opening a work with history while nothing plays
 * loads its queue at the saved index and second without playing.
 */
import React, { useEffect } from 'react';
import { Box, Text } from 'ink';
import { formatWorkCode, type QueueItem, type TrackNode, type Work } from '../../model/index.js';
import { formatDuration } from '../../player/index.js';
import { useSession } from '../session.js';
import { useActions, moveCursor } from '../hooks/use-keys.js';
import { usePlayerState } from '../hooks/use-player.js';
import { PROGRESS_LABELS, labelOf } from '../labels.js';
import { useLoad } from '../hooks/use-load.js';
import { List } from '../components/list.js';
import { cutToWidth } from '../text-width.js';
import { useReview } from '../hooks/use-review.js';
import type { WorkView } from '../views.js';

/** The children of the folder at `path` (folder titles from ROOT), or null when it is gone. */
export function folderAt(tree: TrackNode[], path: string[]): TrackNode[] | null {
  let nodes = tree;
  for (const title of path) {
    const next = nodes.find((n) => n.type === 'folder' && n.title === title);
    if (!next?.children) return null;
    nodes = next.children;
  }
  return nodes;
}

/** The chain of single folders from the root (auto-expanded at load). */
export function singleFolderChain(tree: TrackNode[]): string[] {
  const path: string[] = [];
  let nodes = tree;
  while (nodes.length === 1 && nodes[0]!.type === 'folder') {
    path.push(nodes[0]!.title);
    nodes = nodes[0]!.children ?? [];
  }
  return path;
}

const queueItem = (n: TrackNode, work: Work): QueueItem => ({ hash: n.hash!, title: n.title, workTitle: n.workTitle ?? work.title, duration: n.duration });
const audioOf = (nodes: TrackNode[]) => nodes.filter((n) => n.type === 'audio' && n.hash);
const ICON: Record<TrackNode['type'], string> = { folder: '▸', audio: '♪', text: '≡', image: '▫', other: '·' };

function countItems(n: TrackNode): number { return n.children?.length ?? 0; }

export function WorkScreen({ view, active, width, height }: { view: WorkView; active: boolean; width: number; height: number }): React.ReactElement {
  const session = useSession();
  const { source, update, dispatch, player, notify, push } = session;
  const { data, error, loading } = useLoad(`work:${view.workId}`, async () => {
    const [work, tree] = await Promise.all([source.work(view.workId), source.tracks(view.workId)]);
    return { work, tree };
  });

  useEffect(() => {
    if (!data) return;
    const state = data.work.state;
    if (state && player && player.state.queue.length === 0) {
      dispatch({ type: 'restoreHistory', state, play: false });
      notify(`loaded play history: track ${state.index + 1}/${state.queue.length} at ${formatDuration(state.seconds)}`);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // A single-child folder chain is open until the listener moves through folders.
  const path = data && !view.expanded && view.path.length === 0 ? singleFolderChain(data.tree) : view.path;
  const nodes = data ? folderAt(data.tree, path) ?? [] : [];
  const review = useReview(data?.work ?? null);
  const header = data ? headerLines({ ...data.work, ...review.mine }) : [];
  const rows = Math.max(1, height - header.length - 1);
  const cursor = Math.min(view.cursor, Math.max(0, nodes.length - 1));

  useActions(['work', 'list'], active, (action) => {
    if (!data) return;
    const moved = moveCursor(action, cursor, nodes.length, rows);
    if (moved !== null) return update({ cursor: moved });
    const node = nodes[cursor];
    switch (action) {
      case 'open':
        if (!node) return;
        if (node.type === 'folder') return update({ path: [...path, node.title], expanded: true, cursor: 0 } as Partial<WorkView>);
        if (node.type === 'audio') {
          const audio = audioOf(nodes);
          const queue = audio.map((n) => queueItem(n, data.work));
          const index = audio.indexOf(node);
          // The paused track that is loaded (restored from history, or paused) plays on from its position, not from 0:00.
          const now = player?.state;
          const unfinished = now && (now.duration <= 0 || now.currentTime < now.duration - 1);
          if (now && !now.playing && unfinished && now.queue[now.queueIndex]?.hash === node.hash) {
            const sameQueue = now.queue.length === queue.length && now.queue.every((q, i) => q.hash === queue[i]!.hash);
            if (sameQueue) return dispatch({ type: 'play' });
            return dispatch({ type: 'restoreHistory', state: { queue, index, seconds: now.currentTime }, play: true });
          }
          return dispatch({ type: 'setQueue', queue, index });
        }
        if (node.type === 'text' && node.hash) return push({ screen: 'pager', hash: node.hash, title: node.title, cursor: 0 });
        return notify(`${node.title}: open it in the web UI (${node.type} files are not shown in the terminal)`);
      case 'append':
      case 'playNextInQueue': {
        if (!node) return;
        const items = (node.type === 'folder' ? audioOf(node.children ?? []) : node.type === 'audio' ? [node] : []).map((n) => queueItem(n, data.work));
        if (!items.length) return notify('no audio to add');
        dispatch({ type: action === 'append' ? 'addToQueue' : 'playNext', items });
        return notify(`${action === 'append' ? 'added to the queue' : 'plays next'}: ${items.length === 1 ? items[0]!.title : `${items.length} tracks`}`);
      }
      case 'resume':
        if (!data.work.state) return notify('no play history for this work');
        dispatch({ type: 'restoreHistory', state: data.work.state, play: true });
        return notify('resumed play history');
      case 'rate': case 'progressMark': case 'review':
        return review.act(action);
      default:
    }
  }, !!data || !!error);
  // The playing (or paused) track is marked in its folder, as in the queue.
  const playerState = usePlayerState(player);
  const playingHash = playerState.queue[playerState.queueIndex]?.hash ?? null;
  const iconOf = (n: TrackNode) => (n.hash && n.hash === playingHash ? (playerState.playing ? '▶' : '‖') : ICON[n.type]);

  if (error) return <Text color="red">{error}</Text>;
  if (loading || !data) return <Text dimColor>loading…</Text>;
  return (
    <Box flexDirection="column" width={width}>
      {header.map((line, i) => <Text key={i} bold={i === 0} dimColor={i > 0}>{cutToWidth(line, width)}</Text>)}
      <Text color="cyan" wrap="truncate-start">{['ROOT', ...path].join(' / ')}</Text>
      <List
        items={nodes}
        cursor={cursor}
        height={rows}
        rowKey={(n, i) => n.hash ?? `${n.title}:${i}`}
        empty="empty folder"
        renderRow={(n, _i, selected) => (
          <Box width={width - 2}>
            <Box flexGrow={1} flexShrink={1}><Text inverse={selected} wrap="truncate-end">{`${iconOf(n)} ${n.title}`}</Text></Box>
            <Box flexShrink={0} marginLeft={1}>
              <Text dimColor>{n.type === 'folder' ? `${countItems(n)} items` : n.type === 'audio' ? formatDuration(n.duration ?? 0) : ''}</Text>
            </Box>
          </Box>
        )}
      />
    </Box>
  );
}

/** The header lines of a work: code and title; circle, rating, price, sales, release; tags; voice actors; history. */
function headerLines(w: Work): string[] {
  const lines = [`${formatWorkCode(w.id, w.code_prefix ?? 'RJ')}  ${w.title}`];
  const facts = [
    w.circle?.name ?? null,
    w.rate_count ? `★${w.rate_average_2dp.toFixed(2)} (${w.rate_count})` : null,
    w.price ? `¥${w.price}` : null,
    w.dl_count ? `Sales ${w.dl_count}` : null,
    w.release,
    w.userRating ? `mine ★${w.userRating}` : null,
    w.progress ? labelOf(PROGRESS_LABELS, w.progress) : null,
  ].filter(Boolean);
  if (facts.length) lines.push(facts.join(' · '));
  if (w.tags.length && w.tags[0]!.name !== null) lines.push('tags: ' + w.tags.map((t) => t.name).join(', '));
  if (w.vas.length) lines.push('cv: ' + w.vas.map((v) => v.name).join(', '));
  if (w.review_text) lines.push('review: ' + w.review_text.replace(/\s+/g, ' '));
  if (w.state?.queue.length) {
    const t = w.state.queue[w.state.index];
    lines.push(`history: ${w.state.index + 1}/${w.state.queue.length} ${t?.title ?? ''} at ${formatDuration(w.state.seconds)} (r resumes)`);
  }
  return lines;
}
