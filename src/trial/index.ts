/**
 * The trial ("fake") catalogue (DESIGN sections 2 and 7; README.md in this folder): the
 * listing the trial crawler reads (its run is src/scan/run.ts `runTrialFetch`), the status
 * actions and the downloader. The catalogue itself (lists,
 * one work, tracks, media, covers) is the library's, looked at with the trial scope
 * (src/catalogue/visible.ts).
 */
export { trialSummaryLine } from './summary.js';
export { addTrialWorks, claimTrialDownload, dislikeTrialWork, trialMetadataIds } from './status.js';
export { recoverTrialDownloads, runTrialDownload } from './download.js';
export { listingUrl, parseListing, type ListedWork } from './listing.js';
export { withTrialMarks } from './marks.js';
