/**
 * The one event type of a scan (README.md "Events"): every phase reports through a
 * `Reporter`, which turns its calls into `ScanEvent`s; the CLI display (src/cli/scan.ts)
 * and the scanner page's state (src/server/scan-manager.ts, which folds them into the
 * spec's SCAN_* messages) consume the same events.
 */
import { say } from '../model/index.js';
import { summaryCounts } from './summary.js';
import type { ScanLog, ScanSummary, WorkResult } from './types.js';
import type { MetadataSummary } from './phases/metadata.js';

/** The step an event belongs to: `scan` (the run's own work) or `fetch` (the metadata fetch after it). */
export type ScanPhase = 'scan' | 'fetch';

/** Works of a phase by result so far. */
export interface ScanCounts { added: number; updated: number; skipped: number; failed: number }

/**
 * The events of a run, in order:
 * - `log`: a line of the main log;
 * - `task`: a line of one work's log (the first one of a code opens its task);
 * - `result`: a work is done (`logs`: its log lines of this phase; skipped works have none);
 * - `progress`: after each result, and when the phase's total becomes known: works done of
 *   `total` (null while unknown), counts by result, `code` the work just done (null when
 *   only the total changed);
 * - `duplicate`: a folder left out because its code is kept in another (folder scans only);
 * - `summary`: the scan's summary (folder and lyric scans; before any metadata fetch);
 * - `metadata`: the metadata fetch's counts (when it ran).
 * In the `fetch` phase a work's result is `skipped` (its scan already counted it); a work
 * whose metadata could not be had ends with a warning line, never `failed`.
 * `code` is the work code as shown ('RJ01012345'), `id` its number.
 */
export type ScanEvent =
  | { type: 'log'; phase: ScanPhase; log: ScanLog }
  | { type: 'task'; phase: ScanPhase; id: number; code: string; log: ScanLog }
  | { type: 'result'; phase: ScanPhase; id: number; code: string; result: WorkResult; logs: ScanLog[] }
  | { type: 'progress'; phase: ScanPhase; done: number; total: number | null; counts: ScanCounts; code: string | null }
  | { type: 'duplicate'; id: number; code: string; kept: string; duplicate: string }
  | { type: 'summary'; summary: ScanSummary }
  | { type: 'metadata'; summary: MetadataSummary };

/**
 * What a phase reports through: main-log lines, a work's log lines and its result, the
 * number of works it will do, duplicates and the summary. The reporter collects each
 * work's lines for its `result` event and counts results for `progress`.
 */
export interface Reporter {
  /** A line of the main log. */
  main(log: ScanLog): void;
  /** A line of work `code`'s log (opens its task). */
  task(id: number, code: string, log: ScanLog): void;
  /** Work `code` is done with `result`. */
  result(id: number, code: string, result: WorkResult): void;
  /** The number of works the phase will do (a progress event when it changes). */
  total(total: number): void;
  /** A folder left out because its code is kept in another. */
  duplicate(d: { id: number; code: string; kept: string; duplicate: string }): void;
  /** The summary of a folder or lyric scan. */
  summary(summary: ScanSummary): void;
}

/** The reporter of `phase`, sending its events to `emit`. */
export function reporter(phase: ScanPhase, emit: (e: ScanEvent) => void): Reporter {
  const counts: ScanCounts = { added: 0, updated: 0, skipped: 0, failed: 0 };
  const logs = new Map<string, ScanLog[]>();
  let done = 0;
  let total: number | null = null;
  const progress = (code: string | null) => emit({ type: 'progress', phase, done, total, counts: { ...counts }, code });
  return {
    main: (log) => emit({ type: 'log', phase, log }),
    task(id, code, log) {
      logs.set(code, [...(logs.get(code) ?? []), log]);
      emit({ type: 'task', phase, id, code, log });
    },
    result(id, code, result) {
      const lines = logs.get(code) ?? [];
      logs.delete(code);
      counts[result]++;
      done++;
      emit({ type: 'result', phase, id, code, result, logs: lines });
      progress(code);
    },
    total(n) {
      if (n === total) return;
      total = n;
      progress(null);
    },
    duplicate: (d) => emit({ type: 'duplicate', ...d }),
    summary: (summary) => emit({ type: 'summary', summary }),
  };
}

/**
 * The main-log line of an event, for a consumer that shows the main log (the scanner
 * page): `log` lines as they are, a duplicate as a warning naming both folders, the
 * summary as the summary line; null for the other events.
 */
export function mainLogOf(e: ScanEvent): ScanLog | null {
  if (e.type === 'log') return e.log;
  if (e.type === 'duplicate') return { level: 'warn', ...say('scan.duplicate', { code: e.code, kept: e.kept, duplicate: e.duplicate }) };
  if (e.type === 'summary') return { level: 'info', ...say('scan.summary', summaryCounts(e.summary)) };
  return null;
}
