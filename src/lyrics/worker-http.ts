/**
 * The worker backend for `audiolib translate --server URL` (DESIGN section 7): logs in
 * with a user's name and password, then speaks the worker protocol of
 * src/server/routes/lyric.ts and downloads the audio through the media stream URL.
 * Node only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LoginAnswer, LyricClaimAnswer } from '../model/index.js';
import { ClaimLostError, type WorkerBackend, type WorkerClaim } from './worker.js';

/** A failed call: the server's {error} text (or the status) and the HTTP status. */
export class ServerCallError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

async function errorOf(res: Response): Promise<ServerCallError> {
  let text = `${res.status} ${res.statusText}`;
  try {
    const body = (await res.json()) as { error?: string };
    if (body.error) text = body.error;
  } catch {
    // no JSON body
  }
  return new ServerCallError(text, res.status);
}

/**
 * Logs in (POST /api/auth/me) and answers the token. Throws ServerCallError (401 for a
 * wrong name or password) or the network error.
 */
export async function loginToServer(server: string, name: string, password: string): Promise<string> {
  const res = await fetch(new URL('/api/auth/me', server), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  if (!res.ok) throw await errorOf(res);
  return ((await res.json()) as LoginAnswer).token;
}

/** A backend talking to `server` (base URL) with a bearer `token`. */
export function httpBackend(server: string, token: string): WorkerBackend {
  const post = (route: string, body: unknown): Promise<Response> =>
    fetch(new URL(route, server), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  /** A call on a held claim: 404 and 409 mean the claim is gone. */
  const postHeld = async (route: string, body: unknown): Promise<void> => {
    const res = await post(route, body);
    if (res.status === 404 || res.status === 409) throw new ClaimLostError((await errorOf(res)).message);
    if (!res.ok) throw await errorOf(res);
  };
  const held = (claim: WorkerClaim) => ({ id: claim.task.id, secret: claim.secret });
  const mediaUrls = new Map<number, string>();
  return {
    async claim(workerName) {
      const res = await post('/api/lyric/worker/claim', { worker_name: workerName });
      if (res.status === 204) return null;
      if (!res.ok) throw await errorOf(res);
      const answer = (await res.json()) as LyricClaimAnswer;
      mediaUrls.set(answer.task.id, answer.mediaStreamUrl);
      return { task: answer.task, secret: answer.secret, heartbeatSeconds: answer.heartbeatSeconds };
    },
    async fetchAudio(claim, dir, signal) {
      const url = new URL(mediaUrls.get(claim.task.id) ?? `/api/media/stream/${claim.task.hash}`, server);
      url.searchParams.set('token', token);
      const res = await fetch(url, { signal });
      if (!res.ok || !res.body) throw new Error(`audio download failed: ${(await errorOf(res)).message}`);
      const file = path.join(dir, path.basename(claim.task.file_name) || 'audio');
      await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), fs.createWriteStream(file), { signal });
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
