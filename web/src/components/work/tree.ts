/** Track tree helpers for the work page (spec 000 section 2 "File tree"). */
import type { QueueItem, TrackNode } from '@model';

/** The folder path (child indices) opened at load: a chain of single-child folders is auto-expanded. */
export function initialPath(root: TrackNode[]): number[] {
  const path: number[] = [];
  let level = root;
  while (level.length === 1 && level[0]!.type === 'folder') {
    path.push(0);
    level = level[0]!.children ?? [];
  }
  return path;
}

/** The folders along `path` (for breadcrumbs) and the items of the last one. */
export function resolvePath(root: TrackNode[], path: number[]): { folders: TrackNode[]; items: TrackNode[] } {
  const folders: TrackNode[] = [];
  let items = root;
  for (const i of path) {
    const f = items[i];
    if (!f || f.type !== 'folder') break;
    folders.push(f);
    items = f.children ?? [];
  }
  return { folders, items };
}

/** A queue item of an audio node. */
export function toQueueItem(node: TrackNode, workTitle: string): QueueItem {
  return { hash: node.hash!, title: node.title, workTitle: node.workTitle ?? workTitle, mediaStreamUrl: node.mediaStreamUrl, duration: node.duration };
}

/** Every hash of the audio files below a node (folder status). */
export function audioHashes(node: TrackNode): string[] {
  if (node.type === 'audio') return node.hash ? [node.hash] : [];
  return (node.children ?? []).flatMap(audioHashes);
}

/** The audio node of `hash` and the audio files of its folder (the queue a click in the tree plays), or null when the tree has none. */
export function findAudio(root: TrackNode[], hash: string): { node: TrackNode; folder: TrackNode[] } | null {
  const audios = root.filter((n) => n.type === 'audio');
  const node = audios.find((n) => n.hash === hash);
  if (node) return { node, folder: audios };
  for (const f of root) {
    const found = f.type === 'folder' ? findAudio(f.children ?? [], hash) : null;
    if (found) return found;
  }
  return null;
}
