/**
 * Quick rescans (README.md "Quick rescans"): a work's folder times (the change time of the
 * work folder and of each of its sub-folders) as its last listing saw them, kept in
 * `work_folders`. When every one of them is unchanged, no entry of any of its folders was
 * added, removed or renamed since, and the work's file rows stand for its listing without
 * reading a folder or stating a file. What this cannot see: a file rewritten in place under
 * the same name (its folder's times do not change); a full scan (`audiolib scan --full`,
 * the server's scans) stats every file.
 */
import fsSync from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/index.js';

/** Folder relpath ('' = the work folder, '/' separated) -> ctime in ms since epoch (fractional). */
export type FolderTimes = Record<string, number>;

/**
 * A listing's folder times as they may be saved: null when a folder changed less than
 * `settleMs` before `listedAt` (ms since epoch; a change made later within the same
 * timestamp tick, 2 s on FAT, would keep its time) or when `times` is null (the work holds
 * links, whose targets change without any of its folders). Answers `times` otherwise.
 */
export function settledTimes(times: FolderTimes | null, listedAt: number, settleMs: number): FolderTimes | null {
  if (times === null) return null;
  for (const t of Object.values(times)) if (t >= listedAt - settleMs) return null;
  return times;
}

/**
 * Whether every folder of `times` under `workDir` is still a folder with the same change
 * time (one stat per folder, links followed). False as soon as one differs, is gone or
 * cannot be stated (the listing then tells why).
 */
export function foldersUnchanged(workDir: string, times: FolderTimes): boolean {
  try {
    for (const [rel, ctime] of Object.entries(times)) {
      const st = fsSync.statSync(rel === '' ? workDir : path.join(workDir, rel), { throwIfNoEntry: false });
      if (!st?.isDirectory() || st.ctimeMs !== ctime) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** Whether two sets of folder times are the same (either may be absent). */
export function sameTimes(a: FolderTimes | null | undefined, b: FolderTimes | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The saved folder times of the works `ids`, by work id (works without any are absent). */
export async function loadFolderTimes(db: Db, ids: number[]): Promise<Map<number, FolderTimes>> {
  const rows: { work_id: number; times: string }[] = await db('work_folders').whereIn('work_id', ids).select('work_id', 'times');
  return new Map(rows.map((r) => [Number(r.work_id), JSON.parse(r.times) as FolderTimes]));
}

/**
 * Saves (replaces) the folder times of works by work id, or deletes them where the value is
 * null; 500 works per statement. Works must exist (a foreign key).
 */
export async function saveFolderTimes(trx: Db, times: Map<number, FolderTimes | null>): Promise<void> {
  const rows = [...times].filter(([, t]) => t !== null).map(([id, t]) => ({ work_id: id, times: JSON.stringify(t) }));
  const gone = [...times].filter(([, t]) => t === null).map(([id]) => id);
  for (let i = 0; i < rows.length; i += 500) await trx('work_folders').insert(rows.slice(i, i + 500)).onConflict('work_id').merge();
  for (let i = 0; i < gone.length; i += 500) await trx('work_folders').whereIn('work_id', gone.slice(i, i + 500)).delete();
}
