/**
 * The metadata crawler (DESIGN section 2 `metadata/`; README.md): the scan's metadata
 * phases (src/scan/phases/metadata.ts) call `fetchWorkMetadata` and `refreshDynamicInfo`
 * (which works wait for metadata: src/works/rows.ts `pendingMetadataWorkIds`).
 */
export { fetchWorkMetadata, refreshDynamicInfo, type CrawlOptions, type CrawlProblem } from './crawler.js';
export { vaId } from './save.js';
