/** The trial crawler's summary line (`audiolib trial fetch`). */
import type { TrialFetchSummary } from '../model/index.js';

/** 'listed N, added N, skipped N'. */
export const trialSummaryLine = (s: TrialFetchSummary) => `listed ${s.listed}, added ${s.added}, skipped ${s.skipped}`;
