/**
 * The AI lyric worker loop behind `audiolib translate` (DESIGN section 7): claim a
 * pending task, fetch its audio, run the transcriber, post the LRC (or the error),
 * reporting progress as worker_status at every heartbeat. The same loop runs against a
 * server (worker-http.ts) or the local data directory (worker-local.ts) through the
 * WorkerBackend interface. Node only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LyricTask } from '../model/index.js';
import { transcribe } from './transcriber.js';

/** A claimed task as the worker holds it. */
export interface WorkerClaim { task: LyricTask; secret: string; heartbeatSeconds: number }

/** Thrown by a backend when the claim is gone (expired, retried, deleted): the task is dropped. */
export class ClaimLostError extends Error {}

/** Thrown by a backend's claim when the server refuses the worker (a revoked key, a user who is not the admin): the worker stops. */
export class CredentialsRefusedError extends Error {}

/** Where a worker gets tasks and sends results. */
export interface WorkerBackend {
  /** The oldest pending task, now claimed, or null when none is pending; throws CredentialsRefusedError. */
  claim(workerName: string): Promise<WorkerClaim | null>;
  /** A readable local path of the task's audio (downloaded into `dir` when remote). */
  fetchAudio(claim: WorkerClaim, dir: string, signal: AbortSignal): Promise<string>;
  /** Progress text and heartbeat; throws ClaimLostError when the claim is gone. */
  status(claim: WorkerClaim, text: string): Promise<void>;
  /** The result; throws ClaimLostError when the claim is gone. */
  result(claim: WorkerClaim, result: { lrc: string } | { error: string }): Promise<void>;
  /** Gives the task back (pending). */
  release(claim: WorkerClaim): Promise<void>;
}

/** What the worker tells the person running it. */
export interface WorkerProgress {
  /** A task's step changed or its transcriber printed a line. */
  update(task: LyricTask, text: string): void;
  /** A task ended. */
  done(task: LyricTask, outcome: 'success' | 'error' | 'lost' | 'released', detail: string): void;
  /** A message between tasks (waiting, stopping). */
  note(text: string): void;
}

export interface WorkerOptions {
  workerName: string;
  /** The transcriber command line with {input} and {output}. */
  command: string;
  /** Take one task (or none) and return. */
  once: boolean;
  /** Seconds between claims while no task is pending. */
  pollSeconds: number;
  /** Aborting stops the worker: the current task is released back to pending. */
  signal: AbortSignal;
  progress: WorkerProgress;
}

/** Outcome counts of a run. */
export interface WorkerSummary { success: number; error: number; lost: number; released: number }

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  if (signal.aborted) return resolve();
  const timer = setTimeout(done, ms);
  function done() {
    clearTimeout(timer);
    signal.removeEventListener('abort', done);
    resolve();
  }
  signal.addEventListener('abort', done, { once: true });
});

/** Works on one claimed task to its end. Answers its outcome. */
async function workOn(backend: WorkerBackend, claim: WorkerClaim, opts: WorkerOptions): Promise<keyof WorkerSummary> {
  const { task } = claim;
  const lost = new AbortController();
  const signal = AbortSignal.any([opts.signal, lost.signal]);
  let latest = 'claimed';
  const say = (text: string) => {
    latest = text.slice(0, 300);
    opts.progress.update(task, latest);
  };
  const beat = async () => {
    try {
      await backend.status(claim, latest);
    } catch (err) {
      if (err instanceof ClaimLostError) lost.abort(err);
      // other failures (network): try again at the next beat
    }
  };
  const timer = setInterval(() => void beat(), claim.heartbeatSeconds * 1000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-translate-'));
  try {
    say('downloading audio');
    await beat();
    const input = await backend.fetchAudio(claim, dir, signal);
    say('transcribing');
    await beat();
    const stem = path.basename(task.file_name).replace(/\.[^.]*$/, '') || 'output';
    const lrc = await transcribe(opts.command, input, path.join(dir, stem), { signal, onLine: (line) => say(line) });
    await backend.result(claim, { lrc });
    opts.progress.done(task, 'success', `${lrc.split('\n').filter(Boolean).length} lines`);
    return 'success';
  } catch (err) {
    if (lost.signal.aborted || err instanceof ClaimLostError) {
      opts.progress.done(task, 'lost', 'the task was taken back (expired, retried or deleted)');
      return 'lost';
    }
    if (opts.signal.aborted) {
      await backend.release(claim).catch(() => undefined);
      opts.progress.done(task, 'released', 'stopped; the task is pending again');
      return 'released';
    }
    const message = (err as Error).message;
    await backend.result(claim, { error: message }).catch(() => undefined);
    opts.progress.done(task, 'error', message);
    return 'error';
  } finally {
    clearInterval(timer);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the worker until `signal` aborts (or after one claim with `once`). A failed
 * claim (server unreachable) is retried after pollSeconds, except with `once` (thrown);
 * refused credentials (CredentialsRefusedError) are thrown at once.
 * Output: how many tasks succeeded, failed, were lost or released.
 */
export async function runWorker(backend: WorkerBackend, opts: WorkerOptions): Promise<WorkerSummary> {
  const summary: WorkerSummary = { success: 0, error: 0, lost: 0, released: 0 };
  let waiting = false;
  while (!opts.signal.aborted) {
    let claim: WorkerClaim | null;
    try {
      claim = await backend.claim(opts.workerName);
    } catch (err) {
      if (opts.once || err instanceof CredentialsRefusedError) throw err;
      opts.progress.note(`cannot claim a task: ${(err as Error).message}; retrying in ${opts.pollSeconds} s`);
      await sleep(opts.pollSeconds * 1000, opts.signal);
      continue;
    }
    if (!claim) {
      if (opts.once) {
        opts.progress.note('no pending lyric task');
        break;
      }
      if (!waiting) opts.progress.note(`waiting for lyric tasks (checking every ${opts.pollSeconds} s)`);
      waiting = true;
      await sleep(opts.pollSeconds * 1000, opts.signal);
      continue;
    }
    waiting = false;
    if (opts.signal.aborted) {
      await backend.release(claim).catch(() => undefined);
      summary.released++;
      break;
    }
    summary[await workOn(backend, claim, opts)]++;
    if (opts.once) break;
  }
  return summary;
}
