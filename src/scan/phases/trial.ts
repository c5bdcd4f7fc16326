/**
 * The trial crawler's listing phase (src/trial/README.md "The crawl"), run by run.ts under
 * the scan lock: reads the store's new-release listing (the store's timeout, retries and
 * proxy; retries are main-log warnings) and adds each work the catalogue does not know
 * as a trial work (result `added`; known works, disliked ones included, end `skipped`).
 */
import type { Db } from '../../db/index.js';
import type { Config } from '../../config/index.js';
import { formatWorkCode, say } from '../../model/index.js';
import { httpClientFromConfig } from '../../metadata/http.js';
import { storeOptions } from '../../metadata/crawler.js';
import { addTrialWorks, listingUrl, parseListing, trialMetadataIds, type ListedWork } from '../../trial/index.js';
import type { Reporter } from '../events.js';

/** Reads the listing page at `listingUrl(config)`. Throws FetchError when it cannot be read. */
async function readListing(config: Config, signal: AbortSignal, report: Reporter): Promise<ListedWork[]> {
  const url = listingUrl(config);
  report.main({ level: 'info', ...say('trial.listingReading', { url }) });
  const client = httpClientFromConfig(config);
  try {
    const html = await client.getText(url, storeOptions(config, signal, (level, text) => report.main({ level, ...text })));
    return parseListing(html);
  } finally {
    await client.close();
  }
}

/**
 * The listing phase. Answers the works listed and added (counts) and `pending`, which
 * answers the ids of trial works still without metadata (for the fetch phase). Throws
 * FetchError when the listing cannot be read (nothing added), the signal's reason when aborted.
 */
export async function readTrialListing(db: Db, config: Config, report: Reporter, signal: AbortSignal): Promise<{ listed: number; added: number; pending: () => Promise<number[]> }> {
  const listed = await readListing(config, signal, report);
  report.main({ level: 'info', ...say('trial.listingCount', { count: listed.length }) });
  report.total(listed.length);
  const added = new Set(await addTrialWorks(db, listed));
  for (const w of listed) {
    const code = formatWorkCode(w.id, w.prefix);
    if (added.has(w.id)) report.task(w.id, code, { level: 'info', ...say('trial.newWork', { title: w.title || code }) });
    report.result(w.id, code, added.has(w.id) ? 'added' : 'skipped');
  }
  return { listed: listed.length, added: added.size, pending: () => trialMetadataIds(db) };
}
