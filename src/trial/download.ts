/**
 * The trial download (DESIGN section 7; README.md "The download"): a claimed work's
 * public trial archive fetched, unpacked and scanned into the trial catalogue. Nothing
 * half-written: the archive and its files go to a temporary folder inside the trial
 * folder and replace `{trialFolder}/{code}` by a rename only when the archive unpacked
 * whole; the file rows are written in one transaction (the scanner's per-work sync); on
 * any failure the temporary folder is removed, the work folder too when its rows could
 * not be written, and the work is back at status 0.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.js';
import { trialDir, type Config } from '../config/index.js';
import { Conflict, Invalid, WorkStatus, formatWorkCode, say, type CodedText, type TrialDownload } from '../model/index.js';
import { FetchError, httpClientFromConfig, type HttpClient } from '../metadata/http.js';
import { storeOptions } from '../metadata/crawler.js';
import { parseWorkPage, workPageUrl, type TrialArchiveLink } from '../metadata/dlsite.js';
import { resolveRoots } from '../library/link-roots.js';
import { syncWork, workContext } from '../library/work.js';
import { workRow } from '../works/rows.js';
import { moveWorkStatus } from '../works/status.js';
import type { ScanLogEntry as ScanLog } from '../model/index.js';
import { archiveUrl, unpackZip } from './archive.js';
import { resetStaleDownloads } from './status.js';

/** Where a download is: the parts of TrialDownload that change as it runs. */
export type DownloadState = Omit<TrialDownload, 'id' | 'error'>;

export interface DownloadOptions {
  /** Aborting stops the download (the work goes back to status 0, nothing is left). */
  signal?: AbortSignal;
  /** Each change of state and every received chunk. */
  onState?: (state: DownloadState) => void;
  /** Problems worth a line that do not stop the download (retries, files without a duration). */
  onLog?: (log: ScanLog) => void;
}

/** The work page's trial link; null when the store does not know the page, it is no work page or offers no trial. */
async function pageLink(client: HttpClient, config: Config, id: number, prefix: string, opts: DownloadOptions): Promise<TrialArchiveLink | null> {
  const log = (level: ScanLog['level'], text: CodedText) => opts.onLog?.({ level, ...text });
  try {
    return parseWorkPage(await client.getText(workPageUrl(config.dlsiteBaseUrl, id, prefix), storeOptions(config, opts.signal, log))).trialArchive;
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    if (err instanceof FetchError && !err.notFound) throw err;
    log('warn', say('trial.noPageLink', { reason: (err as Error).message }));
    return null;
  }
}

/**
 * Runs the download of work `id` (code prefix `prefix`) claimed with
 * `claimTrialDownload` (status 1): status 2; the archive address from the work page
 * (`.trial_download a.btn_trial`, else config trialArchiveUrl); an archive announced or
 * found larger than `trialMaxBytes` is refused; the archive is unpacked (entry count,
 * zip-slip, repeated names and size checked, archive.ts), moved to `{trialFolder}/{code}`,
 * its files synced with durations (`syncWork`, status kept), then status 0. Answers the
 * number of files.
 * Throws FetchError (store), TooLargeError or Invalid (archive refused), Conflict (the
 * work left the trial catalogue meanwhile, e.g. the scanner found it in the library) or
 * the signal's reason; the work is then back at 0 (unless it moved on) and nothing of
 * the download is left on disk or in the catalogue.
 */
export async function runTrialDownload(db: Db, config: Config, dataDir: string, id: number, prefix: string, opts: DownloadOptions = {}): Promise<number> {
  const code = formatWorkCode(id, prefix);
  const folder = trialDir(dataDir, config);
  const target = path.join(folder, code);
  const report = (state: DownloadState) => opts.onState?.(state);
  let temp: string;
  try {
    await fs.mkdir(folder, { recursive: true });
    temp = await fs.mkdtemp(path.join(folder, `.partial-${code}-`));
  } catch (err) {
    // a trial folder that cannot be made (a file in its way, no permission) leaves the work as it was
    await moveWorkStatus(db, id, [WorkStatus.DownloadWanted], WorkStatus.NewTrial);
    throw err;
  }
  let placed = false;
  let bytes = 0;
  let count: number;
  try {
    if (!(await moveWorkStatus(db, id, [WorkStatus.DownloadWanted], WorkStatus.Downloading))) throw new Conflict(say('trial.notWaiting', { code }));
    const zip = path.join(temp, 'archive.zip');
    const client = httpClientFromConfig(config);
    try {
      const link = await pageLink(client, config, id, prefix, opts);
      if (link?.bytes && link.bytes > config.trialMaxBytes) throw new Invalid(say('trial.announcedTooLarge', { code, bytes: link.bytes, limit: config.trialMaxBytes }));
      const url = archiveUrl(config, link, id, prefix);
      opts.onLog?.({ level: 'info', ...say('trial.downloading', { url }) });
      report({ state: 'downloading', bytes: 0, total: null, percent: null });
      bytes = await client.download(url, zip, {
        ...storeOptions(config, opts.signal, (level, text) => opts.onLog?.({ level, ...text })),
        maxBytes: config.trialMaxBytes,
        onProgress: (received, total) => report({ state: 'downloading', bytes: received, total, percent: total ? Math.min(100, Math.floor((received / total) * 100)) : null }),
      });
    } finally {
      await client.close();
    }
    report({ state: 'unpacking', bytes, total: bytes, percent: 100 });
    const files = path.join(temp, 'files');
    await unpackZip(zip, files, { maxBytes: config.trialMaxBytes, maxEntries: config.trialMaxEntries });
    opts.signal?.throwIfAborted();
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(files, target);
    placed = true;
    report({ state: 'scanning', bytes, total: bytes, percent: 100 });
    count = await syncTrialFolder(db, id, prefix, code, target, folder, opts);
    await moveWorkStatus(db, id, [WorkStatus.Downloading], WorkStatus.NewTrial);
  } catch (err) {
    await moveWorkStatus(db, id, [WorkStatus.DownloadWanted, WorkStatus.Downloading], WorkStatus.NewTrial);
    if (placed) await fs.rm(target, { recursive: true, force: true });
    throw err;
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
  // 'done' only once the temporary folder is gone: a client that sees it finds nothing half-written
  report({ state: 'done', bytes, total: bytes, percent: 100 });
  return count;
}

/** Writes the files of the unpacked trial folder as the work's rows (one transaction, durations read); answers their count. */
async function syncTrialFolder(db: Db, id: number, prefix: string, code: string, dir: string, folder: string, opts: DownloadOptions): Promise<number> {
  const row = await workRow(db, id);
  const ctx = workContext(db, { concurrency: 4, signal: opts.signal, workers: 0 });
  try {
    const target = { id, prefix, code, dir, rootName: 'trial', roots: await resolveRoots([{ path: folder }]), keepStatus: WorkStatus.Downloading };
    const outcome = await syncWork(ctx, target, row, [], (log) => { if (log.level !== 'info') opts.onLog?.(log); });
    return outcome.counts.added;
  } finally {
    await ctx.close();
  }
}

/**
 * After a restart no download runs: works left at status 1 or 2 go back to 0 and the
 * temporary folders of interrupted downloads (`{trialFolder}/.partial-*`) are removed.
 * Answers the number of works reset.
 */
export async function recoverTrialDownloads(db: Db, config: Config, dataDir: string): Promise<number> {
  const folder = trialDir(dataDir, config);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith('.partial-')).map((n) => fs.rm(path.join(folder, n), { recursive: true, force: true })));
  return resetStaleDownloads(db);
}
