/**
 * The metadata phases of a scan (README.md in this folder, "Phases"), run by run.ts under
 * the scan lock it holds and reported through a Reporter like the folder phases:
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
import type { Db } from '../../db/index.js';
import type { Config } from '../../config/index.js';
import { formatWorkCode, say } from '../../model/index.js';
import { fetchWorkMetadata, refreshDynamicInfo, type CrawlOptions, type CrawlProblem } from '../../metadata/index.js';
import { pendingMetadataWorkIds, unhiddenWorkIds, workPrefixes } from '../../works/rows.js';
import type { Reporter } from '../events.js';
import { emptySummary } from '../summary.js';
import type { ScanSummary, WorkResult } from '../types.js';

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
  const rows = await workPrefixes(db, ids);
  return new Map(rows.map((r) => [formatWorkCode(r.id, r.code_prefix), r.id]));
}

/**
 * Maps crawler logs and results to scan events: each log is a task log; a work ends with
 * result `okResult` when saved, else with a warning and result `failResult` ('skipped'
 * after a scan: the work itself is fine, only its metadata waits for a retry), or
 * 'skipped' when no source knows it. `onProblem` receives each work not saved.
 */
function crawlEvents(codes: Map<string, number>, report: Reporter, okResult: 'updated' | 'skipped', failResult: 'failed' | 'skipped', onProblem: (code: string, problem: CrawlProblem) => void, onResult: (result: WorkResult) => void = () => undefined): CrawlOptions {
  const idOf = (code: string) => codes.get(code) ?? Number(code.replace(/\D/g, ''));
  return {
    onLog: (code, log) => report.task(idOf(code), code, log),
    onResult: (code, ok, problem) => {
      const id = idOf(code);
      if (!ok) report.task(id, code, { level: 'warn', ...say('metadata.notFetched') });
      if (problem) onProblem(code, problem);
      const result = ok ? okResult : problem?.unknown ? 'skipped' : failResult;
      onResult(result);
      report.result(id, code, result);
    },
  };
}

/**
 * Fetches the metadata of `workIds`, or of every visible work whose metadata is pending
 * or failed. Throws the signal's reason when aborted. Answers the MetadataSummary.
 */
export async function fetchMetadataPhase(db: Db, config: Config, dataDir: string, report: Reporter, opts: { workIds?: number[]; signal?: AbortSignal }): Promise<MetadataSummary> {
  const ids = opts.workIds ?? (await pendingMetadataWorkIds(db));
  const notFetched: NotFetched[] = [];
  if (ids.length === 0) return { ok: 0, failed: 0, unknown: 0, unreachable: 0, notFetched };
  report.main({ level: 'info', ...say('metadata.fetching', { count: ids.length }) });
  report.total(ids.length);
  const onProblem = (code: string, p: CrawlProblem) => notFetched.push({ code, error: p.error, unknown: p.unknown });
  const summary = await fetchWorkMetadata(db, config, dataDir, ids, { signal: opts.signal, ...crawlEvents(await codesOf(db, ids), report, 'skipped', 'skipped', onProblem) });
  const unknown = notFetched.filter((n) => n.unknown).length;
  const unreachable = summary.failed - unknown;
  report.main({ level: summary.failed ? 'warn' : 'info', ...say('metadata.summary', { ok: summary.ok, failed: summary.failed, unknown, unreachable }) });
  return { ...summary, unknown, unreachable, notFetched };
}

/**
 * 'Refresh library info' (spec 001 section 2; PERFORM_UPDATE, `audiolib scan --refresh`):
 * the dynamic info (sales, ratings, price, rank) of every visible work. Answers a scan
 * summary: `updated` works refreshed, `skipped` works the store does not know, `failed`
 * (with `failures`) works whose request failed. Throws the signal's reason when aborted;
 * `summary` (given by the runner) holds the counts so far either way.
 */
export async function refreshPhase(db: Db, config: Config, report: Reporter, signal: AbortSignal | undefined, summary: ScanSummary = emptySummary()): Promise<ScanSummary> {
  const ids = await unhiddenWorkIds(db);
  report.main({ level: 'info', ...say('metadata.refreshing', { count: ids.length }) });
  report.total(ids.length);
  const counted = (result: WorkResult) => {
    if (result !== 'added') summary[result]++;
  };
  const onProblem = (code: string, p: CrawlProblem) => {
    if (!p.unknown) summary.failures.push({ code, error: p.error });
  };
  await refreshDynamicInfo(db, config, ids, { signal, ...crawlEvents(await codesOf(db, ids), report, 'updated', 'failed', onProblem, counted) });
  return summary;
}
