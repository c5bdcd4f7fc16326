/**
 * The trial crawler (DESIGN section 7; README.md "The crawl"): fills the trial catalogue
 * from the store's new-release listing. Two steps, reported as the scan runner's events
 * (src/metadata/runner.ts `RunEvent`) so `audiolib trial fetch` and the scanner socket
 * show them as they show a scan:
 * 1. `scan` phase, under the scan lock (kind 'trial'): read the listing, add each work the
 *    catalogue does not know with status 0 (result `added`; known works, disliked ones
 *    included, end `skipped`);
 * 2. `fetch` phase: the metadata crawler (titles, circles, tags, VAs, covers) for every
 *    trial work still without metadata, with the crawler's timeouts, retries, proxy and
 *    parallelism.
 */
import type { Db } from '../db/index.js';
import type { Config } from '../config/index.js';
import type { TrialFetchSummary } from '../model/index.js';
import { formatWorkCode, say } from '../model/index.js';
import { acquireScanLock } from '../library/lock.js';
import type { ScanEvent } from '../library/types.js';
import { httpClientFromConfig } from '../metadata/http.js';
import { storeOptions } from '../metadata/crawler.js';
import { fetchPhase, phaseEvents, type RunOptions } from '../metadata/runner.js';
import { listingUrl, parseListing, type ListedWork } from './listing.js';
import { addTrialWorks, trialMetadataIds } from './status.js';

/** The summary line: 'listed N, added N, skipped N'. */
export const trialSummaryLine = (s: TrialFetchSummary) => `listed ${s.listed}, added ${s.added}, skipped ${s.skipped}`;

/** Reads the listing page (the store's timeout, retries and proxy); retries are main-log warnings. */
async function readListing(config: Config, signal: AbortSignal | undefined, emit: (e: ScanEvent) => void): Promise<ListedWork[]> {
  const url = listingUrl(config);
  emit({ type: 'main', log: { level: 'info', ...say('trial.listingReading', { url }) } });
  const client = httpClientFromConfig(config);
  try {
    const html = await client.getText(url, storeOptions(config, signal, (level, text) => emit({ type: 'main', log: { level, ...text } })));
    return parseListing(html);
  } finally {
    await client.close();
  }
}

/**
 * Runs the trial crawler (steps in the file comment). Answers `{listed, added, skipped,
 * metadata: {ok, failed, unknown, unreachable}, failures}` (failures: works whose metadata could not be
 * had for a reason that may pass, `metadata: ERROR`). Throws ScanLockedError when a scan runs, FetchError when the
 * listing cannot be read (nothing added), the signal's reason when aborted (works added
 * before stay).
 */
export async function runTrialFetch(db: Db, config: Config, dataDir: string, opts: Pick<RunOptions, 'signal' | 'onEvent'> = {}): Promise<TrialFetchSummary> {
  const emit = opts.onEvent ?? (() => undefined);
  const onEvent = phaseEvents('scan', emit);
  const lock = await acquireScanLock(db, 'trial', opts.signal);
  let listed: ListedWork[];
  let added: Set<number>;
  try {
    listed = await readListing(config, lock.signal, onEvent);
    onEvent({ type: 'main', log: { level: 'info', ...say('trial.listingCount', { count: listed.length }) } });
    onEvent({ type: 'progress', done: 0, total: listed.length });
    added = new Set(await addTrialWorks(db, listed));
    for (const w of listed) {
      const code = formatWorkCode(w.id, w.prefix);
      if (added.has(w.id)) onEvent({ type: 'task', id: w.id, code, log: { level: 'info', ...say('trial.newWork', { title: w.title || code }) } });
      onEvent({ type: 'result', id: w.id, code, result: added.has(w.id) ? 'added' : 'skipped' });
    }
    await lock.release('finished', { listed: listed.length, added: added.size });
  } catch (err) {
    await lock.release(opts.signal?.aborted ? 'killed' : 'failed', undefined, (err as Error).message);
    throw lock.errorOf(err);
  }
  const m = await fetchPhase(db, config, dataDir, emit, { workIds: await trialMetadataIds(db), signal: opts.signal });
  return {
    listed: listed.length,
    added: added.size,
    skipped: listed.length - added.size,
    metadata: { ok: m.ok, failed: m.failed, unknown: m.unknown, unreachable: m.unreachable },
    failures: m.notFetched.filter((n) => !n.unknown).map((n) => ({ code: n.code, error: `metadata: ${n.error}` })),
  };
}
