/**
 * The folder phases of a scan (README.md in this folder, "Phases"), run by run.ts under
 * the scan lock it holds:
 *   walk   discover work folders under the roots (src/library/walk.ts)
 *   plan   which visible works vanished; the mass-removal guard (nothing written yet)
 *   sync   each work's files and durations, lyrics and cover, in its own transaction
 *          (src/library/work.ts), in parallel with a bound
 *   hide   the works whose folders vanished (removed_at), unless skipCleanup
 * `scanFolders` runs all four for a folder scan, `rescanLibraryWorks` the sync of every
 * visible work (lyric scan), `rescanWork` the sync of one work.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/index.js';
import { isConnectionLost } from '../../db/dialect/session.js';
import { discoverWorks } from '../../library/walk.js';
import { resolveRoots } from '../../library/link-roots.js';
import { loadFolderTimes, saveFolderTimes, type FolderTimes } from '../../library/folder-times.js';
import { syncWork, unchangedFolders, workContext, type WorkContext, type WorkTarget } from '../../library/work.js';
import { allWorkRows, fileRowsOf, workRow, type FileRow, type WorkRow } from '../../works/rows.js';
import { hideMissingWorks } from '../../works/hide.js';
import { Conflict, NotFound, WorkStatus, formatWorkCode, say, textOfError, type CodedText } from '../../model/index.js';
import { isVisibleRow } from '../../catalogue/visible.js';
import type { Reporter } from '../events.js';
import { ScanAbortedError, emptySummary } from '../summary.js';
import type { ScanLog, ScanOptions, ScanSummary, WorkRescan } from '../types.js';

/** Share of the visible works a scan may hide without `allowMassRemoval` (DESIGN section 4). */
export const MASS_REMOVAL_SHARE = 0.1;
/** Works synced at the same time. */
const WORK_CONCURRENCY = 8;
/** Works whose file rows are loaded with one query. */
const BATCH = 200;
/**
 * Quick mode: a listing's folder times are saved only when every folder changed at least
 * this long before (a change within the same timestamp tick, 2 s on FAT, keeps the time).
 */
const FOLDER_SETTLE_MS = 5000;

/** A scan refused before it changed anything: the mass-removal guard (`scan.massRemoval`, `scan.massRemovalRoot`). */
export class ScanError extends Conflict {
  constructor(text: CodedText) {
    super(text);
    this.name = 'ScanError';
  }
}

const isAbort = (err: unknown) => (err as Error)?.name === 'AbortError';

/** Whether `dir` is `root` or inside it. */
function isInside(dir: string, root: string): boolean {
  const rel = path.relative(path.resolve(root), dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Whether `dir` is an existing folder (false when it cannot be reached). */
const isFolder = (dir: string) => fs.stat(dir).then((s) => s.isDirectory(), () => false);

/**
 * Syncs a list of works (phase 3) with a bound on parallel works, updating `summary`
 * and streaming events. Works are processed in batches whose file rows load in one
 * query. Throws ScanAbortedError when the signal aborts (committed works stay), and the
 * error of a lost database connection (src/db/dialect/session.ts isConnectionLost) instead
 * of counting the works it hit as failed.
 */
async function syncWorks(ctx: WorkContext, targets: WorkTarget[], rowsById: Map<number, WorkRow>, summary: ScanSummary, report: Reporter): Promise<void> {
  report.total(targets.length);
  const one = async (target: WorkTarget, rows: FileRow[], saved: FolderTimes | undefined, toSave: Map<number, FolderTimes | null>) => {
    const logs: ScanLog[] = [];
    const log = (l: ScanLog) => {
      logs.push(l);
      report.task(target.id, target.code, l);
    };
    // Warnings are held back until the work turns out to need a task (added, updated, failed).
    const held: ScanLog[] = [];
    const holdLog = (l: ScanLog) => held.push(l);
    const row = rowsById.get(target.id);
    try {
      if (!row) log({ level: 'info', ...say('scan.newFolder', { path: target.dir }) });
      const outcome = await syncWork(ctx, target, row, rows, (l) => (logs.length > 0 ? log(l) : holdLog(l)), saved);
      let result: 'added' | 'updated' | 'skipped' = outcome.result;
      for (const link of outcome.skippedLinks) summary.skippedLinks.push({ work: target.code, ...link });
      if (outcome.times !== undefined) toSave.set(target.id, outcome.times);
      if (result !== 'skipped') {
        if (logs.length === 0) log({ level: 'info', ...say('scan.filesChanged', { path: target.dir }) });
        held.splice(0).forEach(log);
        const c = outcome.counts;
        log({ level: 'info', ...say(outcome.restored ? 'scan.filesSyncedRestored' : 'scan.filesSynced', { added: c.added, changed: c.changed, removed: c.removed }) });
      } else {
        held.splice(0).forEach(log);
      }
      if (outcome.restored) summary.restored++;
      summary[result]++;
      report.result(target.id, target.code, result);
    } catch (err) {
      // a lost database connection is no fault of the work: the scan stops (the run ends failed)
      if (isAbort(err) || isConnectionLost(err)) throw err;
      const text = textOfError(err);
      held.splice(0).forEach(log);
      log({ level: 'error', ...text });
      summary.failed++;
      summary.failures.push({ code: target.code, error: text.message });
      report.result(target.id, target.code, 'failed');
    }
  };
  for (let i = 0; i < targets.length; i += BATCH) {
    if (ctx.signal?.aborted) throw new ScanAbortedError(summary);
    let batch = targets.slice(i, i + BATCH);
    const times = ctx.quick ? await loadFolderTimes(ctx.db, batch.map((t) => t.id)) : new Map<number, FolderTimes>();
    if (ctx.quick) {
      // quick mode: works whose folders kept their times are skipped unread, their file rows unloaded
      batch = batch.filter((target) => {
        if (!unchangedFolders(ctx, target, rowsById.get(target.id), times.get(target.id))) return true;
        summary.skipped++;
        report.result(target.id, target.code, 'skipped');
        return false;
      });
    }
    const fileRows = await fileRowsOf(ctx.db, batch.map((t) => t.id));
    const byWork = new Map<number, FileRow[]>();
    for (const r of fileRows) {
      const list = byWork.get(r.work_id);
      if (list) list.push(r);
      else byWork.set(r.work_id, [r]);
    }
    const toSave = new Map<number, FolderTimes | null>();
    let next = 0;
    const lane = async () => {
      while (next < batch.length) {
        if (ctx.signal?.aborted) return;
        const target = batch[next++]!;
        await one(target, byWork.get(target.id) ?? [], times.get(target.id), toSave);
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(WORK_CONCURRENCY, batch.length) }, lane));
    // the folder times of the works synced (committed): one write per batch
    if (toSave.size > 0) await ctx.write((trx) => saveFolderTimes(trx, toSave));
    const failure = lanes.find((l) => l.status === 'rejected') as PromiseRejectedResult | undefined;
    if (failure && !isAbort(failure.reason)) throw failure.reason;
    if (failure || ctx.signal?.aborted) throw new ScanAbortedError(summary);
  }
}

/** Loads every work row of the library keyed by id. */
async function loadWorkRows(db: Db): Promise<Map<number, WorkRow>> {
  const rows = await allWorkRows(db);
  return new Map(rows.map((r) => [r.id, r]));
}

/** What the folder phases need of a folder scan's options (the runner's lock gives the signal). */
export type FolderScanOptions = Omit<ScanOptions, 'signal' | 'onEvent'>;

/**
 * A folder scan of the roots: walk, plan, sync, hide (the file comment). Answers the summary:
 * added (new works), updated (files or folder changed, restored works), skipped
 * (unchanged), failed (with errors, by work code), duplicates (folders of a code already
 * kept), removed (hidden: folder vanished), restored (hidden works whose folder is back),
 * skippedLinks (links whose real path lies outside `roots` and `libraryRoots`, not scanned).
 * Throws ScanError (mass removal) BEFORE writing anything when more than 10% of the
 * visible works under the roots would be hidden or a root holding works cannot be read
 * (unless allowMassRemoval or skipCleanup), ScanAbortedError when `signal` aborts
 * (committed works stay). Works hidden by an admin (removed_reason 'deleted') stay hidden
 * and are skipped. `quick` compares a work whose folders kept their saved times from its
 * rows without listing it (src/library/README.md "Quick rescans"; misses a file rewritten
 * in place).
 */
export async function scanFolders(db: Db, opts: FolderScanOptions, report: Reporter, signal: AbortSignal | undefined): Promise<ScanSummary> {
  const summary = emptySummary();
  const roots = opts.roots.map((r) => ({ name: r.name, path: path.resolve(r.path) }));
  report.main({ level: 'info', ...(roots.length ? say('scan.scanning', { roots: roots.map((r) => `${r.name} (${r.path})`).join(', ') }) : say('scan.scanningNothing')) });
  const linkRoots = await resolveRoots([...roots, ...(opts.libraryRoots ?? [])]);

  // walk
  const found = await discoverWorks(roots, opts.maxDepth, linkRoots.map((r) => r.real), report.main, signal).catch((err) => {
    throw isAbort(err) ? new ScanAbortedError(summary) : err;
  });
  report.main({ level: 'info', ...say('scan.found', { count: found.works.length }) });
  summary.skippedLinks.push(...found.skippedLinks);
  for (const d of found.duplicates) {
    summary.duplicates++;
    summary.duplicateFolders.push({ code: d.code, kept: d.kept, duplicate: d.duplicate });
    report.duplicate({ id: d.id, code: d.code, kept: d.kept, duplicate: d.duplicate });
  }

  // plan: the guard runs before anything is written
  const rowsById = await loadWorkRows(db);
  const foundIds = new Set(found.works.map((w) => w.id));
  const visible = [...rowsById.values()].filter((r) => isVisibleRow(r) && r.dir !== null && roots.some((root) => isInside(r.dir!, root.path)));
  // not found is not gone: a folder deeper than this scan looks (found by a scan of a
  // sub-folder) or one the walk could not enter still holds its work
  const vanished: WorkRow[] = [];
  for (const r of visible) if (!foundIds.has(r.id) && !(await isFolder(r.dir!))) vanished.push(r);
  if (!opts.skipCleanup && !opts.allowMassRemoval && vanished.length > 0) {
    const lostRoot = found.unreadableRoots.find(({ root }) => vanished.some((r) => isInside(r.dir!, root.path)));
    if (vanished.length > visible.length * MASS_REMOVAL_SHARE || lostRoot) {
      const counts = { count: vanished.length, total: visible.length };
      const text = lostRoot ? say('scan.massRemovalRoot', { name: lostRoot.root.name, path: lostRoot.root.path, reason: lostRoot.error, ...counts }) : say('scan.massRemoval', counts);
      report.main({ level: 'error', ...text });
      throw new ScanError(text);
    }
  }

  // sync
  const targets: WorkTarget[] = [];
  for (const w of found.works) {
    const row = rowsById.get(w.id);
    if (row?.removed_reason === 'deleted') {
      report.main({ level: 'info', ...say('scan.deletedStaysHidden', { code: w.code }) });
      summary.skipped++;
      continue;
    }
    targets.push({ id: w.id, prefix: w.prefix, code: w.code, dir: w.dir, rootName: w.root.name, roots: linkRoots, real: w.real });
  }
  const quick = opts.quick ? { settleMs: opts.folderSettleMs ?? FOLDER_SETTLE_MS } : undefined;
  const ctx = workContext(db, { concurrency: opts.durationConcurrency ?? 8, signal, quick });
  try {
    await syncWorks(ctx, targets, rowsById, summary, report);
  } finally {
    await ctx.close();
  }

  // hide
  if (!opts.skipCleanup && vanished.length > 0) {
    summary.removed += await ctx.write((trx) => hideMissingWorks(trx, vanished.map((r) => r.id)));
    const codes = `${vanished.slice(0, 20).map((r) => formatWorkCode(r.id, r.code_prefix)).join(', ')}${vanished.length > 20 ? ', ...' : ''}`;
    report.main({ level: 'warn', ...say('scan.hidMissing', { count: summary.removed, codes }) });
  }
  report.summary(summary);
  return summary;
}

/**
 * The library work `workId` a one-work rescan may scan (its row), checked before the
 * run takes the lock. Throws NotFound for an unknown work, one without a folder or one
 * not in the library (a trial work's folder is the trial downloader's).
 */
export async function rescannableWork(db: Db, workId: number): Promise<WorkRow> {
  const row = await workRow(db, workId);
  if (!row || row.dir === null || row.status !== WorkStatus.InLibrary || row.removed_reason === 'deleted') throw new NotFound(say('work.notInLibrary', { code: formatWorkCode(workId) }));
  return row;
}

/**
 * Rescans one work's folder (`row` from rescannableWork). Answers `{changed, result}`:
 * 'updated' or 'skipped' after syncing its files, 'failed' when the folder cannot be
 * read (error in `error`), 'removed' when the folder is gone (the work is hidden with
 * removed_reason 'missing'; user data stays). Links may lead into `libraryRoots` (the
 * configured roots; src/library/README.md "Symlinks"); a folder that leads elsewhere fails.
 */
export async function rescanWork(db: Db, row: WorkRow, libraryRoots: readonly { path: string }[], report: Reporter, signal: AbortSignal | undefined): Promise<{ answer: WorkRescan; summary: ScanSummary }> {
  const summary = emptySummary();
  const dir = row.dir!;
  if (!(await isFolder(dir))) {
    summary.removed = await hideMissingWorks(db, [row.id]);
    return { answer: { changed: summary.removed > 0, result: 'removed' }, summary };
  }
  const code = formatWorkCode(row.id, row.code_prefix);
  const target: WorkTarget = { id: row.id, prefix: row.code_prefix, code, dir, rootName: row.root_folder ?? path.basename(path.dirname(dir)), roots: await resolveRoots(libraryRoots) };
  const ctx = workContext(db, { concurrency: 4, signal, workers: 0 });
  await syncWorks(ctx, [target], new Map([[row.id, row]]), summary, report);
  if (summary.failed > 0) return { answer: { changed: false, result: 'failed', error: summary.failures[0]!.error }, summary };
  return { answer: summary.skipped > 0 ? { changed: false, result: 'skipped' } : { changed: true, result: 'updated' }, summary };
}

/**
 * Lyric scan ('scan changes of files inside works', PERFORM_LYRIC_SCAN): re-syncs the
 * files of every visible library work (new and removed lyric files included), re-links
 * lyrics and recomputes lyric_status and covers, without walking the roots for new
 * works and without hiding anything. A work whose folder is missing is reported as
 * failed. Links may lead into `libraryRoots` as in rescanWork. Answers the summary
 * (added stays 0). Throws ScanAbortedError like scanFolders.
 */
export async function rescanLibraryWorks(db: Db, opts: Pick<ScanOptions, 'durationConcurrency' | 'libraryRoots'>, report: Reporter, signal: AbortSignal | undefined): Promise<ScanSummary> {
  const summary = emptySummary();
  const rowsById = await loadWorkRows(db);
  const works = [...rowsById.values()].filter((r) => isVisibleRow(r) && r.dir !== null).sort((a, b) => a.id - b.id);
  report.main({ level: 'info', ...say('scan.rescanning', { count: works.length }) });
  const roots = await resolveRoots(opts.libraryRoots ?? []);
  const targets = works.map((r) => ({ id: r.id, prefix: r.code_prefix, code: formatWorkCode(r.id, r.code_prefix), dir: r.dir!, rootName: r.root_folder ?? '', roots }));
  const ctx = workContext(db, { concurrency: opts.durationConcurrency ?? 8, signal });
  try {
    await syncWorks(ctx, targets, rowsById, summary, report);
  } finally {
    await ctx.close();
  }
  report.summary(summary);
  return summary;
}
