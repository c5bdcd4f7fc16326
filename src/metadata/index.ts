/**
 * The metadata crawler (DESIGN section 2 `metadata/`; phases in README.md). The scanner and
 * the server call `fetchWorkMetadata`, `refreshDynamicInfo` and `pendingMetadataWorkIds`.
 */
export { fetchWorkMetadata, refreshDynamicInfo, DYNAMIC_BATCH_SIZE, type CrawlOptions, type CrawlSummary, type LogLevel } from './crawler.js';
export { pendingMetadataWorkIds, vaId, VA_NAMESPACE } from './save.js';
export { coverFilePath } from './covers.js';
export { fetchPendingMetadata, refreshLibraryInfo, type MetadataSummary, type PhaseOptions } from './phases.js';
