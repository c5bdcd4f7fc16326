/**
 * The server's trial downloads (spec 000 section 7 `POST /api/fake/download/{id}/`;
 * src/trial/download.ts does the work): one registry per server (per services object)
 * runs each claimed download in the background and keeps its progress
 * (`TrialDownload`: state, bytes, total, percent, error) in memory, for the card's
 * `GET /api/fake/download/{id}` and, through `subscribe`, the realtime TRIAL_DOWNLOAD
 * messages (src/server/realtime.ts). Progress goes to subscribers at most every 250 ms
 * per work, and at once on a change of state. A failure is logged on stderr in full and
 * kept as the download's `error` (with its code) until the next download of that work; that
 * text goes to any signed-in user, so it carries no server path nor address (`publicError`).
 */
import type { AppServices } from './context.js';
import { claimTrialDownload, runTrialDownload } from '../trial/index.js';
import { DomainError, formatWorkCode, say, textOfError, type CodedText, type TrialDownload } from '../model/index.js';
import { FetchError, TooLargeError } from '../metadata/http.js';
import { describeOsError, isOsError } from '../config/index.js';
import { publicText, withoutPaths } from './middleware/errors.js';

/**
 * What a client is told of a failed download, coded for the UI's language: the store's
 * HTTP status (`trial.downloadHttp`), an unreachable store, an archive over the size
 * limit, a refusal of the download's own rules (a domain error: its own code, such as
 * `trial.archiveUnsafeEntry` naming the archive's entry), a file-system error as its
 * cause in words (`file system error: no space left on the device`), any other error's
 * message (`trial.downloadFailed`). Never the archive's address nor an absolute path
 * (withoutPaths, publicText): the full message goes to the log only.
 */
export function publicError(err: unknown): CodedText {
  if (err instanceof TooLargeError) return say('trial.archiveTooLarge', { limit: err.limit });
  if (err instanceof FetchError) return err.status === null ? say('trial.downloadUnreachable') : say('trial.downloadHttp', { status: err.status });
  if (isOsError(err)) return say('trial.downloadFileSystem', { reason: withoutPaths(describeOsError(err)) });
  if (err instanceof DomainError && err.code) return publicText(textOfError(err));
  return say('trial.downloadFailed', { reason: withoutPaths(err instanceof Error ? err.message : String(err)) });
}

/** The fields of a failed download's state that say why. */
function failure(err: unknown): Pick<TrialDownload, 'error' | 'errorCode' | 'errorParams'> {
  const text = publicError(err);
  return { error: text.message, errorCode: text.code, ...(text.params ? { errorParams: text.params } : {}) };
}

/** Milliseconds between two progress messages of one download. */
const PROGRESS_MS = 250;

export class TrialDownloads {
  private readonly downloads = new Map<number, TrialDownload>();
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private readonly listeners = new Set<(download: TrialDownload) => void>();
  private readonly sentAt = new Map<number, number>();

  constructor(private readonly services: AppServices) {}

  /**
   * Claims the download of work `id` (status 0 -> 1, src/trial/status.ts) and starts it.
   * Answers its first state (`waiting`). Throws NotFound for a work not in the trial
   * catalogue, Conflict for one downloading or downloaded already.
   */
  async start(id: number): Promise<TrialDownload> {
    const { db, config, dataDir } = this.services;
    const { prefix } = await claimTrialDownload(db, id);
    const controller = new AbortController();
    this.update({ id, state: 'waiting', bytes: 0, total: null, percent: null, error: null });
    const done = runTrialDownload(db, config, dataDir, id, prefix, {
      signal: controller.signal,
      onState: (state) => this.update({ ...state, id, error: null }),
    }).then(
      () => undefined,
      (err: unknown) => {
        process.stderr.write(`audiolib: trial download of ${formatWorkCode(id, prefix)} failed: ${(err as Error).message}\n`);
        this.update({ ...this.downloads.get(id)!, state: 'failed', ...failure(err) });
      },
    ).finally(() => this.running.delete(id));
    this.running.set(id, { controller, done });
    return this.downloads.get(id)!;
  }

  /** The last known state of work `id`'s download since the server started; undefined when none ran. */
  get(id: number): TrialDownload | undefined {
    return this.downloads.get(id);
  }

  /** Calls `fn` with every state sent (see the file comment); answers the unsubscribe function. */
  subscribe(fn: (download: TrialDownload) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Stops every running download (each goes back to status 0, nothing left) and waits for them. */
  async close(): Promise<void> {
    for (const { controller } of this.running.values()) controller.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private update(download: TrialDownload): void {
    const before = this.downloads.get(download.id);
    this.downloads.set(download.id, download);
    const now = Date.now();
    if (before?.state === download.state && now - (this.sentAt.get(download.id) ?? 0) < PROGRESS_MS) return;
    this.sentAt.set(download.id, now);
    for (const fn of this.listeners) fn(download);
  }
}

const registries = new WeakMap<AppServices, TrialDownloads>();

/** The download registry of a server's services (made on first use). */
export function trialDownloadsOf(services: AppServices): TrialDownloads {
  let registry = registries.get(services);
  if (!registry) registries.set(services, (registry = new TrialDownloads(services)));
  return registry;
}
