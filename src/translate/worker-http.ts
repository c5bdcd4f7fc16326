/**
 * The worker backend for `audiolib translate --server URL` (DESIGN section 7): the worker
 * protocol of src/server/routes/lyric/ spoken through the shared API client
 * (src/api/client.ts, holding the caller's worker key or admin sign-in), the audio
 * downloaded from the claim's mediaStreamUrl. Node only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { ApiError, type ApiClient } from '../api/client.js';
import type { LyricClaimAnswer } from '../model/index.js';
import { ClaimLostError, CredentialsRefusedError, type WorkerBackend, type WorkerClaim } from './worker.js';

/**
 * A backend talking to the server of `client` (which holds the worker key or token). Calls
 * throw ApiError; a claim answered 401 or 403 throws CredentialsRefusedError, a call on a
 * held claim answered 404 or 409 ClaimLostError.
 */
export function httpBackend(client: ApiClient): WorkerBackend {
  /** A call on a held claim: 404 and 409 mean the claim is gone. */
  const postHeld = async (route: string, body: unknown): Promise<void> => {
    try {
      await client.post(route, body);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) throw new ClaimLostError(err.message);
      throw err;
    }
  };
  const held = (claim: WorkerClaim) => ({ id: claim.task.id, secret: claim.secret });
  const mediaUrls = new Map<number, string>();
  return {
    async claim(workerName) {
      // 204 (no body): no task is pending
      const answer = await client.post<LyricClaimAnswer | undefined>('/api/lyric/worker/claim', { worker_name: workerName }).catch((err: unknown) => {
        throw err instanceof ApiError && (err.status === 401 || err.status === 403) ? new CredentialsRefusedError(err.message) : err;
      });
      if (!answer) return null;
      mediaUrls.set(answer.task.id, answer.mediaStreamUrl);
      return { task: answer.task, secret: answer.secret, heartbeatSeconds: answer.heartbeatSeconds };
    },
    async fetchAudio(claim, dir, signal) {
      const route = mediaUrls.get(claim.task.id) ?? `/api/lyric/worker/audio/${claim.task.id}?secret=${encodeURIComponent(claim.secret)}`;
      const res = await client.response('GET', route, { signal }).catch((err: unknown) => {
        throw err instanceof ApiError ? new Error(`audio download failed: ${err.message}`) : err;
      });
      if (!res.body) throw new Error('audio download failed: empty answer');
      const file = path.join(dir, path.basename(claim.task.file_name) || 'audio');
      await pipeline(Readable.fromWeb(res.body as ReadableStream), fs.createWriteStream(file), { signal });
      return file;
    },
    async status(claim, text) {
      await postHeld('/api/lyric/worker/status', { ...held(claim), worker_status: text });
    },
    async result(claim, result) {
      await postHeld('/api/lyric/worker/result', { ...held(claim), ...result });
      mediaUrls.delete(claim.task.id);
    },
    async release(claim) {
      await postHeld('/api/lyric/worker/release', held(claim));
      mediaUrls.delete(claim.task.id);
    },
  };
}
