/**
 * `audiolib scan [DIR...]` (DESIGN section 1, issue 2 item 3, issue 4 "CLI"): scans the
 * given folders, else the config's rootFolders, into the catalogue. Progress with an
 * ora spinner on a TTY (stderr), plain lines otherwise; the summary line
 * `added N, updated N, skipped N, failed N, duplicates N` and each failure and duplicate
 * by work code on stderr; `--json` prints the summary as one JSON document on stdout and
 * nothing on stderr. Exit 0 ok, 1 some work failed (or the scan was refused), 2 usage;
 * SIGINT/SIGTERM stop the scan cleanly (130/143).
 * Modes: `--work CODE` one work, `--lyrics` lyric scan, `--refresh` the dynamic info of
 * every work (sales, ratings, price), `--allow-mass-removal`. After a scan the metadata of
 * new and not-yet-fetched works is fetched (config fetchMetadata; `--fetch`/`--no-fetch`);
 * a work whose metadata cannot be fetched is kept and retried by the next scan.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import ora, { type Ora } from 'ora';
import { ensureDataDir, loadConfig, resolveDataDir, type Config } from '../config/index.js';
import { openMigrated, type Db } from '../db/index.js';
import { ScanAbortedError, scanLibrary, scanLyrics, scanWork, summaryLine, type ScanEvent, type ScanOptions, type ScanRoot, type ScanSummary } from '../library/scan.js';
import { formatWorkCode, parseWorkIdInput } from '../library/workcode.js';
import { NotFound } from '../model/errors.js';
import { fetchPendingMetadata, refreshLibraryInfo, type MetadataSummary } from '../metadata/index.js';
import { CliError, EXIT_FAILURES, info, printJson } from './output.js';


interface ScanFlags { json?: boolean; work?: string; lyrics?: boolean; refresh?: boolean; fetch?: boolean; allowMassRemoval?: boolean }

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

/** Progress display: a spinner with counts on a TTY, plain lines otherwise, nothing with --json. */
function progress(json: boolean): { onEvent: (e: ScanEvent) => void; stop: () => void } {
  if (json) return { onEvent: () => undefined, stop: () => undefined };
  const counts = { added: 0, updated: 0, skipped: 0, failed: 0, done: 0, total: 0 };
  // a terminal that reports no width (some pseudo-terminals) gets plain lines
  const spinner: Ora | null = process.stderr.isTTY && process.stderr.columns > 0 ? ora({ stream: process.stderr, text: 'looking for works' }).start() : null;
  const text = () => `${counts.done}${counts.total ? `/${counts.total}` : ''} works: added ${counts.added}, updated ${counts.updated}, skipped ${counts.skipped}, failed ${counts.failed}`;
  const line = (message: string) => {
    if (spinner) spinner.clear();
    info(message);
    if (spinner) spinner.render();
  };
  return {
    onEvent(e) {
      if (e.type === 'result') {
        counts[e.result]++;
        counts.done++;
        if (!spinner && e.result !== 'skipped') line(`${e.code} ${e.result}`);
      } else if (e.type === 'progress') {
        counts.total = e.total;
      } else if (e.type === 'main') {
        const m = /^found (\d+) work folders/.exec(e.log.message);
        if (m) counts.total = Number(m[1]);
        // duplicates and the summary line are printed by report() at the end
        const reported = / is in two folders: |^added \d+, updated \d+/.test(e.log.message);
        if (!reported && (e.log.level !== 'info' || !spinner)) line(e.log.message);
      } else if (e.type === 'task' && e.log.level !== 'info') {
        line(`${e.code}: ${e.log.message}`);
      }
      if (spinner) spinner.text = text();
    },
    stop: () => spinner?.stop(),
  };
}

/** Metadata phase display: warnings and errors by work code, and the phase's main lines; nothing with --json. */
function metadataProgress(json: boolean): (e: ScanEvent) => void {
  return (e) => {
    if (json) return;
    if (e.type === 'main') info(e.log.message);
    else if (e.type === 'task' && e.log.level !== 'info') info(`${e.code}: ${e.log.message}`);
  };
}

/** Prints failures, duplicates, hidden and restored counts and the summary line on stderr. */
function report(summary: ScanSummary): void {
  for (const f of summary.failures) info(`failed ${f.code}: ${f.error}`);
  for (const d of summary.duplicateFolders) info(`duplicate ${d.code}: kept ${d.kept}, skipped ${d.duplicate}`);
  if (summary.removed) info(`hidden ${summary.removed} works whose folders are missing`);
  if (summary.restored) info(`restored ${summary.restored} works whose folders came back`);
  info(summaryLine(summary));
}

/**
 * Options of a library scan from the configuration and flags. The place to add a
 * post-work hook (ScanOptions.afterWork, e.g. the metadata fetch) for the CLI.
 */
export function scanOptionsFor(config: Config, roots: ScanRoot[], flags: ScanFlags, signal: AbortSignal, onEvent: (e: ScanEvent) => void): ScanOptions {
  return { roots, maxDepth: config.scannerMaxRecursionDepth, allowMassRemoval: !!flags.allowMassRemoval, skipCleanup: config.skipCleanup, signal, onEvent };
}

export function registerScan(program: Command): void {
  program
    .command('scan')
    .description('scan library folders (DIR..., else the configured root folders) into the catalogue')
    .argument('[dir...]', 'folders to scan')
    .option('--json', 'print the summary as JSON on stdout')
    .option('--work <code>', 'rescan one work of the catalogue (e.g. RJ01012345)')
    .option('--lyrics', "rescan the files and lyrics of the catalogue's works only")
    .option('--refresh', 'refresh the dynamic info (sales, ratings, price, rank) of every work from the store')
    .option('--fetch', 'fetch the metadata of new and not-yet-fetched works after the scan (default: config fetchMetadata)')
    .option('--no-fetch', 'do not fetch metadata')
    .option('--allow-mass-removal', 'hide missing works even when more than 10% of the library would vanish')
    .action(async (dirs: string[], flags: ScanFlags) => {
      const global = program.opts<{ dataDir?: string; db?: string }>();
      const dataDir = resolveDataDir(global.dataDir);
      ensureDataDir(dataDir);
      const config = loadConfig(dataDir);
      const workId = flags.work === undefined ? null : parseWorkIdInput(flags.work);
      if (flags.work !== undefined && workId === null) throw new CliError(`not a work code: ${flags.work}`);
      if ((workId !== null || flags.lyrics || flags.refresh) && dirs.length > 0) throw new CliError('--work, --lyrics and --refresh take no DIR arguments');
      if ([workId !== null, flags.lyrics, flags.refresh].filter(Boolean).length > 1) throw new CliError('choose one of --work, --lyrics and --refresh');
      const roots = workId === null && !flags.lyrics && !flags.refresh ? rootsFor(dirs, config) : [];
      const fetch = flags.fetch ?? config.fetchMetadata;

      const controller = new AbortController();
      let signalCode = 0;
      const stop = (code: number) => () => {
        signalCode = code;
        controller.abort();
      };
      const onInt = stop(130);
      const onTerm = stop(143);
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      const db: Db = await openMigrated(dataDir, global.db);
      const display = progress(!!flags.json);
      try {
        if (workId !== null) {
          const answer = await scanWork(db, workId, { signal: controller.signal, onEvent: display.onEvent });
          display.stop();
          const metadata = fetch && answer.result !== 'failed' && answer.result !== 'removed'
            ? await fetchPendingMetadata(db, config, dataDir, { workIds: [workId], signal: controller.signal, onEvent: metadataProgress(!!flags.json) })
            : undefined;
          const code = formatWorkCode(workId, (await db('works').where({ id: workId }).first('code_prefix'))?.code_prefix ?? 'RJ');
          if (flags.json) printJson({ code, ...answer, ...(metadata && { metadata }) });
          else info(`${code} ${answer.result}${answer.error ? `: ${answer.error}` : ''}`);
          if (answer.result === 'failed') process.exitCode = EXIT_FAILURES;
          return;
        }
        const summary = flags.lyrics
          ? await scanLyrics(db, { signal: controller.signal, onEvent: display.onEvent })
          : flags.refresh
            ? await refreshLibraryInfo(db, config, { signal: controller.signal, onEvent: display.onEvent })
            : await scanLibrary(db, scanOptionsFor(config, roots, flags, controller.signal, display.onEvent));
        display.stop();
        let metadata: MetadataSummary | undefined;
        if (fetch && !flags.lyrics && !flags.refresh) {
          metadata = await fetchPendingMetadata(db, config, dataDir, { signal: controller.signal, onEvent: metadataProgress(!!flags.json) });
        }
        if (flags.json) printJson(metadata ? { ...summary, metadata } : summary);
        else report(summary);
        if (summary.failed > 0) process.exitCode = EXIT_FAILURES;
      } catch (err) {
        display.stop();
        if (err instanceof ScanAbortedError) {
          if (flags.json) printJson({ ...err.summary, killed: true });
          else {
            info('scan stopped; the works done so far are saved');
            report(err.summary);
          }
          process.exitCode = signalCode || EXIT_FAILURES;
          return;
        }
        if (controller.signal.aborted) {
          info('stopped; the works done so far are saved');
          process.exitCode = signalCode || EXIT_FAILURES;
          return;
        }
        if (err instanceof CliError) throw err;
        if (err instanceof NotFound) throw new CliError(err.message);
        throw new CliError((err as Error).message, EXIT_FAILURES);
      } finally {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
        await db.destroy();
      }
    });
}
