/**
 * Durations for the scanner. The headers that hold a duration are read in this thread (a
 * few small blocking reads, cheaper than a message to another thread); a file they
 * cannot tell is parsed in full with music-metadata in worker threads, started on the
 * first such file, so a first scan of unusual files still uses every core: one worker
 * per core but one (at least one). Where the compiled worker is not available (sources
 * run by a test runner), or when a worker dies, files are parsed in this thread instead.
 */
import os from 'node:os';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { headerAnswer, parseDuration } from './durations.js';

type Answer = Awaited<ReturnType<typeof parseDuration>>;

export interface DurationReader {
  /** The duration of an audio file (seconds) or null with the reason; never throws. */
  read(file: string, size: number): Promise<Answer>;
  /** Stops the workers. */
  close(): Promise<void>;
}

/** Starts a reader that parses in `workers` threads (default: cores - 1, at least 1; 0 = this thread). */
export function durationReader(workers = Math.max(1, os.availableParallelism() - 1)): DurationReader {
  const script = fileURLToPath(new URL('./duration-worker.js', import.meta.url));
  const parse = workers === 0 || !fs.existsSync(script) ? null : workerParser(script, workers);
  return {
    read: async (file, size) => headerAnswer(file, size) ?? (parse ? parse.read(file, size) : parseDuration(file, size)),
    close: async () => parse?.close(),
  };
}

/** parseDuration in `workers` threads, started on the first call. */
function workerParser(script: string, workers: number): DurationReader {
  const pending = new Map<number, (a: Answer) => void>();
  let nextId = 0;
  let broken = false;
  let pool: Worker[] | null = null;
  const start = () => Array.from({ length: workers }, () => {
    const worker = new Worker(script);
    worker.unref();
    worker.on('message', (m: Answer & { id: number }) => {
      const resolve = pending.get(m.id);
      pending.delete(m.id);
      resolve?.({ duration: m.duration, ...(m.error ? { error: m.error } : {}) });
    });
    const fail = (why: string) => {
      broken = true;
      for (const [id, resolve] of pending) {
        pending.delete(id);
        resolve({ duration: null, error: `duration worker stopped: ${why}` });
      }
    };
    worker.on('error', (err) => fail(err.message));
    worker.on('exit', (code) => code !== 0 && fail(`exit code ${code}`));
    return worker;
  });
  return {
    read(file, size) {
      if (broken) return parseDuration(file, size);
      pool ??= start();
      const id = nextId++;
      return new Promise<Answer>((resolve) => {
        pending.set(id, resolve);
        pool![id % pool!.length]!.postMessage({ id, file, size });
      });
    },
    async close() {
      broken = true;
      await Promise.all((pool ?? []).map((w) => w.terminate()));
    },
  };
}
