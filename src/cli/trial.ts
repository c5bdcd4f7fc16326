/**
 * `audiolib trial fetch` (DESIGN section 7; man/audiolib-trial.1): runs the trial crawler
 * (src/scan/run.ts `runTrialFetch`) on the data directory: the store's new-release listing (config
 * dlsiteBaseUrl + trialListingPath) adds the works the catalogue does not know as new
 * trial works (status 0), then their metadata and covers are fetched. For cron. Progress
 * as `audiolib scan` shows it (an ora spinner on a TTY, plain lines otherwise, on stderr)
 * and the line `listed N, added N, skipped N`, each work whose metadata could not be had
 * on a line of its own (retries and warnings as they come with `--verbose`); `--json`
 * prints `{listed, added, skipped, metadata: {ok, failed, unknown, unreachable}, failures}` on stdout
 * and nothing on stderr. Exit codes as `audiolib scan`: 0 ok, 1 the listing could not be
 * read or some work's metadata could not be had, 2 usage or config, 75 a scan holds the
 * lock; SIGINT/SIGTERM stop it (130/143), works added before stay; with `--json` the
 * document is then `{listed, added, skipped, killed: true, stoppedIn, metadataProgress?}`.
 */
import type { Command } from 'commander';
import { ensureDataDir, loadConfig, resolveDataDir } from '../config/index.js';
import { isDamageError, openMigrated } from '../db/index.js';
import { trialSummaryLine } from '../trial/index.js';
import { ScanLockedError, runTrialFetch } from '../scan/index.js';
import { CliError, EXIT_FAILURES, EXIT_LOCKED, info, printJson, stopOnSignals } from './output.js';
import { progress, stoppedFields, watchRun } from './scan.js';

export function registerTrial(program: Command): void {
  const trial = program.command('trial').description('the trial catalogue: new releases to try, dislike or download');
  trial
    .command('fetch')
    .description("add the store's new releases to the trial catalogue and fetch their metadata")
    .option('--json', 'print the counts as JSON on stdout')
    .option('--verbose', 'print warnings and errors as they happen, every retry of a store request included')
    .action(async (flags: { json?: boolean; verbose?: boolean }) => {
      const global = program.opts<{ dataDir?: string; db?: string }>();
      const dataDir = resolveDataDir(global.dataDir);
      ensureDataDir(dataDir);
      const config = loadConfig(dataDir);
      const stop = stopOnSignals();
      const db = await openMigrated(dataDir, global.db);
      const display = progress({ json: !!flags.json, verbose: !!flags.verbose, crawl: true });
      const watched = watchRun(display.onEvent);
      try {
        const summary = await runTrialFetch(db, config, dataDir, { signal: stop.signal, onEvent: watched.onEvent });
        display.stop();
        if (flags.json) printJson(summary);
        else {
          for (const f of summary.failures) info(`failed ${f.code}: ${f.error}`);
          const m = summary.metadata;
          info(`${trialSummaryLine(summary)}; metadata ${m.ok} fetched, ${m.failed} not fetched (${m.unknown} unknown to the stores, ${m.unreachable} store errors)`);
        }
        if (summary.failures.length > 0) process.exitCode = EXIT_FAILURES;
      } catch (err) {
        display.stop();
        if (stop.signal.aborted) {
          const { seen } = watched;
          if (flags.json) printJson({ listed: seen.total ?? 0, added: seen.counts.added, skipped: seen.counts.skipped, ...stoppedFields(seen) });
          else info('stopped; the works added so far are saved');
          process.exitCode = stop.exitCode();
          return;
        }
        if (err instanceof ScanLockedError) throw new CliError(err.message, EXIT_LOCKED);
        // a damaged database is reported as such (failure.ts: the file, exit 2)
        if (isDamageError(err)) throw err;
        throw new CliError((err as Error).message, EXIT_FAILURES);
      } finally {
        stop.dispose();
        await db.destroy();
      }
    });
}
