/**
 * The scan runner (README.md in this folder, "The run"): every scan starts here, from
 * `audiolib scan` and `audiolib trial fetch` (src/cli), the scanner page and the cron
 * schedule (src/server/scan-manager.ts, schedule.ts) and POST /api/work/scan/:id. A run
 * takes the scan lock once (lock.ts), runs its mode's phases in order (phases/), reports
 * them as `ScanEvent`s (events.ts) and records its end in its scan_runs row:
 *   scan     walk, plan, sync, hide; then, with `fetch`, the metadata of new works
 *   lyrics   sync every visible work (files, lyrics, covers) without walking the roots
 *   refresh  the dynamic info (sales, ratings, price, rank) of every work
 *   work     sync one work; then, with `fetch`, its metadata
 *   metadata the metadata of every work still without it
 *   trial    read the store's new-release listing into the trial catalogue, then the
 *            metadata of trial works without it
 */
import type { Db } from '../db/index.js';
import type { Config } from '../config/index.js';
import { formatWorkCode, type TrialFetchSummary } from '../model/index.js';
import { acquireScanLock, type ScanKind, type ScanLock } from './lock.js';
import { reporter, type ScanEvent } from './events.js';
import { ScanAbortedError, recordedCounts } from './summary.js';
import { rescanLibraryWorks, rescannableWork, rescanWork, scanFolders, type FolderScanOptions } from './phases/folders.js';
import { fetchMetadataPhase, refreshPhase, type MetadataSummary } from './phases/metadata.js';
import { readTrialListing } from './phases/trial.js';
import type { ScanOptions, ScanRoot, ScanSummary, WorkRescan } from './types.js';

/**
 * What a run of `runScan` scans: `scan` the roots (new, changed and vanished works; `quick`:
 * works whose folders kept their change times are not read, src/library/README.md "Quick
 * rescans"), `lyrics` the files and lyrics of the catalogue's works without walking the
 * roots, `refresh` the dynamic info of every work from the store.
 */
export type ScanMode = { kind: 'scan'; roots: ScanRoot[]; allowMassRemoval?: boolean; quick?: boolean } | { kind: 'lyrics' } | { kind: 'refresh' };

export interface RunOptions {
  /** Fetch the metadata of new and not-yet-fetched works after a folder or one-work scan (default: config fetchMetadata). */
  fetch?: boolean;
  /** Aborting stops the run (within 2 s); what was committed stays. */
  signal?: AbortSignal;
  onEvent?: (e: ScanEvent) => void;
}

/** What a run's phases share: the lock's signal (a kill or the loss of the lock) and where events go. */
interface Run { signal: AbortSignal; emit: (e: ScanEvent) => void }

/**
 * Runs `phases` under the scan lock for a run of `kind` and records its end: finished
 * with the counts `phases` answer, killed (a kill; `ScanAbortedError` with the counts so
 * far) or failed with the error. Throws ScanLockedError when another scan runs, then
 * what the phases throw (ScanLockLostError once the lock was lost).
 */
async function withRun<T>(db: Db, kind: ScanKind, opts: RunOptions, phases: (run: Run) => Promise<{ answer: T; counts: unknown }>): Promise<T> {
  const lock: ScanLock = await acquireScanLock(db, kind, opts.signal);
  try {
    const { answer, counts } = await phases({ signal: lock.signal, emit: opts.onEvent ?? (() => undefined) });
    await lock.release('finished', { counts });
    return answer;
  } catch (err) {
    if (err instanceof ScanAbortedError) await lock.release('killed', { counts: recordedCounts(err.summary), reason: 'killed' });
    else await lock.release(opts.signal?.aborted ? 'killed' : 'failed', { reason: (err as Error).message });
    throw lock.errorOf(err);
  }
}

/** The metadata fetch of a run (`workIds`, else every pending work), reported as the `fetch` phase and a `metadata` event. */
async function fetchPhase(db: Db, config: Config, dataDir: string, run: Run, workIds?: number[]): Promise<MetadataSummary> {
  const summary = await fetchMetadataPhase(db, config, dataDir, reporter('fetch', run.emit), { workIds, signal: run.signal });
  run.emit({ type: 'metadata', summary });
  return summary;
}

/** A metadata summary as a run records it. */
const metadataCounts = ({ ok, failed, unknown, unreachable }: MetadataSummary) => ({ ok, failed, unknown, unreachable });

/**
 * Runs a scan of `mode` (config scannerMaxRecursionDepth, skipCleanup, rootFolders), then
 * for a folder scan the metadata fetch when `fetch` is on, streaming ScanEvents to
 * `opts.onEvent`. Answers the scan's summary, plus `metadata` when the fetch ran. Throws
 * ScanLockedError (another scan runs), ScanError (the mass-removal guard; nothing
 * written), ScanAbortedError (killed during the scan; its `summary` counts the committed
 * works), the signal's reason (killed during the fetch or a refresh).
 */
export async function runScan(db: Db, config: Config, dataDir: string, mode: ScanMode, opts: RunOptions = {}): Promise<{ summary: ScanSummary; metadata?: MetadataSummary }> {
  const kind: ScanKind = mode.kind;
  return withRun<{ summary: ScanSummary; metadata?: MetadataSummary }>(db, kind, opts, async (run) => {
    const report = reporter('scan', run.emit);
    if (mode.kind === 'lyrics') {
      const summary = await rescanLibraryWorks(db, { libraryRoots: config.rootFolders }, report, run.signal);
      return { answer: { summary }, counts: recordedCounts(summary) };
    }
    if (mode.kind === 'refresh') {
      const summary = await refreshPhase(db, config, report, run.signal);
      return { answer: { summary }, counts: summary };
    }
    const folders: FolderScanOptions = { roots: mode.roots, libraryRoots: config.rootFolders, maxDepth: config.scannerMaxRecursionDepth, allowMassRemoval: !!mode.allowMassRemoval, quick: !!mode.quick, skipCleanup: config.skipCleanup };
    const summary = await scanFolders(db, folders, report, run.signal);
    if (!(opts.fetch ?? config.fetchMetadata)) return { answer: { summary }, counts: recordedCounts(summary) };
    const metadata = await fetchPhase(db, config, dataDir, run);
    return { answer: { summary, metadata }, counts: { ...recordedCounts(summary), metadata: metadataCounts(metadata) } };
  });
}

/**
 * Rescans one work's folder, then fetches its metadata when `fetch` is on and the work
 * is still there (not failed, not removed). Answers `{code, changed, result, error?,
 * metadata?}` (code as shown, 'RJ01012345'). Throws NotFound (`work.notInLibrary`) for a
 * work not in the library, else like `runScan`.
 */
export async function runWorkScan(db: Db, config: Config, dataDir: string, workId: number, opts: RunOptions = {}): Promise<{ code: string } & WorkRescan & { metadata?: MetadataSummary }> {
  const row = await rescannableWork(db, workId);
  return withRun<{ code: string } & WorkRescan & { metadata?: MetadataSummary }>(db, 'work', opts, async (run) => {
    const { answer, summary } = await rescanWork(db, row, config.rootFolders, reporter('scan', run.emit), run.signal);
    const code = formatWorkCode(workId, row.code_prefix);
    const fetch = (opts.fetch ?? config.fetchMetadata) && answer.result !== 'failed' && answer.result !== 'removed';
    if (!fetch) return { answer: { code, ...answer }, counts: recordedCounts(summary) };
    const metadata = await fetchPhase(db, config, dataDir, run, [workId]);
    return { answer: { code, ...answer, metadata }, counts: { ...recordedCounts(summary), metadata: metadataCounts(metadata) } };
  });
}

/**
 * The trial crawler (src/trial/README.md "The crawl"): the `scan` phase reads the
 * store's new-release listing and adds each work the catalogue does not know with status
 * 0 (result `added`; known works, disliked ones included, end `skipped`); the `fetch`
 * phase fetches the metadata of every trial work still without it. Answers `{listed,
 * added, skipped, metadata: {ok, failed, unknown, unreachable}, failures}` (failures:
 * works whose metadata could not be had for a reason that may pass, `metadata: ERROR`).
 * Throws ScanLockedError when a scan runs, FetchError when the listing cannot be read
 * (nothing added), the signal's reason when aborted (works added before stay).
 */
export async function runTrialFetch(db: Db, config: Config, dataDir: string, opts: Pick<RunOptions, 'signal' | 'onEvent'> = {}): Promise<TrialFetchSummary> {
  return withRun(db, 'trial', opts, async (run) => {
    const { listed, added, pending } = await readTrialListing(db, config, reporter('scan', run.emit), run.signal);
    const m = await fetchPhase(db, config, dataDir, run, await pending());
    const answer: TrialFetchSummary = {
      listed,
      added,
      skipped: listed - added,
      metadata: metadataCounts(m),
      failures: m.notFetched.filter((n) => !n.unknown).map((n) => ({ code: n.code, error: `metadata: ${n.error}` })),
    };
    return { answer, counts: { listed, added, metadata: answer.metadata } };
  });
}

/**
 * The metadata fetch alone (scan_runs kind 'metadata'; the scanner page's 'fetch metadata
 * again'): every visible work whose metadata is pending or failed, whatever config
 * fetchMetadata says, reported as the `fetch` phase and a `metadata` event. Answers the
 * MetadataSummary; throws ScanLockedError when a scan runs, the signal's reason when aborted.
 */
export function runMetadataFetch(db: Db, config: Config, dataDir: string, opts: Pick<RunOptions, 'signal' | 'onEvent'> = {}): Promise<MetadataSummary> {
  return withRun(db, 'metadata', opts, async (run) => {
    const metadata = await fetchPhase(db, config, dataDir, run);
    return { answer: metadata, counts: { metadata: metadataCounts(metadata) } };
  });
}

/** A folder scan without the metadata fetch (scan_runs kind 'scan'): for tools, benchmarks and tests; answers and throws as `runScan`. */
export function scanLibrary(db: Db, opts: ScanOptions): Promise<ScanSummary> {
  return withRun(db, 'scan', opts, async (run) => {
    const summary = await scanFolders(db, opts, reporter('scan', run.emit), run.signal);
    return { answer: summary, counts: recordedCounts(summary) };
  });
}

/** A lyric scan (runScan mode `lyrics`) with explicit roots, for tools and tests. */
export function scanLyrics(db: Db, opts: Pick<ScanOptions, 'signal' | 'onEvent' | 'durationConcurrency' | 'libraryRoots'> = {}): Promise<ScanSummary> {
  return withRun(db, 'lyrics', opts, async (run) => {
    const summary = await rescanLibraryWorks(db, opts, reporter('scan', run.emit), run.signal);
    return { answer: summary, counts: recordedCounts(summary) };
  });
}

/** A one-work rescan without the metadata fetch (runWorkScan's scan), for tests; answers `{changed, result, error?}`. */
export async function scanWork(db: Db, workId: number, opts: Pick<ScanOptions, 'signal' | 'onEvent' | 'libraryRoots'> = {}): Promise<WorkRescan> {
  const row = await rescannableWork(db, workId);
  return withRun(db, 'work', opts, async (run) => {
    const { answer, summary } = await rescanWork(db, row, opts.libraryRoots ?? [], reporter('scan', run.emit), run.signal);
    return { answer, counts: recordedCounts(summary) };
  });
}
