/**
 * The metadata crawler (DESIGN section 2 `metadata/`; README.md): the scan's metadata
 * phases (src/scan/phases/metadata.ts) call `fetchWorkMetadata`, `refreshDynamicInfo` and
 * `pendingMetadataWorkIds`.
 */
export { fetchWorkMetadata, refreshDynamicInfo, DYNAMIC_BATCH_SIZE, type CrawlOptions, type CrawlProblem, type CrawlSummary, type LogLevel } from './crawler.js';
export { pendingMetadataWorkIds, vaId, VA_NAMESPACE } from './save.js';
export { coverFilePath } from './covers.js';
