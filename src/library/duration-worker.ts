/**
 * Worker thread of the duration pool (duration-pool.ts): answers each
 * `{id, file, size}` with `{id, duration, error?}` from readDuration (small files read
 * with blocking calls: this thread does nothing else).
 */
import { parentPort } from 'node:worker_threads';
import { readDuration } from './durations.js';

parentPort!.on('message', (job: { id: number; file: string; size: number }) => {
  void readDuration(job.file, job.size, true).then((answer) => parentPort!.postMessage({ id: job.id, ...answer }));
});
