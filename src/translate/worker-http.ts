/**
 * The worker backend for `audiolib translate --server URL` (DESIGN section 7): the worker
 * protocol (the table's lyric routes, src/api/routes/lyric.ts) spoken through the shared
 * API client (src/api/client.ts, holding the caller's worker key or admin sign-in), the audio
 * downloaded from the claim's mediaStreamUrl. Node only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { ApiError, type ApiClient } from '../api/client.js';
import { routes } from '../api/routes/index.js';
import { ClaimLostError, CredentialsRefusedError, type WorkerBackend, type WorkerClaim } from './worker.js';

/**
 * A backend talking to the server of `client` (which holds the worker key or token). Calls
 * throw ApiError; a claim answered 401 or 403 throws CredentialsRefusedError, a call on a
 * held claim answered 404 or 409 ClaimLostError.
 */
export function httpBackend(client: ApiClient): WorkerBackend {
  /** A call on a held claim: 404 and 409 mean the claim is gone. */
  const postHeld = async (call: () => Promise<unknown>): Promise<void> => {
    try {
      await call();
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
      const answer = await client.call(routes.lyric.claim, { body: { worker_name: workerName } }).catch((err: unknown) => {
        throw err instanceof ApiError && (err.status === 401 || err.status === 403) ? new CredentialsRefusedError(err.message) : err;
      });
      if (!answer) return null;
      mediaUrls.set(answer.task.id, answer.mediaStreamUrl);
      return { task: answer.task, secret: answer.secret, heartbeatSeconds: answer.heartbeatSeconds };
    },
    async fetchAudio(claim, dir, signal) {
      const url = mediaUrls.get(claim.task.id);
      const audio = { params: { id: claim.task.id }, query: { secret: claim.secret }, signal };
      const res = await (url === undefined ? client.routeResponse(routes.lyric.audio, audio) : client.response('GET', url, { signal })).catch((err: unknown) => {
        throw err instanceof ApiError ? new Error(`audio download failed: ${err.message}`) : err;
      });
      if (!res.body) throw new Error('audio download failed: empty answer');
      const file = path.join(dir, path.basename(claim.task.file_name) || 'audio');
      await pipeline(Readable.fromWeb(res.body as ReadableStream), fs.createWriteStream(file), { signal });
      return file;
    },
    async status(claim, text) {
      await postHeld(() => client.call(routes.lyric.status, { body: { ...held(claim), worker_status: text } }));
    },
    async result(claim, result) {
      await postHeld(() => client.call(routes.lyric.result, { body: { ...held(claim), ...result } }));
      mediaUrls.delete(claim.task.id);
    },
    async release(claim) {
      await postHeld(() => client.call(routes.lyric.release, { body: held(claim) }));
      mediaUrls.delete(claim.task.id);
    },
  };
}
