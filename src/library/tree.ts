/**
 * The track tree of a work (spec 000 section 3, "Track tree node"), built from its
 * `files` rows. No folder rows are stored: folder nodes come from the '/'-separated
 * relpaths. Folders come before files; names sort naturally ('2' before '10').
 */
import type { Db } from '../db/index.js';
import { whereVisible, type Scope } from '../catalogue/visible.js';
import { formatTrackHash, mediaPath, type TrackNode } from '../model/index.js';
import type { FileType } from './filetypes.js';
import { extensionOf } from './filetypes.js';

/** A `files` row as the tree and the media routes read it (sizes in bytes, durations in seconds). */
export interface FileRow {
  id: number;
  work_id: number;
  relpath: string;
  type: FileType;
  size: number;
  duration: number | null;
  audio_file_id: number | null;
}

/** A lyric file linked to an audio file. */
export interface LyricRef { fileId: number; extension: 'lrc' | 'srt' | 'vtt' }

/** Lyric formats in order of preference when an audio file has several. */
const LYRIC_PREFERENCE: LyricRef['extension'][] = ['lrc', 'vtt', 'srt'];

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order of names: '2' < '10', case-insensitive, ties broken by code points. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Picks the preferred lyric among files linked to one audio file: lrc, then vtt, then srt.
 * Input: the lyric files' rows (any order). Output: the chosen lyric or null.
 */
export function pickLyric(lyrics: Pick<FileRow, 'id' | 'relpath'>[]): LyricRef | null {
  for (const extension of LYRIC_PREFERENCE) {
    const hit = lyrics
      .filter((f) => extensionOf(f.relpath) === extension)
      .sort((a, b) => compareNames(a.relpath, b.relpath))[0];
    if (hit) return { fileId: hit.id, extension };
  }
  return null;
}

interface FolderDraft { title: string; folders: Map<string, FolderDraft>; files: TrackNode[] }

/**
 * Builds the tree of one work from its files.
 * Input: the work's id and title, its `files` rows, and whether the hashes take the
 * trial form (`rj{workId}/{fileId}`, served under /api/fake/media). Output: the root's
 * children (folder nodes with `children`; file nodes with `hash`, `size`, `workTitle`,
 * `mediaStreamUrl`, `mediaDownloadUrl`; audio nodes also `duration` in seconds and,
 * when a lyric file is linked, `lyric` = that lyric's hash).
 */
export function buildTrackTree(work: { id: number; title: string }, files: FileRow[], opts: { trial?: boolean } = {}): TrackNode[] {
  const lyricsByAudio = new Map<number, FileRow[]>();
  for (const f of files) {
    if (f.audio_file_id == null) continue;
    const list = lyricsByAudio.get(f.audio_file_id) ?? [];
    list.push(f);
    lyricsByAudio.set(f.audio_file_id, list);
  }

  const root: FolderDraft = { title: '', folders: new Map(), files: [] };
  for (const f of files) {
    const parts = f.relpath.split('/').filter(Boolean);
    const name = parts.pop();
    if (!name) continue;
    let folder = root;
    for (const part of parts) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { title: part, folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    const hash = formatTrackHash(work.id, f.id, opts);
    const node: TrackNode = {
      type: f.type,
      title: name,
      hash,
      size: Number(f.size),
      workTitle: work.title,
      mediaStreamUrl: mediaPath('stream', hash),
      mediaDownloadUrl: mediaPath('download', hash),
    };
    if (f.type === 'audio') {
      node.duration = f.duration ?? 0;
      const lyric = pickLyric(lyricsByAudio.get(f.id) ?? []);
      if (lyric) node.lyric = formatTrackHash(work.id, lyric.fileId, opts);
    }
    folder.files.push(node);
  }
  return finish(root);
}

/** Turns a draft folder into its sorted children: folders first, then files. */
function finish(folder: FolderDraft): TrackNode[] {
  const folders = [...folder.folders.values()]
    .sort((a, b) => compareNames(a.title, b.title))
    .map((f): TrackNode => ({ type: 'folder', title: f.title, children: finish(f) }));
  const files = folder.files.sort((a, b) => compareNames(a.title, b.title));
  return [...folders, ...files];
}

/**
 * Reads a work's track tree from the database.
 * Input: a work id and the scope it is looked at in (default the library; the trial
 * scope answers trial hashes). Output: the tree (see buildTrackTree), or null when the
 * work is unknown, hidden or not in the scope (catalogue/visible.ts).
 */
export async function getTrackTree(db: Db, workId: number, scope: Scope = 'library'): Promise<TrackNode[] | null> {
  const work = await whereVisible(db('works').where({ id: workId }), scope).first('id', 'title');
  if (!work) return null;
  const files: FileRow[] = await db('files')
    .where({ work_id: workId })
    .select('id', 'work_id', 'relpath', 'type', 'size', 'duration', 'audio_file_id');
  return buildTrackTree(work, files, { trial: scope === 'trial' });
}
