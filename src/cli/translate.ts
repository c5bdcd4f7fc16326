/**
 * `audiolib translate` (DESIGN sections 1 and 7): the AI lyric worker. Claims pending
 * lyric tasks, runs the transcriber (config transcriberCommand or --command, a command
 * line with {input} and {output}), converts srt/vtt output to LRC and posts it.
 * Against `--server URL` it authenticates as a worker: with a worker key (`audiolib
 * translate-key add`, the admin page) read from --key-file FILE or AUDIOLIB_WORKER_KEY,
 * or by logging in as --user (the admin) with the password from AUDIOLIB_PASSWORD, else a
 * prompt (TTY) or the first line of stdin; a key or password is never an argv value.
 * Without --server it works on the local data directory's database. Ctrl-C puts the
 * current task back to pending. With `--json` stdout is a stream of JSON lines (one
 * object per status line, `event` step, done or note, then `summary` with the outcome
 * counts); a refusal is one `{"error", "code", "exit"}` line.
 * Exit codes: 0 ok (or nothing to do), 1 a task failed (--once) or the server failed,
 * 2 bad usage, config or credentials refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Command } from 'commander';
import ora, { type Ora } from 'ora';
import { describeOsError, loadConfig, resolveDataDir } from '../config/index.js';
import { openMigrated } from '../db/index.js';
import { ApiClient, ApiError, memoryToken } from '../api/client.js';
import { transcriberCommandProblem } from '../translate/transcriber.js';
import { CredentialsRefusedError, runWorker, type WorkerBackend, type WorkerProgress } from '../translate/worker.js';
import { httpBackend } from '../translate/worker-http.js';
import { localBackend } from '../translate/worker-local.js';
import { formatWorkCode } from '../model/index.js';
import { CliError, EXIT_FAILURES, EXIT_USAGE, info, printJsonLine } from './output.js';
import { readPassword } from './password-input.js';

interface TranslateOptions {
  server?: string;
  user?: string;
  keyFile?: string;
  command?: string;
  name: string;
  once?: boolean;
  poll: string;
  json?: boolean;
}

type TaskHead = { id: number; work_id: number; code_prefix: string; file_name: string };

/** Whether a step is worth a line of its own (the transcriber's own lines go to the spinner only). */
const isStep = (text: string) => text === 'downloading audio' || text === 'transcribing';

/**
 * Progress as JSON lines on stdout (--json): `{"event": "step", task, work, file, step}`
 * when a task starts a step, `{"event": "done", task, work, file, outcome, detail}` when
 * it ends, `{"event": "note", message}` between tasks.
 */
function jsonReporter(): WorkerProgress & { stop(): void } {
  const head = (t: TaskHead) => ({ task: t.id, work: formatWorkCode(t.work_id, t.code_prefix), file: t.file_name });
  let lastStep = '';
  return {
    update(task, text) {
      if (!isStep(text) || text === lastStep) return;
      lastStep = text;
      printJsonLine({ event: 'step', ...head(task), step: text });
    },
    done(task, outcome, detail) {
      printJsonLine({ event: 'done', ...head(task), outcome, detail });
      lastStep = '';
    },
    note(text) {
      printJsonLine({ event: 'note', message: text });
    },
    stop() {},
  };
}

/** Progress on stderr: a spinner on a terminal, else one line per step. */
function progressReporter(): WorkerProgress & { stop(): void } {
  // a terminal with a known width (a pty without a size makes spinners redraw forever)
  const tty = Boolean(process.stderr.isTTY) && (process.stderr.columns ?? 0) > 0;
  let spinner: Ora | null = null;
  let lastStep = '';
  const label = (t: TaskHead) => `#${t.id} ${formatWorkCode(t.work_id, t.code_prefix)} ${t.file_name}`;
  return {
    update(task, text) {
      if (tty) {
        spinner ??= ora({ stream: process.stderr }).start();
        spinner.text = `${label(task)}: ${text}`;
      } else if (isStep(text)) {
        if (text !== lastStep) info(`${label(task)}: ${text}`);
        lastStep = text;
      }
    },
    done(task, outcome, detail) {
      const line = `${label(task)}: ${outcome}${detail ? ` (${detail})` : ''}`;
      if (spinner) {
        if (outcome === 'success') spinner.succeed(line);
        else if (outcome === 'error') spinner.fail(line);
        else spinner.warn(line);
        spinner = null;
      } else {
        info(line);
      }
      lastStep = '';
    },
    note(text) {
      spinner?.stop();
      spinner = null;
      info(text);
    },
    stop() {
      spinner?.stop();
    },
  };
}

/**
 * The worker key of --key-file FILE (its first line; a warning when others may read the
 * file), else AUDIOLIB_WORKER_KEY, else null. Throws CliError (exit 2) for a file that
 * cannot be read or holds no key.
 */
function readWorkerKey(keyFile: string | undefined): string | null {
  if (!keyFile) return process.env.AUDIOLIB_WORKER_KEY?.trim() || null;
  let text: string;
  try {
    text = fs.readFileSync(keyFile, 'utf8');
    if ((fs.statSync(keyFile).mode & 0o077) !== 0) info(`warning: ${keyFile} can be read by other users (chmod 600 ${keyFile})`);
  } catch (err) {
    throw new CliError(`cannot read --key-file ${keyFile}: ${(err as Error).message}`);
  }
  const key = text.split(/\r?\n/)[0]!.trim();
  if (!key) throw new CliError(`--key-file ${keyFile} holds no worker key`);
  return key;
}

/**
 * A client of `base` authenticated as a worker: with --user, logged in (password from
 * AUDIOLIB_PASSWORD, else a prompt or stdin); else holding the worker key. Throws
 * CliError: exit 2 without credentials or for a refused login, 1 when the server is out of reach.
 */
async function workerClient(base: URL, opts: TranslateOptions): Promise<ApiClient> {
  if (opts.user && opts.keyFile) throw new CliError('give either --key-file or --user, not both');
  if (!opts.user) {
    const key = readWorkerKey(opts.keyFile);
    if (!key) throw new CliError('--server needs a worker key (--key-file FILE or AUDIOLIB_WORKER_KEY) or --user NAME');
    return new ApiClient({ baseUrl: base.origin, token: memoryToken(key) });
  }
  const password = process.env.AUDIOLIB_PASSWORD || (await readPassword(`password for ${opts.user}: `));
  const client = new ApiClient({ baseUrl: base.origin });
  try {
    await client.login(opts.user, password);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 0) throw new CliError(`cannot reach ${base.origin}: ${describeOsError(err.cause ?? err)}`, EXIT_FAILURES);
    throw new CliError(`login to ${base.origin} failed: ${err.message}`, err.status === 400 || err.status === 401 ? EXIT_USAGE : EXIT_FAILURES);
  }
  return client;
}

export function registerTranslate(program: Command): void {
  program
    .command('translate')
    .description('AI lyric worker: transcribe pending lyric tasks with the configured transcriber')
    .option('--server <url>', 'work for this audiolib server (default: the local data directory)')
    .option('--key-file <file>', 'with --server: read the worker key from this file (default: AUDIOLIB_WORKER_KEY)')
    .option('--user <name>', 'with --server: log in as this user, the admin, instead of a key (password: AUDIOLIB_PASSWORD, else prompt or stdin)')
    .option('--command <cmdline>', 'transcriber command line with {input} and {output} (default: config transcriberCommand)')
    .option('--name <worker>', 'worker name shown in the AI lyric centre', os.hostname())
    .option('--once', 'take at most one task, then exit')
    .option('--poll <seconds>', 'seconds between checks while no task is pending', '10')
    .option('--json', 'print the status lines and the outcome counts as JSON lines on stdout')
    .action(async (opts: TranslateOptions) => {
      const global = program.opts<{ dataDir?: string; db?: string }>();
      const dataDir = resolveDataDir(global.dataDir);
      const config = loadConfig(dataDir);
      const command = opts.command ?? config.transcriberCommand;
      const problem = transcriberCommandProblem(command);
      if (problem) throw new CliError(problem, EXIT_USAGE);
      const pollSeconds = Number(opts.poll);
      if (!Number.isFinite(pollSeconds) || pollSeconds < 0.1) throw new CliError(`invalid --poll: ${opts.poll}`);

      let backend: WorkerBackend;
      let close = async () => {};
      if (opts.server) {
        let base: URL;
        try {
          base = new URL(opts.server);
        } catch {
          throw new CliError(`invalid --server URL: ${opts.server}`);
        }
        backend = httpBackend(await workerClient(base, opts));
      } else {
        const db = await openMigrated(dataDir, global.db);
        backend = localBackend(db, dataDir, config.lyricWorkerTimeout);
        close = () => db.destroy();
      }

      const progress = opts.json ? jsonReporter() : progressReporter();
      const stop = new AbortController();
      const onSigint = () => {
        if (stop.signal.aborted) process.exit(130);
        progress.note('stopping: giving the current task back (Ctrl-C again to quit at once)');
        stop.abort(new Error('stopped'));
      };
      process.on('SIGINT', onSigint);
      process.on('SIGTERM', onSigint);
      try {
        const summary = await runWorker(backend, { workerName: opts.name, command, once: Boolean(opts.once), pollSeconds, signal: stop.signal, progress });
        progress.stop();
        if (opts.json) printJsonLine({ event: 'summary', ...summary });
        if (opts.once && summary.error > 0) process.exitCode = EXIT_FAILURES;
      } catch (err) {
        progress.stop();
        if (err instanceof ApiError && err.status === 0 && opts.server) throw new CliError(`cannot reach ${new URL(opts.server).origin}: ${describeOsError(err.cause ?? err)}`, EXIT_FAILURES);
        if (err instanceof CredentialsRefusedError) throw new CliError(`server refused the worker: ${err.message}`, EXIT_USAGE);
        if (err instanceof ApiError) throw new CliError(`server: ${err.message}`, EXIT_FAILURES);
        throw err;
      } finally {
        process.off('SIGINT', onSigint);
        process.off('SIGTERM', onSigint);
        await close();
      }
    });
}
