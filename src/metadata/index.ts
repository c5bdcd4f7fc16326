/**
 * The metadata crawler (DESIGN section 2 `metadata/`; phases in README.md). The scanner and
 * the server call `fetchWorkMetadata`, `refreshDynamicInfo` and `pendingMetadataWorkIds`;
 * `audiolib scan` and the server's scan manager run scans through `runScan` / `runWorkScan`.
 */
export { fetchWorkMetadata, refreshDynamicInfo, DYNAMIC_BATCH_SIZE, type CrawlOptions, type CrawlProblem, type CrawlSummary, type LogLevel } from './crawler.js';
export { pendingMetadataWorkIds, vaId, VA_NAMESPACE } from './save.js';
export { coverFilePath } from './covers.js';
export type { MetadataSummary, NotFetched } from './phases.js';
export { mainLogOf, runScan, runWorkScan, type RunCounts, type RunEvent, type RunMode, type RunOptions, type RunPhase } from './runner.js';
