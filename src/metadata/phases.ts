/**
 * The metadata phases of a scan (src/library/README.md "Scan modes"), run under the scan lock and
 * reported as scan events so the CLI and the realtime channel show them like the walk:
 * - `fetchPendingMetadata`: after a library scan, the full metadata of every work whose
 *   metadata is pending or failed (new works, earlier failures) or of the given works.
 * - `refreshLibraryInfo`: 'refresh library info', the dynamic info of every visible work.
 * A work whose metadata cannot be fetched stays in the catalogue with its folder data and
 * is retried by the next scan; in the fetch after a scan it is reported with a warning and
 * listed in the phase's `notFetched`, never as a failed work of the scan. After a library
 * scan the fetched works are not counted again (their result is 'skipped': the walk
 * already counted them as added or updated). In 'refresh library info' a work whose
 * request failed is a failed work; one the store does not know is skipped.
 */
import type { Db } from '../db/index.js';
import type { Config } from '../config/index.js';
import { acquireScanLock } from '../library/lock.js';
import { formatWorkCode, say } from '../model/index.js';
import type { ScanEvent, ScanSummary } from '../library/types.js';
import { fetchWorkMetadata, refreshDynamicInfo, type CrawlOptions, type CrawlProblem } from './crawler.js';
import { pendingMetadataWorkIds } from './save.js';

export interface PhaseOptions {
  signal?: AbortSignal;
  onEvent?: (e: ScanEvent) => void;
}

/**
 * What the metadata fetch answers: works whose metadata was saved (`ok`) and those left
 * for a retry (`failed`), which are `unknown` (known to no source: the store and HVDB
 * answered 404, a final answer) plus `unreachable` (a store could not be reached or
 * answered an error after its retries: may pass); `notFetched` lists each work left for
 * a retry by code with its error and whether it is unknown.
 */
export interface MetadataSummary { ok: number; failed: number; unknown: number; unreachable: number; notFetched: NotFetched[] }

/** A work whose metadata waits for a retry: its code ('RJ01012345'), the error, and whether no source knows it. */
export interface NotFetched { code: string; error: string; unknown: boolean }

/** The work codes ('RJ01012345') of `ids`, mapped to their ids. */
async function codesOf(db: Db, ids: number[]): Promise<Map<string, number>> {
  const rows: { id: number; code_prefix: string }[] = ids.length ? await db('works').whereIn('id', ids).select('id', 'code_prefix') : [];
  return new Map(rows.map((r) => [formatWorkCode(r.id, r.code_prefix), r.id]));
}

/**
 * Maps crawler logs and results to scan events: each log is a task log; a work ends with
 * result `okResult` when saved, else with a warning and result `failResult` ('skipped'
 * after a scan: the work itself is fine, only its metadata waits for a retry), or
 * 'skipped' when no source knows it. `onProblem` receives each work not saved.
 */
function crawlEvents(codes: Map<string, number>, onEvent: (e: ScanEvent) => void, okResult: 'updated' | 'skipped', failResult: 'failed' | 'skipped', onProblem: (code: string, problem: CrawlProblem) => void): CrawlOptions {
  const idOf = (code: string) => codes.get(code) ?? Number(code.replace(/\D/g, ''));
  return {
    onLog: (code, log) => onEvent({ type: 'task', id: idOf(code), code, log }),
    onResult: (code, ok, problem) => {
      const id = idOf(code);
      if (!ok) onEvent({ type: 'task', id, code, log: { level: 'warn', ...say('metadata.notFetched') } });
      if (problem) onProblem(code, problem);
      onEvent({ type: 'result', id, code, result: ok ? okResult : problem?.unknown ? 'skipped' : failResult });
    },
  };
}

/**
 * Fetches the metadata of `workIds`, or of every visible work whose metadata is pending
 * or failed. Holds the scan lock (kind 'metadata'); throws ScanLockedError when another
 * scan runs, and the signal's reason when aborted. Answers {ok, failed} (works).
 */
export async function fetchPendingMetadata(db: Db, config: Config, dataDir: string, opts: PhaseOptions & { workIds?: number[] } = {}): Promise<MetadataSummary> {
  const onEvent = opts.onEvent ?? (() => undefined);
  const ids = opts.workIds ?? (await pendingMetadataWorkIds(db));
  const notFetched: NotFetched[] = [];
  if (ids.length === 0) return { ok: 0, failed: 0, unknown: 0, unreachable: 0, notFetched };
  const lock = await acquireScanLock(db, 'metadata', opts.signal);
  onEvent({ type: 'main', log: { level: 'info', ...say('metadata.fetching', { count: ids.length }) } });
  onEvent({ type: 'progress', done: 0, total: ids.length });
  try {
    const onProblem = (code: string, p: CrawlProblem) => notFetched.push({ code, ...p });
    const summary = await fetchWorkMetadata(db, config, dataDir, ids, { signal: lock.signal, ...crawlEvents(await codesOf(db, ids), onEvent, 'skipped', 'skipped', onProblem) });
    const unknown = notFetched.filter((n) => n.unknown).length;
    const unreachable = summary.failed - unknown;
    onEvent({ type: 'main', log: { level: summary.failed ? 'warn' : 'info', ...say('metadata.summary', { ok: summary.ok, failed: summary.failed, unknown, unreachable }) } });
    await lock.release('finished', { ...summary, unknown, unreachable });
    return { ...summary, unknown, unreachable, notFetched };
  } catch (err) {
    await lock.release(opts.signal?.aborted ? 'killed' : 'failed', undefined, (err as Error).message);
    throw lock.errorOf(err);
  }
}

/**
 * 'Refresh library info' (spec 001 section 2; PERFORM_UPDATE, `audiolib scan --refresh`):
 * the dynamic info (sales, ratings, price, rank) of every visible work. Holds the scan lock
 * (kind 'refresh'). Answers a scan summary: `updated` works refreshed, `skipped` works the
 * store does not know, `failed` (with `failures`) works whose request failed.
 */
export async function refreshLibraryInfo(db: Db, config: Config, opts: PhaseOptions = {}): Promise<ScanSummary> {
  const onEvent = opts.onEvent ?? (() => undefined);
  const lock = await acquireScanLock(db, 'refresh', opts.signal);
  const summary: ScanSummary = { added: 0, updated: 0, skipped: 0, failed: 0, duplicates: 0, failures: [], duplicateFolders: [], removed: 0, restored: 0, skippedLinks: [] };
  try {
    const ids: number[] = (await db('works').whereNull('removed_at').orderBy('id').pluck('id')) as number[];
    onEvent({ type: 'main', log: { level: 'info', ...say('metadata.refreshing', { count: ids.length }) } });
    onEvent({ type: 'progress', done: 0, total: ids.length });
    const counted = (e: ScanEvent) => {
      if (e.type === 'result' && e.result !== 'added') summary[e.result]++;
      onEvent(e);
    };
    const onProblem = (code: string, p: CrawlProblem) => {
      if (!p.unknown) summary.failures.push({ code, error: p.error });
    };
    await refreshDynamicInfo(db, config, ids, { signal: lock.signal, ...crawlEvents(await codesOf(db, ids), counted, 'updated', 'failed', onProblem) });
    await lock.release('finished', summary);
    return summary;
  } catch (err) {
    await lock.release(opts.signal?.aborted ? 'killed' : 'failed', summary, (err as Error).message);
    throw lock.errorOf(err);
  }
}
