/**
 * The metadata crawler (spec 001 sections 2, 3 and 9; phases in README.md):
 * for each work, the DLsite page, the dynamic info and the covers; HVDB for voice actors
 * the page does not list, and for works DLsite no longer knows. Works run in parallel up
 * to `maxParallelism`; one bad page never stops the others.
 */
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { COVER_TYPES, formatWorkCode, say, type CodedText } from '../model/index.js';
import type { ScanLogEntry as ScanLog } from '../model/index.js';
import { coverUrls, dlsiteCookie, dynamicInfoUrl, parseDynamicInfo, parseWorkPage, ParseError, workPageUrl, type DynamicInfo } from './dlsite.js';
import { looksLikeImage, writeCover } from './covers.js';
import { FetchError, httpClientFromConfig, type GetOptions, type HttpClient } from './http.js';
import { hvdbWorkUrl, parseHvdbPage, type HvdbWork } from './hvdb.js';
import { forEachLimit, throwIfAborted } from '../library/limit.js';
import { markMetadataFailed, saveDynamicInfo, saveWorkMetadata, type WorkMetadata } from './save.js';
import { metadataTargets, type MetadataTarget } from '../works/rows.js';

export type LogLevel = ScanLog['level'];

export interface CrawlOptions {
  /** Aborting stops new requests at once; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Progress and problems of one work, by its code ('RJ173248'): coded log lines. */
  onLog?: (code: string, log: ScanLog) => void;
  /**
   * Called once per work when it is done: ok false means failed (kept for a later retry),
   * with `problem`: the error, and `unknown` true when no source knows the work (a final
   * answer of the store, not a failure to reach it).
   */
  onResult?: (code: string, ok: boolean, problem?: CrawlProblem) => void;
}

/**
 * Why a work's metadata was not saved: `reason` the coded text (reasonOf), `error` its
 * English, and whether the sources answered that they do not know it.
 */
export interface CrawlProblem { error: string; unknown: boolean; reason: CodedText }

/** Thrown when neither the store nor HVDB knows a work (both answered 404). */
class UnknownWorkError extends Error {
  readonly text = say('metadata.unknownWork');

  constructor() {
    super(say('metadata.unknownWork').message);
  }
}

/** Works done: `ok` saved without a problem, `failed` marked for a later retry (or unknown). */
export interface CrawlSummary {
  ok: number;
  failed: number;
}

/** Work codes per dynamic-info request in `refreshDynamicInfo`. */
export const DYNAMIC_BATCH_SIZE = 50;

interface Crawl {
  config: Config;
  dataDir: string;
  client: HttpClient;
  signal?: AbortSignal;
}

type Log = (level: LogLevel, text: CodedText) => void;

/**
 * Why a request or a work failed, as a coded text for the scanner's lines and the work
 * page: a failed request (`fetch.http` with the status, `fetch.timedOut`,
 * `fetch.unreachable` with its cause...), a page that could not be read
 * (`metadata.notWorkPage`...), a work no source knows (`metadata.unknownWork`); any other
 * error (a database error) as `error.other` with its message. The English of each is the
 * error's message, as `metadata_error` stores it.
 */
function reasonOf(err: unknown): CodedText {
  if (err instanceof FetchError || err instanceof ParseError || err instanceof UnknownWorkError) return err.text;
  return say('error.other', { reason: err instanceof Error ? err.message : String(err) });
}

/**
 * Fetches the full metadata of works already in the catalogue: the
 * DLsite work page (with the `locale` cookie of `tagLanguage`), the dynamic info, the three
 * covers into `{dataDir}/covers/`, and HVDB when the page lists no voice actor or DLsite
 * answers 404. Each work is saved in one transaction (src/metadata/save.ts) with
 * `metadata_status` 'ok', or 'failed' plus `metadata_error` for a later retry; a work that
 * failed keeps its folder data. Ids that are not works count as failed.
 *
 * Uses the config keys dlsiteBaseUrl, dlsiteImgBaseUrl, hvdbBaseUrl, tagLanguage,
 * dlsiteTimeout, hvdbTimeout (ms), retry (attempts), retryDelay (ms), maxParallelism,
 * httpProxyHost, httpProxyPort.
 *
 * Resolves to the counts; rejects with `opts.signal`'s reason when aborted (after the works
 * in progress stopped: no write happens after it settles), or with a database error.
 */
export async function fetchWorkMetadata(db: Db, config: Config, dataDir: string, workIds: number[], opts: CrawlOptions = {}): Promise<CrawlSummary> {
  const summary: CrawlSummary = { ok: 0, failed: 0 };
  const targets = await metadataTargets(db, workIds);
  reportMissing(workIds, targets, summary, opts);
  const crawl: Crawl = { config, dataDir, client: httpClientFromConfig(config), signal: opts.signal };
  try {
    await forEachLimit(
      targets,
      config.maxParallelism,
      async (work) => {
        const code = formatWorkCode(work.id, work.code_prefix);
        const log: Log = (level, text) => opts.onLog?.(code, { level, ...text });
        let problem: CrawlProblem | undefined;
        try {
          const { meta, reason } = await crawlWork(crawl, work, log);
          await saveWorkMetadata(db, work.id, meta);
          if (!reason) log('info', say('metadata.saved', { source: meta.source, title: meta.title || work.title }));
          else {
            log('error', say('metadata.savedWithProblems', { reason }));
            problem = { error: reason.message, unknown: false, reason };
          }
        } catch (err) {
          if (opts.signal?.aborted) throw opts.signal.reason;
          const reason = reasonOf(err);
          await markMetadataFailed(db, work.id, reason.message);
          log('error', say('metadata.failed', { reason }));
          problem = { error: reason.message, unknown: err instanceof UnknownWorkError, reason };
        }
        summary[problem ? 'failed' : 'ok']++;
        opts.onResult?.(code, !problem, problem);
      },
      opts.signal,
    );
  } finally {
    await crawl.client.close();
  }
  return summary;
}

/**
 * Refreshes only the dynamic info (dl_count, rate_average_2dp, rate_count, rate_count_detail,
 * review_count, price, rank) of works: the 'refresh library info' scan mode. Asks the
 * dynamic-info endpoint for up to DYNAMIC_BATCH_SIZE codes at once, batches in parallel up to
 * `maxParallelism`; each batch is written in one transaction. A code the store does not know,
 * or a batch that failed after its retries, counts as failed (nothing of it changes;
 * `metadata_status` is left as it is). Same options, resolution and rejection as
 * `fetchWorkMetadata`.
 */
export async function refreshDynamicInfo(db: Db, config: Config, workIds: number[], opts: CrawlOptions = {}): Promise<CrawlSummary> {
  const summary: CrawlSummary = { ok: 0, failed: 0 };
  const targets = await metadataTargets(db, workIds);
  reportMissing(workIds, targets, summary, opts);
  const batches: MetadataTarget[][] = [];
  const byPrefix = new Map<string, MetadataTarget[]>();
  for (const t of targets) {
    const group = byPrefix.get(t.code_prefix);
    if (group) group.push(t);
    else byPrefix.set(t.code_prefix, [t]);
  }
  for (const works of byPrefix.values()) {
    for (let i = 0; i < works.length; i += DYNAMIC_BATCH_SIZE) batches.push(works.slice(i, i + DYNAMIC_BATCH_SIZE));
  }
  const client = httpClientFromConfig(config);
  const finish = (code: string, ok: boolean, level: LogLevel, text: CodedText, unknown = false) => {
    opts.onLog?.(code, { level, ...text });
    summary[ok ? 'ok' : 'failed']++;
    opts.onResult?.(code, ok, ok ? undefined : { error: text.message, unknown, reason: text });
  };
  try {
    await forEachLimit(
      batches,
      config.maxParallelism,
      async (batch) => {
        const prefix = batch[0]!.code_prefix;
        const codes = batch.map((w) => formatWorkCode(w.id, prefix));
        let infos: Map<string, DynamicInfo>;
        try {
          const url = dynamicInfoUrl(config.dlsiteBaseUrl, batch.map((w) => w.id), prefix);
          infos = parseDynamicInfo(await client.getJson(url, storeOptions(config, opts.signal, (level, text) => codes.forEach((c) => opts.onLog?.(c, { level, ...text })))));
        } catch (err) {
          if (opts.signal?.aborted) throw opts.signal.reason;
          for (const code of codes) finish(code, false, 'error', say('metadata.dynamicFailed', { reason: reasonOf(err) }));
          return;
        }
        const known = batch.flatMap((w, i) => {
          const info = infos.get(codes[i]!);
          return info ? [{ workId: w.id, info }] : [];
        });
        await saveDynamicInfo(db, known);
        for (const code of codes) {
          if (infos.has(code)) finish(code, true, 'info', say('metadata.dynamicUpdated'));
          else finish(code, false, 'warn', say('metadata.dynamicUnknown'), true);
        }
      },
      opts.signal,
    );
  } finally {
    await client.close();
  }
  return summary;
}

/** Counts and reports the requested ids that are not works. */
function reportMissing(workIds: number[], targets: MetadataTarget[], summary: CrawlSummary, opts: CrawlOptions): void {
  const found = new Set(targets.map((t) => t.id));
  for (const id of new Set(workIds)) {
    if (found.has(id)) continue;
    const code = formatWorkCode(id);
    const text = say('metadata.noSuchWork');
    opts.onLog?.(code, { level: 'error', ...text });
    summary.failed++;
    opts.onResult?.(code, false, { error: text.message, unknown: true, reason: text });
  }
}

/** Request options for the store: its timeout, the locale cookie, retries logged as warnings (also the trial crawler's). */
export function storeOptions(config: Config, signal: AbortSignal | undefined, log: Log): GetOptions {
  return {
    timeout: config.dlsiteTimeout,
    signal,
    headers: { cookie: dlsiteCookie(config.tagLanguage) },
    onRetry: (attempt, error) => log('warn', say('metadata.retry', { reason: error.text, attempt, attempts: config.retry })),
  };
}

/** GETs text, answering null for a 404 (or 410) instead of throwing. */
async function getTextOrNull(client: HttpClient, url: string, opts: GetOptions): Promise<string | null> {
  try {
    return await client.getText(url, opts);
  } catch (err) {
    if (err instanceof FetchError && err.notFound) return null;
    throw err;
  }
}

/**
 * Everything about one work from the sources, and `reason` when a part failed (the
 * dynamic info, the main cover: `meta.error` is its English); throws when there is
 * nothing to save.
 */
async function crawlWork(crawl: Crawl, work: MetadataTarget, log: Log): Promise<{ meta: WorkMetadata; reason: CodedText | null }> {
  const { client, config, signal } = crawl;
  const store = storeOptions(config, signal, log);
  log('info', say('metadata.fromDlsite'));
  const html = await getTextOrNull(client, workPageUrl(config.dlsiteBaseUrl, work.id, work.code_prefix), store);

  if (html === null) {
    log('warn', say('metadata.unknownToDlsite'));
    const hvdb = await fetchHvdb(crawl, work.id, log);
    if (!hvdb) throw new UnknownWorkError();
    const covers = await fetchCovers(crawl, work, null, log);
    const meta: WorkMetadata = { source: 'hvdb', title: hvdb.title, nsfw: !hvdb.sfw, vas: hvdb.vas, coverFetched: covers.main, error: covers.problem?.message ?? null };
    return { meta, reason: covers.problem };
  }

  const page = parseWorkPage(html);
  const [dynamic, covers, hvdb] = await Promise.allSettled([
    fetchDynamic(crawl, work, log),
    fetchCovers(crawl, work, page.coverPath, log),
    page.vas.length ? Promise.resolve(null) : fetchHvdbVoiceActors(crawl, work.id, log),
  ]);
  throwIfAborted(signal);
  const problems: CodedText[] = [];
  if (dynamic.status === 'rejected') problems.push(say('metadata.problemDynamic', { reason: reasonOf(dynamic.reason) }));
  if (covers.status === 'rejected') problems.push(say('metadata.problemCover', { reason: reasonOf(covers.reason) }));
  else if (covers.value.problem) problems.push(covers.value.problem);
  const reason = problems.length > 1 ? say('metadata.twoProblems', { first: problems[0]!, second: problems[1]! }) : problems[0] ?? null;
  const vas = page.vas.length ? page.vas : hvdb.status === 'fulfilled' && hvdb.value ? hvdb.value : [];
  const meta: WorkMetadata = {
    source: 'dlsite',
    title: page.title,
    nsfw: page.nsfw,
    circle: page.circle,
    release: page.release,
    series: page.series,
    tags: page.tags,
    vas,
    dynamic: dynamic.status === 'fulfilled' ? dynamic.value : null,
    coverFetched: covers.status === 'fulfilled' && covers.value.main,
    error: reason?.message ?? null,
  };
  return { meta, reason };
}

/** The work's dynamic info, or null (with a warning) when the store answers `[]` for it. */
async function fetchDynamic(crawl: Crawl, work: MetadataTarget, log: Log): Promise<DynamicInfo | null> {
  const { client, config, signal } = crawl;
  const json = await client.getJson(dynamicInfoUrl(config.dlsiteBaseUrl, [work.id], work.code_prefix), storeOptions(config, signal, log));
  const info = parseDynamicInfo(json).get(formatWorkCode(work.id, work.code_prefix));
  if (!info) log('warn', say('metadata.noDynamicInfo'));
  return info ?? null;
}

/**
 * Downloads the main, sam and 240x240 covers into covers/. `main` tells whether the main
 * cover was saved; `problem` is set when the main cover failed for a reason that may pass
 * (a 404 is only a warning: retrying would not help). sam and 240x240 failures are warnings.
 */
async function fetchCovers(crawl: Crawl, work: MetadataTarget, pagePath: string | null, log: Log): Promise<{ main: boolean; problem: CodedText | null }> {
  const { client, config, dataDir, signal } = crawl;
  const urls = coverUrls(config.dlsiteImgBaseUrl, work.id, work.code_prefix, pagePath);
  const results = await Promise.allSettled(
    COVER_TYPES.map(async (type) => {
      const bytes = await client.get(urls[type], storeOptions(config, signal, log));
      if (!looksLikeImage(bytes)) throw new ParseError(say('metadata.notImage', { url: urls[type] }));
      await writeCover(dataDir, work.id, type, work.code_prefix, bytes);
    }),
  );
  throwIfAborted(signal);
  let problem: CodedText | null = null;
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') return;
    const type = COVER_TYPES[i]!;
    const error = result.reason;
    log('warn', say('metadata.coverFailed', { type, reason: reasonOf(error) }));
    if (type === 'main' && !(error instanceof FetchError && error.notFound)) problem = say('metadata.problemCover', { reason: reasonOf(error) });
  });
  return { main: results[0]!.status === 'fulfilled', problem };
}

/** The HVDB record of a work, or null when HVDB answers 404. Throws on other failures. */
async function fetchHvdb(crawl: Crawl, id: number, log: Log): Promise<HvdbWork | null> {
  const { client, config, signal } = crawl;
  const html = await getTextOrNull(client, hvdbWorkUrl(config.hvdbBaseUrl, id), {
    timeout: config.hvdbTimeout,
    signal,
    onRetry: (attempt, error) => log('warn', say('metadata.hvdbRetry', { reason: error.text, attempt, attempts: config.retry })),
  });
  if (html === null) return null;
  const work = parseHvdbPage(html);
  if (work.id !== id) throw new ParseError(say('metadata.hvdbOtherWork', { code: formatWorkCode(work.id) }));
  return work;
}

/** HVDB's voice actors for a store page without any; failures are warnings (HVDB is optional). */
async function fetchHvdbVoiceActors(crawl: Crawl, id: number, log: Log): Promise<string[] | null> {
  log('info', say('metadata.askHvdb'));
  try {
    const work = await fetchHvdb(crawl, id, log);
    if (!work) log('warn', say('metadata.hvdbUnknown'));
    else if (!work.vas.length) log('warn', say('metadata.hvdbNoVas'));
    else log('info', say('metadata.hvdbVas', { vas: work.vas.join(', ') }));
    return work?.vas ?? null;
  } catch (err) {
    throwIfAborted(crawl.signal);
    log('warn', say('metadata.hvdbFailed', { reason: reasonOf(err) }));
    return null;
  }
}
