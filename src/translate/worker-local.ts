/**
 * The worker backend for `audiolib translate` without --server: the same claims as the
 * worker protocol (claims.ts), called directly on the data directory's database, and
 * the audio read in place (resolved by id, checked inside the configured roots). Node only.
 */
import type { Db } from '../db/index.js';
import { loadConfig } from '../config/index.js';
import { resolveMediaFile } from '../library/media.js';
import { claimTask, completeTask, releaseTask, reportStatus } from '../lyrics/claims.js';
import { Conflict, NotFound } from '../model/index.js';
import { ClaimLostError, type WorkerBackend, type WorkerClaim } from './worker.js';

/** Runs `fn`, turning NotFound / Conflict (task deleted, claim lost) into ClaimLostError. */
async function held<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof NotFound || err instanceof Conflict) throw new ClaimLostError(err.message);
    throw err;
  }
}

/**
 * A backend on `db` storing LRC under `dataDir`. `timeoutSeconds` is the config's
 * lyricWorkerTimeout (stale claims of other workers expire when this one claims).
 */
export function localBackend(db: Db, dataDir: string, timeoutSeconds: number): WorkerBackend {
  const heartbeatSeconds = Math.min(30, Math.max(1, Math.floor(timeoutSeconds / 3)));
  return {
    async claim(workerName) {
      const claim = await claimTask(db, workerName, timeoutSeconds);
      return claim && { ...claim, heartbeatSeconds };
    },
    async fetchAudio(claim: WorkerClaim) {
      const file = await resolveMediaFile(db, claim.task.work_id, claim.task.file_id, loadConfig(dataDir).rootFolders);
      if (!file || file.type !== 'audio') throw new Error(`audio file not found: ${claim.task.audio_path}`);
      return file.path;
    },
    async status(claim, text) {
      await held(() => reportStatus(db, claim.task.id, claim.secret, text));
    },
    async result(claim, result) {
      await held(() => completeTask(db, dataDir, claim.task.id, claim.secret, result));
    },
    async release(claim) {
      await held(() => releaseTask(db, claim.task.id, claim.secret));
    },
  };
}
