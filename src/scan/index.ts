/**
 * The scan (README.md in this folder): the runner every scan starts from, its events,
 * the scan lock and the cron schedule. `src/library` keeps the file-level work (walk,
 * headers, tree, one work's sync), `src/metadata` the crawler.
 */
export { runScan, runWorkScan, runMetadataFetch, runTrialFetch, scanLibrary, scanLyrics, scanWork, type ScanMode } from './run.js';
export { mainLogOf, type ScanCounts, type ScanEvent, type ScanPhase } from './events.js';
export { ScanAbortedError, summaryCounts, summaryLine } from './summary.js';
export { ScanError } from './phases/folders.js';
export type { MetadataSummary } from './phases/metadata.js';
export { acquireScanLock, currentScanLock, ScanLockedError, ScanLockLostError } from './lock.js';
export { scheduleScans } from './schedule.js';
export type { ScanLog, ScanOptions, ScanRoot, ScanSummary, WorkResult } from './types.js';
