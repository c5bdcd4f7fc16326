/**
 * The scan runner (README.md in this folder, "The scan runner"): the one place that runs
 * "scan, then fetch metadata". `audiolib scan` (src/cli/scan.ts) and the server's scan
 * manager (src/server/scan-manager.ts) start every scan here and only present its typed
 * events (`RunEvent`): a spinner or lines on the terminal, the spec's SCAN_* messages on
 * the scanner page.
 * A run: the scan of its mode under the scan lock (library scans stop at the mass-removal
 * guard before writing anything; src/library/README.md), then, for a library or one-work
 * scan with `fetch` on, the metadata fetch of the works still without metadata
 * (phases.ts, under the scan lock again).
 * It lives in metadata/ because it needs the scanner and the crawler: metadata/ builds on
 * library/, and library/ cannot import metadata/ without an upward import.
 */
import type { Db } from '../db/index.js';
import type { Config } from '../config/index.js';
import { scanLibrary, scanLyrics, scanWork, summaryCounts, type ScanEvent, type ScanLog, type ScanRoot, type ScanSummary, type WorkRescan, type WorkResult } from '../library/scan.js';
import { formatWorkCode, say } from '../model/index.js';
import { fetchPendingMetadata, refreshLibraryInfo, type MetadataSummary } from './phases.js';

/**
 * What a run scans: `scan` the roots (new, changed and vanished works; `quick`: works whose
 * folders kept their change times are not read, src/library/README.md "Quick rescans"),
 * `lyrics` the files and lyrics of the catalogue's works without walking the roots,
 * `refresh` the dynamic info (sales, ratings, price, rank) of every work from the store.
 */
export type RunMode = { kind: 'scan'; roots: ScanRoot[]; allowMassRemoval?: boolean; quick?: boolean } | { kind: 'lyrics' } | { kind: 'refresh' };

/** The step an event belongs to: `scan` (the mode's own work) or `fetch` (the metadata fetch after it). */
export type RunPhase = 'scan' | 'fetch';

/** Works of a phase by result so far. */
export interface RunCounts { added: number; updated: number; skipped: number; failed: number }

/**
 * The events of a run, in order:
 * - `log`: a line of the main log;
 * - `task`: a line of one work's log (the first one of a code opens its task);
 * - `result`: a work is done (`logs`: its log lines of this phase; skipped works have none);
 * - `progress`: after each result, and when the phase's total becomes known: works done of
 *   `total` (null while unknown), counts by result, `code` the work just done (null when
 *   only the total changed);
 * - `duplicate`: a folder left out because its code is kept in another (full scan only);
 * - `summary`: the scan's summary (full and lyric scans; before any metadata fetch);
 * - `metadata`: the metadata fetch's counts (when it ran).
 * In the `fetch` phase a work's result is `skipped` (its scan already counted it), a
 * work whose metadata could not be had ends with a warning line, never `failed`.
 */
export type RunEvent =
  | { type: 'log'; phase: RunPhase; log: ScanLog }
  | { type: 'task'; phase: RunPhase; id: number; code: string; log: ScanLog }
  | { type: 'result'; phase: RunPhase; id: number; code: string; result: WorkResult; logs: ScanLog[] }
  | { type: 'progress'; phase: RunPhase; done: number; total: number | null; counts: RunCounts; code: string | null }
  | { type: 'duplicate'; id: number; code: string; kept: string; duplicate: string }
  | { type: 'summary'; summary: ScanSummary }
  | { type: 'metadata'; summary: MetadataSummary };

export interface RunOptions {
  /** Fetch the metadata of new and not-yet-fetched works after a full or one-work scan (default: config fetchMetadata). */
  fetch?: boolean;
  /** Aborting stops the run (within 2 s); what was committed stays. */
  signal?: AbortSignal;
  onEvent?: (e: RunEvent) => void;
}

/**
 * The main-log line of an event, for a consumer that shows the main log (the scanner
 * page): `log` lines as they are, a duplicate as a warning naming both folders, the
 * summary as the summary line; null for the other events.
 */
export function mainLogOf(e: RunEvent): ScanLog | null {
  if (e.type === 'log') return e.log;
  if (e.type === 'duplicate') return { level: 'warn', ...say('scan.duplicate', { code: e.code, kept: e.kept, duplicate: e.duplicate }) };
  if (e.type === 'summary') return { level: 'info', ...say('scan.summary', summaryCounts(e.summary)) };
  return null;
}

/**
 * Turns the scan events of one phase into run events: adds the phase, collects each
 * work's logs, counts results. Also used by the trial crawler (src/trial), whose listing
 * step reports as a scan phase.
 */
export function phaseEvents(phase: RunPhase, emit: (e: RunEvent) => void): (e: ScanEvent) => void {
  const counts: RunCounts = { added: 0, updated: 0, skipped: 0, failed: 0 };
  const logs = new Map<string, ScanLog[]>();
  let done = 0;
  let total: number | null = null;
  const progress = (code: string | null) => emit({ type: 'progress', phase, done, total, counts: { ...counts }, code });
  return (e) => {
    if (e.type === 'main') emit({ type: 'log', phase, log: e.log });
    else if (e.type === 'task') {
      logs.set(e.code, [...(logs.get(e.code) ?? []), e.log]);
      emit({ type: 'task', phase, id: e.id, code: e.code, log: e.log });
    } else if (e.type === 'result') {
      const lines = logs.get(e.code) ?? [];
      logs.delete(e.code);
      counts[e.result]++;
      done++;
      emit({ type: 'result', phase, id: e.id, code: e.code, result: e.result, logs: lines });
      progress(e.code);
    } else if (e.type === 'progress') {
      if (e.total !== total) {
        total = e.total;
        progress(null);
      }
    } else emit(e);
  };
}

/**
 * The metadata fetch after a scan (all pending works, or `workIds`), reported as the
 * `fetch` phase and a `metadata` event; also the trial crawler's second step.
 */
export async function fetchPhase(db: Db, config: Config, dataDir: string, emit: (e: RunEvent) => void, opts: { workIds?: number[]; signal?: AbortSignal }): Promise<MetadataSummary> {
  const summary = await fetchPendingMetadata(db, config, dataDir, { ...opts, onEvent: phaseEvents('fetch', emit) });
  emit({ type: 'metadata', summary });
  return summary;
}

/**
 * Runs a scan of `mode` (config scannerMaxRecursionDepth, skipCleanup), then for a full
 * scan the metadata fetch when `fetch` is on, streaming `RunEvent`s to `opts.onEvent`.
 * Answers the scan's summary, plus `metadata` {ok, failed} when the fetch ran.
 * Throws what the steps throw, the scan's own state saved: ScanLockedError (another scan
 * runs), ScanError (the mass-removal guard; nothing written), ScanAbortedError (killed during the
 * scan; its `summary` counts the committed works), the signal's reason (killed during the
 * fetch).
 */
export async function runScan(db: Db, config: Config, dataDir: string, mode: RunMode, opts: RunOptions = {}): Promise<{ summary: ScanSummary; metadata?: MetadataSummary }> {
  const emit = opts.onEvent ?? (() => undefined);
  const { signal } = opts;
  const onEvent = phaseEvents('scan', emit);
  const summary = mode.kind === 'lyrics'
    ? await scanLyrics(db, { libraryRoots: config.rootFolders, signal, onEvent })
    : mode.kind === 'refresh'
      ? await refreshLibraryInfo(db, config, { signal, onEvent })
      : await scanLibrary(db, { roots: mode.roots, libraryRoots: config.rootFolders, maxDepth: config.scannerMaxRecursionDepth, allowMassRemoval: !!mode.allowMassRemoval, quick: !!mode.quick, skipCleanup: config.skipCleanup, signal, onEvent });
  if (mode.kind !== 'scan' || !(opts.fetch ?? config.fetchMetadata)) return { summary };
  return { summary, metadata: await fetchPhase(db, config, dataDir, emit, { signal }) };
}

/**
 * Rescans one work's folder, then fetches its metadata when `fetch` is on and the work
 * is still there (not failed, not removed). Answers `{code, changed, result, error?,
 * metadata?}` (code as shown, 'RJ01012345'; the rest as `scanWork`). Throws
 * ScanError('not_found') for a work not in the library, else like `runScan`.
 */
export async function runWorkScan(db: Db, config: Config, dataDir: string, workId: number, opts: RunOptions = {}): Promise<{ code: string } & WorkRescan & { metadata?: MetadataSummary }> {
  const emit = opts.onEvent ?? (() => undefined);
  const answer = await scanWork(db, workId, { libraryRoots: config.rootFolders, signal: opts.signal, onEvent: phaseEvents('scan', emit) });
  const fetch = (opts.fetch ?? config.fetchMetadata) && answer.result !== 'failed' && answer.result !== 'removed';
  const metadata = fetch ? await fetchPhase(db, config, dataDir, emit, { workIds: [workId], signal: opts.signal }) : undefined;
  const row: { code_prefix: string } | undefined = await db('works').where({ id: workId }).first('code_prefix');
  return { code: formatWorkCode(workId, row?.code_prefix ?? 'RJ'), ...answer, ...(metadata && { metadata }) };
}
