/**
 * Worker thread of the duration pool (duration-pool.ts): answers each
 * `{id, file, size}` with `{id, duration, error?}` from parseDuration (music-metadata; small
 * files read with blocking calls: this thread does nothing else).
 */
import { parentPort } from 'node:worker_threads';
import { parseDuration } from './durations.js';

parentPort!.on('message', (job: { id: number; file: string; size: number }) => {
  void parseDuration(job.file, job.size, true).then((answer) => parentPort!.postMessage({ id: job.id, ...answer }));
});
