/**
 * The metadata crawler (DESIGN section 2 `metadata/`; README.md): the scan's metadata
 * phases (src/scan/phases/metadata.ts) call `fetchWorkMetadata`, `refreshDynamicInfo` and
 * `pendingMetadataWorkIds`.
 */
export { fetchWorkMetadata, refreshDynamicInfo, type CrawlOptions, type CrawlProblem } from './crawler.js';
export { pendingMetadataWorkIds, vaId } from './save.js';
