/**
 * `audiolib scan [DIR...]` (DESIGN section 1): scans the
 * given folders, else the config's rootFolders, into the catalogue. Progress with an
 * ora spinner on a TTY (stderr), plain lines otherwise; the summary line
 * `added N, updated N, skipped N, failed N, duplicates N` and each failure and duplicate
 * by work code on stderr; `--json` prints the summary as one JSON document on stdout and
 * nothing on stderr. A work whose metadata could not be fetched (store unreachable,
 * error answers) counts as failed, one line each; every retry of a store request and
 * each work's warnings as they happen only with `--verbose`. Exit 0 ok, 1 some work
 * failed (or the mass-removal guard refused), 2 usage, 75 another scan holds the lock;
 * SIGINT/SIGTERM stop the scan cleanly (130/143), with `--json` still one document: the
 * counts so far and `killed: true`, in the metadata fetch also `stoppedIn: 'fetch'` and
 * `metadataProgress` (stoppedFields).
 * Modes: `--work CODE` one work, `--lyrics` lyric scan, `--refresh` the dynamic info of
 * every work (sales, ratings, price), `--allow-mass-removal`. A folder scan is quick
 * (src/library/README.md "Quick rescans": a work whose folders kept their change times is
 * not read; a file rewritten in place is missed) unless `--full` (every file stated). After a scan the metadata of
 * new and not-yet-fetched works is fetched (config fetchMetadata; `--fetch`/`--no-fetch`);
 * a work whose metadata cannot be fetched is kept and retried by the next scan.
 * The scan itself runs in the scan runner (src/scan/run.ts); this file presents its events.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import ora, { type Ora } from 'ora';
import { ensureDataDir, loadConfig, resolveDataDir, type Config } from '../config/index.js';
import { isDamageError, openMigrated, type Db } from '../db/index.js';
import { ScanAbortedError, ScanError, ScanLockedError, runScan, runWorkScan, summaryLine, type MetadataSummary, type ScanCounts, type ScanEvent, type ScanMode, type ScanPhase, type ScanRoot, type ScanSummary, type WorkResult } from '../scan/index.js';
import { NotFound, parseWorkIdInput } from '../model/index.js';
import { CliError, EXIT_FAILURES, EXIT_LOCKED, info, printJson, stopOnSignals } from './output.js';


interface ScanFlags { json?: boolean; verbose?: boolean; work?: string; lyrics?: boolean; refresh?: boolean; fetch?: boolean; allowMassRemoval?: boolean; full?: boolean }

/**
 * The folders to scan: each DIR (must be an existing folder; named like the configured
 * root with that path, else by its base name), else the configured roots.
 * Throws CliError (exit 2) for a missing DIR or when there is nothing to scan.
 */
export function rootsFor(dirs: string[], config: Config): ScanRoot[] {
  if (dirs.length === 0) {
    if (config.rootFolders.length === 0) throw new CliError('no folders to scan: give DIR arguments or add rootFolders to the configuration');
    return config.rootFolders.map((r) => ({ name: r.name, path: path.resolve(r.path) }));
  }
  return dirs.map((dir) => {
    const abs = path.resolve(dir);
    if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) throw new CliError(`not a folder: ${dir}`);
    const configured = config.rootFolders.find((r) => path.resolve(r.path) === abs);
    return { name: configured?.name ?? path.basename(abs), path: abs };
  });
}

/** Cells of the metadata fetch's progress bar. */
const BAR_CELLS = 20;

/** The metadata fetch's spinner text: `fetching metadata 12/300 [###-----...] 4%` (works done of total). */
export function fetchProgressText(done: number, total: number | null): string {
  if (!total) return `fetching metadata ${done} works`;
  const filled = Math.min(BAR_CELLS, Math.floor((done / total) * BAR_CELLS));
  return `fetching metadata ${done}/${total} [${'#'.repeat(filled)}${'-'.repeat(BAR_CELLS - filled)}] ${Math.floor((done / total) * 100)}%`;
}

/**
 * Progress display of a run's events: on a TTY a spinner with the counts (warnings
 * printed above it), else a line per work that is not skipped and every main-log line;
 * in the metadata fetch, its main-log lines, and on a TTY a spinner with the works done
 * of the total and a bar (fetchProgressText), redrawn at each work. A work's warnings (of a folder scan) print
 * as they come; its errors, the store's answers and every retry only with `verbose`,
 * since report() names each failed work once. Duplicates and the summary are left to
 * report(). Nothing with --json (plain lines on stderr with --json --verbose).
 * `stop(refusal)` ends the display; an error line of the main log that is the run's
 * refusal (the mass-removal guard) is dropped there: the command reports it once.
 * Also the display of `audiolib trial fetch` (cli/trial.ts), whose crawl reports as a run.
 */
export function progress(opts: { json: boolean; verbose: boolean; crawl: boolean }): { onEvent: (e: ScanEvent) => void; stop: (refusal?: string) => void } {
  if (opts.json && !opts.verbose) return { onEvent: () => undefined, stop: () => undefined };
  // a terminal that reports no width (some pseudo-terminals) gets plain lines
  const tty = !opts.json && process.stderr.isTTY && process.stderr.columns > 0;
  let spinner: Ora | null = tty ? ora({ stream: process.stderr, text: 'looking for works' }).start() : null;
  let fetching = false;
  let held: string | null = null;
  const line = (message: string) => {
    if (spinner) spinner.clear();
    info(message);
    if (spinner) spinner.render();
  };
  const flush = () => {
    if (held !== null) line(held);
    held = null;
  };
  const stopSpinner = () => {
    spinner?.stop();
    spinner = null;
  };
  /** Whether a work's log line of this level shows: warnings of a folder scan always, the rest with --verbose. */
  const shows = (level: string, crawl: boolean) => level !== 'info' && (opts.verbose || (level === 'warn' && !crawl));
  return {
    onEvent(e) {
      flush();
      if ('phase' in e && e.phase === 'fetch') {
        if (!fetching) {
          // the walk's spinner ends with its counts; the fetch gets a spinner of its own
          fetching = true;
          stopSpinner();
          if (tty) spinner = ora({ stream: process.stderr, text: fetchProgressText(0, null) }).start();
        }
        if (e.type === 'log') line(e.log.message);
        else if (e.type === 'task' && shows(e.log.level, true)) line(`${e.code}: ${e.log.message}`);
        else if (e.type === 'progress' && spinner) {
          spinner.text = fetchProgressText(e.done, e.total);
          spinner.render();
        }
      } else if (e.type === 'progress') {
        const { done, total, counts: c } = e;
        if (spinner) spinner.text = `${done}${total ? `/${total}` : ''} works: added ${c.added}, updated ${c.updated}, skipped ${c.skipped}, failed ${c.failed}`;
      } else if (e.type === 'result') {
        if (!spinner && e.result !== 'skipped') line(`${e.code} ${e.result}`);
      } else if (e.type === 'log') {
        if (e.log.level === 'error') held = e.log.message;
        else if (e.log.level !== 'info' || !spinner) line(e.log.message);
      } else if (e.type === 'task' && shows(e.log.level, opts.crawl)) {
        line(`${e.code}: ${e.log.message}`);
      }
    },
    stop(refusal) {
      if (held !== refusal) flush();
      held = null;
      stopSpinner();
    },
  };
}

/**
 * What a run reported before it ended, for the `--json` document of a run a signal
 * stopped: the phase it was in (null before its first event), the walk's summary (folder
 * and lyric scans), the scan phase's counts and total (null while unknown), the result of
 * the one work of `--work`, and the metadata fetch's works done of its total.
 */
export interface RunSeen {
  phase: ScanPhase | null;
  summary?: ScanSummary;
  counts: ScanCounts;
  total: number | null;
  work?: { code: string; result: WorkResult };
  fetch?: { done: number; total: number | null };
}

/** Wraps `onEvent` so the run's events are also kept in `seen` (RunSeen) as they pass. */
export function watchRun(onEvent: (e: ScanEvent) => void): { onEvent: (e: ScanEvent) => void; seen: RunSeen } {
  const seen: RunSeen = { phase: null, counts: { added: 0, updated: 0, skipped: 0, failed: 0 }, total: null };
  return {
    seen,
    onEvent(e) {
      if ('phase' in e) seen.phase = e.phase;
      if (e.type === 'summary') seen.summary = e.summary;
      else if (e.type === 'progress' && e.phase === 'fetch') seen.fetch = { done: e.done, total: e.total };
      else if (e.type === 'progress') {
        seen.counts = e.counts;
        seen.total = e.total;
      } else if (e.type === 'result' && e.phase === 'scan') seen.work = { code: e.code, result: e.result };
      onEvent(e);
    },
  };
}

/**
 * The fields every stopped run's `--json` document carries: `killed: true`, `stoppedIn`
 * ('scan' or 'fetch': the step the signal stopped) and, when the metadata fetch had
 * begun, `metadataProgress` {done, total} (works).
 */
export function stoppedFields(seen: RunSeen): { killed: true; stoppedIn: ScanPhase; metadataProgress?: { done: number; total: number | null } } {
  return { killed: true, stoppedIn: seen.phase ?? 'scan', ...(seen.fetch && { metadataProgress: seen.fetch }) };
}

/** The failures of a metadata fetch: each work whose metadata could not be had (not those no source knows), as `metadata: ERROR`. */
const metadataFailures = (metadata?: MetadataSummary) => (metadata?.notFetched ?? []).filter((n) => !n.unknown).map((n) => ({ code: n.code, error: `metadata: ${n.error}` }));

/**
 * The metadata counts as --json prints them: `failed` is `unknown` (no store knows the
 * work) plus `unreachable` (a store could not be reached or answered an error).
 */
const metadataCounts = ({ ok, failed, unknown, unreachable }: MetadataSummary) => ({ ok, failed, unknown, unreachable });

/** The scan's summary with the works whose metadata could not be fetched counted as failed (a work counted once). */
function withMetadataFailures(summary: ScanSummary, metadata?: MetadataSummary): ScanSummary {
  const failures = metadataFailures(metadata);
  const counted = new Set(summary.failures.map((f) => f.code));
  return { ...summary, failed: summary.failed + new Set(failures.map((f) => f.code).filter((c) => !counted.has(c))).size, failures: [...summary.failures, ...failures] };
}

/** One line per work no source knows (not a failure: the next scan asks again). */
function reportUnknown(metadata?: MetadataSummary): void {
  for (const n of metadata?.notFetched ?? []) if (n.unknown) info(`${n.code}: metadata not fetched (${n.error}); the next scan retries it`);
}

/** Prints failures, duplicates, hidden and restored counts and the summary line on stderr. */
function report(summary: ScanSummary, metadata?: MetadataSummary): void {
  for (const f of summary.failures) info(`failed ${f.code}: ${f.error}`);
  reportUnknown(metadata);
  for (const d of summary.duplicateFolders) info(`duplicate ${d.code}: kept ${d.kept}, skipped ${d.duplicate}`);
  if (summary.removed) info(`hidden ${summary.removed} works whose folders are missing`);
  if (summary.restored) info(`restored ${summary.restored} works whose folders came back`);
  info(summaryLine(summary));
}

export function registerScan(program: Command): void {
  program
    .command('scan')
    .description('scan library folders (DIR..., else the configured root folders) into the catalogue')
    .argument('[dir...]', 'folders to scan')
    .option('--json', 'print the summary as JSON on stdout')
    .option('--verbose', "print each work's warnings and errors as they happen, every retry of a store request included")
    .option('--work <code>', 'rescan one work of the catalogue (e.g. RJ01012345)')
    .option('--lyrics', "rescan the files and lyrics of the catalogue's works only")
    .option('--refresh', 'refresh the dynamic info (sales, ratings, price, rank) of every work from the store')
    .option('--fetch', 'fetch the metadata of new and not-yet-fetched works after the scan (default: config fetchMetadata)')
    .option('--no-fetch', 'do not fetch metadata')
    .option('--allow-mass-removal', 'hide missing works even when more than 10% of the library would vanish')
    .option('--full', 'read every folder and state every file, also of works whose folders did not change (finds files rewritten in place)')
    .action(async (dirs: string[], flags: ScanFlags) => {
      const global = program.opts<{ dataDir?: string; db?: string }>();
      const dataDir = resolveDataDir(global.dataDir);
      ensureDataDir(dataDir);
      const config = loadConfig(dataDir);
      const workId = flags.work === undefined ? null : parseWorkIdInput(flags.work);
      if (flags.work !== undefined && workId === null) throw new CliError(`not a work code: ${flags.work}`);
      if ((workId !== null || flags.lyrics || flags.refresh) && dirs.length > 0) throw new CliError('--work, --lyrics and --refresh take no DIR arguments');
      if ([workId !== null, flags.lyrics, flags.refresh].filter(Boolean).length > 1) throw new CliError('choose one of --work, --lyrics and --refresh');
      if (flags.full && (workId !== null || flags.lyrics || flags.refresh)) throw new CliError('--full goes with a folder scan only (--work and --lyrics always read every file)');
      const roots = workId === null && !flags.lyrics && !flags.refresh ? rootsFor(dirs, config) : [];
      const fetch = flags.fetch ?? config.fetchMetadata;

      const stop = stopOnSignals();
      const db: Db = await openMigrated(dataDir, global.db);
      const display = progress({ json: !!flags.json, verbose: !!flags.verbose, crawl: !!flags.refresh });
      const watched = watchRun(display.onEvent);
      const run = { fetch, signal: stop.signal, onEvent: watched.onEvent };
      try {
        if (workId !== null) {
          const { metadata, ...work } = await runWorkScan(db, config, dataDir, workId, run);
          display.stop();
          const failures = metadataFailures(metadata);
          if (flags.json) printJson({ ...work, ...(metadata && { metadata: metadataCounts(metadata) }), ...(failures.length ? { failures } : {}) });
          else {
            info(`${work.code} ${work.result}${work.error ? `: ${work.error}` : ''}`);
            for (const f of failures) info(`failed ${f.code}: ${f.error}`);
            reportUnknown(metadata);
          }
          if (work.result === 'failed' || failures.length) process.exitCode = EXIT_FAILURES;
          return;
        }
        const mode: ScanMode = flags.lyrics ? { kind: 'lyrics' } : flags.refresh ? { kind: 'refresh' } : { kind: 'scan', roots, allowMassRemoval: !!flags.allowMassRemoval, quick: !flags.full };
        const answer = await runScan(db, config, dataDir, mode, run);
        const summary = withMetadataFailures(answer.summary, answer.metadata);
        display.stop();
        if (flags.json) printJson(answer.metadata ? { ...summary, metadata: metadataCounts(answer.metadata) } : summary);
        else report(summary, answer.metadata);
        if (summary.failed > 0) process.exitCode = EXIT_FAILURES;
      } catch (err) {
        display.stop((err as Error | undefined)?.message);
        if (err instanceof ScanAbortedError) {
          if (flags.json) printJson({ ...err.summary, killed: true });
          else {
            info('scan stopped; the works done so far are saved');
            report(err.summary);
          }
          process.exitCode = stop.exitCode();
          return;
        }
        if (stop.signal.aborted) {
          // stopped outside the walk (the metadata fetch, a refresh): still one document
          const { seen } = watched;
          if (flags.json && workId !== null) printJson({ code: seen.work?.code ?? flags.work!.toUpperCase(), result: seen.work?.result ?? null, ...stoppedFields(seen) });
          else if (flags.json) printJson({ ...(seen.summary ?? seen.counts), ...stoppedFields(seen) });
          else info('stopped; the works done so far are saved');
          process.exitCode = stop.exitCode();
          return;
        }
        if (err instanceof CliError) throw err;
        if (err instanceof ScanLockedError) throw new CliError(err.message, EXIT_LOCKED);
        if (err instanceof ScanError) throw new CliError(err.message, EXIT_FAILURES, 'mass_removal');
        if (err instanceof NotFound) throw new CliError(err.message);
        // a damaged database is reported as such (failure.ts: the file, exit 2)
        if (isDamageError(err)) throw err;
        throw new CliError((err as Error).message, EXIT_FAILURES);
      } finally {
        stop.dispose();
        await db.destroy();
      }
    });
}
