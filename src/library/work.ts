/**
 * Phase 3 of a scan (README.md): syncing one work folder into the catalogue. Lists the
 * folder, compares with the work's `files` rows (size + mtime), reads durations of new
 * and changed audio only, then writes the work row, its files, lyric links, cover and
 * lyric_status in one transaction (shared with other works' writes: group-write.ts),
 * through the rows' owner (src/works/sync.ts). Rows of unchanged files keep their ids and
 * durations.
 */
import path from 'node:path';
import type { Db } from '../db/index.js';
import { Conflict, say, withLyricPart, WorkStatus } from '../model/index.js';
import { fileTypeOf } from './filetypes.js';
import { durationReader, type DurationReader } from './duration-pool.js';
import { linkLyrics } from './lyrics-link.js';
import { pickCover } from './cover.js';
import { titleFromFolderName } from './title.js';
import { listWorkFiles, type WorkListing } from './walk.js';
import { foldersUnchanged, sameTimes, settledTimes, type FolderTimes } from './folder-times.js';
import type { LinkRoot } from './link-roots.js';
import { limited } from './limit.js';
import { groupWriter, type GroupWriter } from './group-write.js';
import type { ScanLog } from './types.js';
import type { FileRow, WorkRow } from '../works/rows.js';
import { deleteFileRows, hasStatus, insertFileRows, insertScannedWork, linkFiles, setDerived, updateFileRow, updateScannedWork, type SyncedWorkFields } from '../works/sync.js';

/**
 * What to sync: the work's id, prefix, shown code, folder, root name, and the roots its
 * links may lead into. `keepStatus` marks a trial folder (src/trial): the row must exist
 * with that status and keeps it (the write is refused with Conflict when the status
 * changed meanwhile), its title stays; without it the folder is a library folder and the
 * work becomes status 3 (in the library) whatever its trial state was. `real` is the
 * folder's real path when the walk found it (spares resolving it again).
 */
export interface WorkTarget { id: number; prefix: string; code: string; dir: string; rootName: string; roots: readonly LinkRoot[]; keepStatus?: number; real?: string }

export interface WorkContext {
  db: Db;
  /** Runs a write function in a transaction, grouped with those waiting (group-write.ts). */
  write: GroupWriter;
  /** Bounded duration reader shared by the works processed in parallel. */
  duration: (file: string, size: number) => ReturnType<DurationReader['read']>;
  signal?: AbortSignal;
  /**
   * Quick mode (folder-times.ts): a work whose saved folder times are all unchanged is
   * compared from its rows without being listed; listings save their folder times once
   * `settleMs` old. Absent: every work is listed and folder times are left as they are.
   */
  quick?: { settleMs: number };
  /** Stops the duration workers; call once the works are synced. */
  close(): Promise<void>;
}

/**
 * Makes the shared parts of a WorkContext: a group writer and a duration reader
 * bounded to `concurrency` reads in flight, in `workers` threads (duration-pool.ts;
 * default one per core but one, 0 = this thread). `quick` turns quick mode on.
 */
export function workContext(db: Db, { concurrency, signal, workers, quick }: { concurrency: number; signal?: AbortSignal; workers?: number; quick?: { settleMs: number } }): WorkContext {
  const reader = durationReader(workers);
  return { db, write: groupWriter(db), duration: limited(concurrency, reader.read), signal, quick, close: reader.close };
}

export interface WorkOutcome {
  result: 'added' | 'updated' | 'skipped';
  restored: boolean;
  counts: { added: number; changed: number; removed: number };
  /** Links in the folder that lead outside the library roots (not listed). */
  skippedLinks: WorkListing['skippedLinks'];
  /**
   * Quick mode: the folder times to save for the work now that its sync is committed
   * (null = delete the saved ones; undefined = leave them). The caller saves them in bulk
   * (folder-times.ts saveFolderTimes): saved after the rows, a crash in between only
   * makes the next scan read the work again.
   */
  times?: FolderTimes | null;
}

/**
 * The fields of the work row that a sync of `target` sets: all of them for a new work;
 * for a known one those that differ (folder, root, prefix, title from the folder name while
 * the metadata comes from the folder, library status, and the removal cleared when it was
 * hidden as missing). Empty = the row stays as it is.
 */
function workFieldsOf(target: WorkTarget, row: WorkRow | undefined): SyncedWorkFields {
  const library = target.keepStatus === undefined;
  const title = titleFromFolderName(path.basename(target.dir), target.code);
  const fields: SyncedWorkFields = {};
  if (!row || row.dir !== target.dir) fields.dir = target.dir;
  if (!row || row.root_folder !== target.rootName) fields.root_folder = target.rootName;
  if (!row || row.code_prefix !== target.prefix) fields.code_prefix = target.prefix;
  if (library && (!row || (row.metadata_source === 'folder' && row.title !== title))) fields.title = title;
  if (library && (!row || row.status !== WorkStatus.InLibrary)) fields.status = WorkStatus.InLibrary;
  if (row && row.removed_at !== null && row.removed_reason === 'missing') Object.assign(fields, { removed_at: null, removed_reason: null });
  return fields;
}

/**
 * Quick mode (README.md "Quick rescans"): whether the work is unchanged without listing
 * it: quick mode is on, its row would stay as it is, and every folder of its saved folder
 * times (`saved`) kept its change time. One stat per folder; a file rewritten in place
 * under the same name is not seen.
 */
export function unchangedFolders(ctx: WorkContext, target: WorkTarget, row: WorkRow | undefined, saved: FolderTimes | undefined): boolean {
  return !!ctx.quick && !!saved && !!row && Object.keys(workFieldsOf(target, row)).length === 0 && foldersUnchanged(target.dir, saved);
}

/**
 * Syncs one work folder. `row` is the work's current row (undefined when new) and
 * `rows` its current files; `saved` its saved folder times (quick mode: the listing's
 * times replace them once settled, folder-times.ts). Answers added (new to the library),
 * updated (anything changed, restored included) or skipped. Throws when the folder cannot
 * be read or the write fails (the caller marks the work failed; nothing of it was
 * written), or an AbortError when the signal aborts before the write.
 */
export async function syncWork(ctx: WorkContext, target: WorkTarget, row: WorkRow | undefined, rows: FileRow[], log: (l: ScanLog) => void, saved?: FolderTimes): Promise<WorkOutcome> {
  const { signal, quick } = ctx;
  const listedAt = Date.now();
  const listing = await listWorkFiles(target.dir, target.roots, log, signal, { real: target.real, recordFolders: !!quick });
  const { files: found, skippedLinks } = listing;
  // folder times to save; undefined = leave the saved ones as they are
  let times = quick ? settledTimes(listing.folders ?? null, listedAt, quick.settleMs) : undefined;
  if (sameTimes(times, saved)) times = undefined;
  const existing = new Map(rows.map((r) => [r.relpath, r]));
  const fresh: { relpath: string; abs: string; size: number; mtime: number; type: string }[] = [];
  const changed: { row: FileRow; abs: string; size: number; mtime: number; type: string }[] = [];
  const seen = new Set<string>();
  for (const f of found) {
    seen.add(f.relpath);
    const type = fileTypeOf(f.relpath);
    const old = existing.get(f.relpath);
    if (!old) fresh.push({ ...f, type });
    else if (Number(old.size) !== f.size || Number(old.mtime) !== f.mtime || old.type !== type) changed.push({ row: old, abs: f.abs, size: f.size, mtime: f.mtime, type });
  }
  const vanished = rows.filter((r) => !seen.has(r.relpath));

  const library = target.keepStatus === undefined;
  const isNew = !row || row.dir === null || (library && row.status !== WorkStatus.InLibrary);
  const restored = !!row && row.removed_at !== null && row.removed_reason === 'missing';
  const workFields = workFieldsOf(target, row);

  // Nothing on disk changed: links, cover and lyric status can be checked without writing.
  const fileChanges = fresh.length + changed.length + vanished.length;
  if (fileChanges === 0 && Object.keys(workFields).length === 0 && row) {
    const derived = derive(rows, row.lyric_status);
    const linksSame = rows.every((r) => (derived.links.get(r.id) ?? null) === (r.audio_file_id ?? null));
    if (linksSame && derived.coverId === (row.cover_file_id ?? null) && derived.lyricStatus === row.lyric_status) {
      return { result: 'skipped', restored: false, counts: { added: 0, changed: 0, removed: 0 }, skippedLinks, times };
    }
  }

  // Durations of new and changed audio, read in parallel (bounded), before the write.
  const durations = new Map<string, number | null>();
  await Promise.all([...fresh, ...changed.map((c) => ({ ...c, relpath: c.row.relpath }))].filter((f) => f.type === 'audio').map(async (f) => {
    signal?.throwIfAborted();
    const { duration, error } = await ctx.duration(f.abs, f.size);
    if (error) log({ level: 'warn', ...say('scan.noDuration', { file: f.relpath, reason: error }) });
    durations.set(f.relpath, duration);
  }));
  signal?.throwIfAborted();

  await ctx.write(async (trx) => {
    signal?.throwIfAborted(); // checked again here: a write may wait in the queue behind others
    if (!library && !(await hasStatus(trx, target.id, target.keepStatus!))) {
      throw new Conflict(say('trial.leftCatalogue', { code: target.code }));
    }
    if (!row) await insertScannedWork(trx, target.id, workFields);
    else if (Object.keys(workFields).length > 0 || fileChanges > 0) await updateScannedWork(trx, target.id, workFields);
    await deleteFileRows(trx, vanished.map((r) => r.id));
    for (const c of changed) {
      await updateFileRow(trx, c.row.id, { size: c.size, mtime: c.mtime, type: c.type, duration: c.type === 'audio' ? durations.get(c.row.relpath) ?? null : null });
    }
    const inserts = fresh.map((f) => ({ work_id: target.id, relpath: f.relpath, type: f.type, size: f.size, mtime: f.mtime, duration: f.type === 'audio' ? durations.get(f.relpath) ?? null : null }));
    // the work's rows as they now are, built in memory: kept rows, changed rows, inserted rows with their new ids
    const gone = new Set(vanished.map((r) => r.id));
    const changedById = new Map(changed.map((c) => [c.row.id, c]));
    const current: FileRow[] = rows.filter((r) => !gone.has(r.id)).map((r) => {
      const c = changedById.get(r.id);
      return c ? { ...r, size: c.size, mtime: c.mtime, type: c.type } : r;
    });
    for (let i = 0; i < inserts.length; i += 100) {
      const chunk = inserts.slice(i, i + 100);
      const ids = await insertFileRows(trx, chunk);
      const idOf = new Map(ids.map((r) => [r.relpath, r.id]));
      for (const f of chunk) current.push({ ...f, id: idOf.get(f.relpath)!, audio_file_id: null });
    }

    const derived = derive(current, row?.lyric_status ?? '');
    const relinked = current.filter((r) => (derived.links.get(r.id) ?? null) !== (r.audio_file_id ?? null));
    await linkFiles(trx, relinked.map((r) => [r.id, derived.links.get(r.id) ?? null] as const));
    if (!row || derived.coverId !== (row.cover_file_id ?? null) || derived.lyricStatus !== row.lyric_status) {
      await setDerived(trx, target.id, derived.coverId, derived.lyricStatus);
    }
  });
  const counts = { added: fresh.length, changed: changed.length, removed: vanished.length };
  return { result: isNew ? 'added' : 'updated', restored, counts, skippedLinks, times };
}

/** Lyric links (lyric file id -> audio file id), cover file id and lyric_status from a work's file rows. */
function derive(rows: FileRow[], lyricStatus: string): { links: Map<number, number>; coverId: number | null; lyricStatus: string } {
  const sorted = [...rows].sort((a, b) => (a.relpath < b.relpath ? -1 : a.relpath > b.relpath ? 1 : 0));
  const idOf = new Map(sorted.map((r) => [r.relpath, r.id]));
  const links = new Map<number, number>();
  for (const [lyric, audio] of linkLyrics(sorted.map((r) => r.relpath))) links.set(idOf.get(lyric)!, idOf.get(audio)!);
  const cover = pickCover(sorted);
  return { links, coverId: cover === null ? null : idOf.get(cover)!, lyricStatus: withLyricPart(lyricStatus, 'local', links.size > 0) };
}
