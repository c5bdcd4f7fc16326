/**
 * A scan's summary: the empty one a run starts from, and the summary line of the spec
 * and the CLI ('added N, updated N, skipped N, failed N, duplicates N').
 */
import { say, type ParamsOf } from '../model/index.js';
import type { ScanSummary } from './types.js';

/** A summary with every count 0. */
export const emptySummary = (): ScanSummary => ({ added: 0, updated: 0, skipped: 0, failed: 0, duplicates: 0, failures: [], duplicateFolders: [], removed: 0, restored: 0, skippedLinks: [] });

/** The counts of the summary line (`scan.summary`; `scan.finished` and `scan.killed` say the same). */
export function summaryCounts(s: ScanSummary): ParamsOf<'scan.summary'> {
  return { added: s.added, updated: s.updated, skipped: s.skipped, failed: s.failed, duplicates: s.duplicates };
}

/** The summary line of spec and CLI: 'added N, updated N, skipped N, failed N, duplicates N'. */
export function summaryLine(s: ScanSummary): string {
  return say('scan.summary', summaryCounts(s)).message;
}

/** The counts a run records in scan_runs.counts. */
export const recordedCounts = (s: ScanSummary) => ({ added: s.added, updated: s.updated, skipped: s.skipped, failed: s.failed, duplicates: s.duplicates, removed: s.removed, restored: s.restored });

/** Thrown when the signal aborts a scan; `summary` counts what was committed before. */
export class ScanAbortedError extends Error {
  constructor(readonly summary: ScanSummary) {
    super('scan stopped: killed');
    this.name = 'AbortError';
  }
}
