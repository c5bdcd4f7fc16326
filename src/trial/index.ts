/**
 * The trial ("fake") catalogue (DESIGN sections 2 and 7; README.md in this folder): the
 * trial crawler, the status actions and the downloader. The catalogue itself (lists,
 * one work, tracks, media, covers) is the library's, looked at with the trial scope
 * (src/catalogue/visible.ts).
 */
export { runTrialFetch, trialSummaryLine } from './crawl.js';
export { claimTrialDownload, dislikeTrialWork } from './status.js';
export { recoverTrialDownloads, runTrialDownload, type DownloadState } from './download.js';
export { listingUrl, parseListing, type ListedWork } from './listing.js';
export { withTrialMarks } from './marks.js';
