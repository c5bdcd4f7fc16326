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
  const row = await whereVisible(db('files').join('works', 'works.id', 'files.work_id').where({ 'files.id': fileId, 'files.work_id': workId }), scope, { alias: 'works' })
    .first('files.relpath', 'files.type', 'works.dir');
  if (!row || !row.dir) return null;
  const dir = path.resolve(row.dir as string);
  const allowed = await resolveRoots(roots).then((r) => allowedFor(dir, r));
  return checkedFile(dir, allowed, { workId, fileId, relpath: row.relpath, type: row.type });
}

/**
 * Every file of a work visible in `scope` that resolves as resolveMediaFile resolves one
 * (inside the work folder and a root, a regular file), by relpath; files that do not
 * (missing, moved outside) are left out; with the work's code prefix (RJ, VJ, BJ). No
 * files for a work without a folder (a trial work not downloaded). Null when the work is
 * unknown, hidden or not in the scope. Input as resolveMediaFile.
 */
export async function resolveWorkFiles(db: Db, workId: number, roots: readonly { path: string }[], scope: Scope = 'library'): Promise<{ codePrefix: string; files: MediaFile[] } | null> {
  const work = await whereVisible(db('works').where('works.id', workId), scope, { alias: 'works' }).first('works.dir', 'works.code_prefix');
  if (!work) return null;
  if (!work.dir) return { codePrefix: String(work.code_prefix), files: [] };
  const rows: { id: number; relpath: string; type: FileType }[] = await db('files').where({ work_id: workId }).orderBy('relpath').select('id', 'relpath', 'type');
  const dir = path.resolve(work.dir as string);
  const allowed = await resolveRoots(roots).then((r) => allowedFor(dir, r));
  const files = await Promise.all(rows.map((r) => checkedFile(dir, allowed, { workId, fileId: r.id, relpath: r.relpath, type: r.type })));
  return { codePrefix: String(work.code_prefix), files: files.filter((f): f is MediaFile => f !== null) };
}

/** The file at `relpath` in work folder `dir`, when it stays inside the folder, its real path lies inside `allowed` and it is a regular file; else null. */
async function checkedFile(dir: string, allowed: readonly string[], f: Pick<MediaFile, 'workId' | 'fileId' | 'relpath' | 'type'>): Promise<MediaFile | null> {
  const joined = path.resolve(dir, ...String(f.relpath).split('/'));
  if (joined === dir || !isWithin(dir, joined)) return null;
  try {
    const realFile = await fs.realpath(joined);
    if (!insideAny(realFile, allowed)) return null;
    const stat = await fs.stat(realFile);
    if (!stat.isFile()) return null;
    return { ...f, name: path.basename(joined), path: realFile, size: stat.size, mtimeMs: stat.mtimeMs };
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
  const audio = await whereVisible(db('files').join('works', 'works.id', 'files.work_id').where({ 'files.id': fileId, 'files.work_id': workId }), scope, { alias: 'works' })
    .first('files.id');
  if (!audio) return null;
  const lyrics = await db('files').where({ work_id: workId, audio_file_id: fileId }).select('id', 'relpath');
  return { lyric: pickLyric(lyrics) };
}
