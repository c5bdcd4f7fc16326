/**
 * Resolving a track hash '{workId}/{fileId}' to a file on disk, safely (DESIGN
 * section 6): no path ever comes from the client; the id pair is looked up in the
 * database, joined to the work's folder (the relpath must stay inside it), and the
 * real path (symlinks resolved) must lie inside a library root's real path, the same
 * rule the scanner follows (link-roots.ts, README.md "Symlinks"). Also the lyric
 * linked to an audio file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.js';
import { trialDir, type Config } from '../config/index.js';
import { whereVisible, type Scope } from '../catalogue/visible.js';
import type { FileType } from './filetypes.js';
import { pickLyric, type LyricRef } from './tree.js';
import { allowedFor, insideAny, isWithin, resolveRoots } from './link-roots.js';

/** A file ready to serve. */
export interface MediaFile {
  workId: number;
  fileId: number;
  /** '/'-separated path inside the work folder. */
  relpath: string;
  /** Base name, for Content-Disposition and content types. */
  name: string;
  type: FileType;
  /** Real absolute path (symlinks resolved), inside a library root's real folder. */
  path: string;
  /** Bytes, from the file system at resolve time. */
  size: number;
  /** Modification time, ms since epoch, from the file system. */
  mtimeMs: number;
}

/**
 * The folders the files of `scope` may lie in: the library roots (config rootFolders), or
 * the trial folder (config trialFolder, in the data directory `dataDir` unless absolute).
 * Read from `config` on each call, so a changed config applies at once.
 */
export function scopeRoots(config: Pick<Config, 'rootFolders' | 'trialFolder'>, dataDir: string, scope: Scope): readonly { path: string }[] {
  return scope === 'trial' ? [{ path: trialDir(dataDir, config) }] : config.rootFolders;
}

/**
 * Resolves a file of a work visible in `scope` (catalogue/visible.ts; default the library).
 * Input: work id, file id, and the folders its files may lie in: the configured library
 * roots (config rootFolders), or for the trial scope the trial folder (config trialFolder).
 * Output: the file, or null when the work is unknown, hidden or not in the scope,
 * the file is not in that work, the file is missing or not a regular file, its relpath
 * leads outside the work folder, or its real path (the work folder or a symlink
 * resolved) lies outside every root (a work under none of the roots: outside its
 * parent folder).
 */
export async function resolveMediaFile(db: Db, workId: number, fileId: number, roots: readonly { path: string }[], scope: Scope = 'library'): Promise<MediaFile | null> {
  const row = await whereVisible(db('files').join('works', 'works.id', 'files.work_id').where({ 'files.id': fileId, 'files.work_id': workId }), 'works', scope)
    .first('files.relpath', 'files.type', 'works.dir');
  if (!row || !row.dir) return null;
  const dir = path.resolve(row.dir as string);
  const joined = path.resolve(dir, ...String(row.relpath).split('/'));
  if (joined === dir || !isWithin(dir, joined)) return null;
  try {
    const [allowed, realFile] = await Promise.all([resolveRoots(roots).then((r) => allowedFor(dir, r)), fs.realpath(joined)]);
    if (!insideAny(realFile, allowed)) return null;
    const stat = await fs.stat(realFile);
    if (!stat.isFile()) return null;
    return {
      workId,
      fileId,
      relpath: row.relpath,
      name: path.basename(joined),
      type: row.type,
      path: realFile,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
    };
  } catch {
    return null;
  }
}

/**
 * The lyric linked to an audio file (files.audio_file_id), preferring lrc, then vtt,
 * then srt. Output: `{lyric}` (null when it has none), or null when the audio file is
 * not a file of that work visible in `scope` (default the library).
 */
export async function getAudioLyric(db: Db, workId: number, fileId: number, scope: Scope = 'library'): Promise<{ lyric: LyricRef | null } | null> {
  const audio = await whereVisible(db('files').join('works', 'works.id', 'files.work_id').where({ 'files.id': fileId, 'files.work_id': workId }), 'works', scope)
    .first('files.id');
  if (!audio) return null;
  const lyrics = await db('files').where({ work_id: workId, audio_file_id: fileId }).select('id', 'relpath');
  return { lyric: pickLyric(lyrics) };
}
