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
 * The scan itself runs in the scan runner (src/metadata/runner.ts); this file presents its events.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import ora, { type Ora } from 'ora';
import { ensureDataDir, loadConfig, resolveDataDir, type Config } from '../config/index.js';
import { openMigrated, type Db } from '../db/index.js';
import { ScanAbortedError, summaryLine, type ScanRoot, type ScanSummary } from '../library/scan.js';
import { NotFound, parseWorkIdInput } from '../model/index.js';
import { runScan, runWorkScan, type RunEvent, type RunMode } from '../metadata/index.js';
import { CliError, EXIT_FAILURES, info, printJson, stopOnSignals } from './output.js';


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

/**
 * Progress display of a run's events: on a TTY a spinner with the counts (warnings and
 * errors printed above it), else a line per work that is not skipped and every main-log
 * line; then, in the metadata fetch, its main-log lines and each warning by work code.
 * Duplicates and the summary are left to report(). Nothing with --json. Also the
 * display of `audiolib trial fetch` (cli/trial.ts), whose crawl reports as a run.
 */
export function progress(json: boolean): { onEvent: (e: RunEvent) => void; stop: () => void } {
  if (json) return { onEvent: () => undefined, stop: () => undefined };
  // a terminal that reports no width (some pseudo-terminals) gets plain lines
  let spinner: Ora | null = process.stderr.isTTY && process.stderr.columns > 0 ? ora({ stream: process.stderr, text: 'looking for works' }).start() : null;
  const line = (message: string) => {
    if (spinner) spinner.clear();
    info(message);
    if (spinner) spinner.render();
  };
  const stop = () => {
    spinner?.stop();
    spinner = null;
  };
  return {
    onEvent(e) {
      if ('phase' in e && e.phase === 'fetch') {
        stop();
        if (e.type === 'log') info(e.log.message);
        else if (e.type === 'task' && e.log.level !== 'info') info(`${e.code}: ${e.log.message}`);
      } else if (e.type === 'progress') {
        const { done, total, counts: c } = e;
        if (spinner) spinner.text = `${done}${total ? `/${total}` : ''} works: added ${c.added}, updated ${c.updated}, skipped ${c.skipped}, failed ${c.failed}`;
      } else if (e.type === 'result') {
        if (!spinner && e.result !== 'skipped') line(`${e.code} ${e.result}`);
      } else if (e.type === 'log') {
        if (e.log.level !== 'info' || !spinner) line(e.log.message);
      } else if (e.type === 'task' && e.log.level !== 'info') {
        line(`${e.code}: ${e.log.message}`);
      }
    },
    stop,
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

      const stop = stopOnSignals();
      const db: Db = await openMigrated(dataDir, global.db);
      const display = progress(!!flags.json);
      const run = { fetch, signal: stop.signal, onEvent: display.onEvent };
      try {
        if (workId !== null) {
          const work = await runWorkScan(db, config, dataDir, workId, run);
          display.stop();
          if (flags.json) printJson(work);
          else info(`${work.code} ${work.result}${work.error ? `: ${work.error}` : ''}`);
          if (work.result === 'failed') process.exitCode = EXIT_FAILURES;
          return;
        }
        const mode: RunMode = flags.lyrics ? { kind: 'lyrics' } : flags.refresh ? { kind: 'refresh' } : { kind: 'scan', roots, allowMassRemoval: !!flags.allowMassRemoval };
        const { summary, metadata } = await runScan(db, config, dataDir, mode, run);
        display.stop();
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
          process.exitCode = stop.exitCode();
          return;
        }
        if (stop.signal.aborted) {
          info('stopped; the works done so far are saved');
          process.exitCode = stop.exitCode();
          return;
        }
        if (err instanceof CliError) throw err;
        if (err instanceof NotFound) throw new CliError(err.message);
        throw new CliError((err as Error).message, EXIT_FAILURES);
      } finally {
        stop.dispose();
        await db.destroy();
      }
    });
}
