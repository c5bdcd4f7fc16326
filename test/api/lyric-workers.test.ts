/**
 * Who may write AI lyrics (README "Security"): the worker protocol answers only the admin
 * and worker keys an admin created (listeners 403, guests 403, unknown or revoked keys
 * 401); the keys' admin API; a retry keeps the previous lyric served until the new
 * result succeeds; only the admin discards a lyric. Through the real server.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LyricTask, WorkerKey } from '../../src/model/index.js';
import { matchLyricTask, TaskStatus } from '../../src/lyrics/index.js';
import { RJ01012345, startLyricFixture, type LyricFixture } from './lyric-fixture.js';

const { PENDING, TRANSCRIBING, SUCCESS, ERROR } = TaskStatus;
const OLD_LRC = '[00:00.00]はじめまして。\n';
const NEW_LRC = '[00:00.00]はじめまして、よろしくね。\n[00:02.00]おやすみ。\n';

let fx: LyricFixture;
let hash: string;
beforeAll(async () => {
  fx = await startLyricFixture();
  hash = `${RJ01012345}/${await fx.fileId(RJ01012345, '01_プロローグ.mp3')}`;
}, 120_000);
afterAll(async () => { await fx?.srv.close(); });

const call = (...a: Parameters<LyricFixture['call']>) => fx.call(...a);
const newTask = async () => {
  await fx.srv.services.db('lyric_tasks').delete();
  const res = await call(fx.tokens.user, 'POST', '/api/lyric/translate', { hash });
  expect(res.status).toBe(201);
  return res.body.task as LyricTask;
};
const taskNow = async (id: number) => ((await call(fx.tokens.user, 'GET', `/api/lyric/translate/work/${RJ01012345}`)).body.tasks as LyricTask[]).find((t) => t.id === id)!;
const claim = (token: string | null) => call(token, 'POST', '/api/lyric/worker/claim', { worker_name: 'w' });
const lrcOf = (id: number) => call(fx.tokens.user, 'GET', `/api/lyric/translate/lrc?id=${id}`);
const lyricStatus = async () => (await fx.srv.services.db('works').where({ id: RJ01012345 }).first('lyric_status')).lyric_status as string;
const storedFiles = (id: number) => fs.readdirSync(path.join(fx.srv.dataDir, 'lyrics')).filter((n) => n.startsWith(`task-${id}-`));
const createKey = (name: string) => call(fx.tokens.admin, 'POST', '/api/lyric/worker-keys', { name });
const keys = async () => (await call(fx.tokens.admin, 'GET', '/api/lyric/worker-keys')).body.keys as WorkerKey[];

/** The five worker routes for a claim (id, secret), each answering its status. */
async function workerStatuses(token: string | null, id: number, secret: string): Promise<number[]> {
  const audio = await fetch(`${fx.srv.url}/api/lyric/worker/audio/${id}?secret=${secret}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  await audio.arrayBuffer();
  return [
    (await claim(token)).status,
    audio.status,
    (await call(token, 'POST', '/api/lyric/worker/status', { id, secret, worker_status: 'forged' })).status,
    (await call(token, 'POST', '/api/lyric/worker/result', { id, secret, lrc: '[00:00.00]forged lyric\n' })).status,
    (await call(token, 'POST', '/api/lyric/worker/release', { id, secret })).status,
  ];
}

describe('the worker protocol answers workers only', () => {
  it('a listener or a guest cannot claim, fetch, report, post or release (403); no token is 401; the task is untouched', async () => {
    const task = await newTask();
    expect(await workerStatuses(fx.tokens.user, task.id, 'x')).toEqual([403, 403, 403, 403, 403]);
    expect(await workerStatuses(fx.tokens.guest, task.id, 'x')).toEqual([403, 403, 403, 403, 403]);
    expect(await workerStatuses(null, task.id, 'x')).toEqual([401, 401, 401, 401, 401]);
    expect(await taskNow(task.id)).toMatchObject({ status: PENDING, worker_name: null, worker_status: null, has_lrc: false });

    // even holding a claim's secret, a listener cannot post over it
    const held = await claim(fx.tokens.worker);
    expect(held.status).toBe(200);
    expect((await call(fx.tokens.user, 'POST', '/api/lyric/worker/result', { id: task.id, secret: held.body.secret, lrc: '[00:00.00]forged\n' })).status).toBe(403);
    expect(await taskNow(task.id)).toMatchObject({ status: TRANSCRIBING, has_lrc: false });
  });

  it('a worker key works the whole protocol, and the admin still may', async () => {
    const task = await newTask();
    const c = await claim(fx.tokens.worker);
    expect(c.body.task).toMatchObject({ id: task.id, status: TRANSCRIBING });
    const audio = await fetch(`${fx.srv.url}${c.body.mediaStreamUrl}`, { headers: { Authorization: `Bearer ${fx.tokens.worker}` } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect((await audio.arrayBuffer()).byteLength).toBe(71156);
    expect((await call(fx.tokens.worker, 'POST', '/api/lyric/worker/status', { id: task.id, secret: c.body.secret, worker_status: '50%' })).status).toBe(200);
    expect((await call(fx.tokens.worker, 'POST', '/api/lyric/worker/result', { id: task.id, secret: c.body.secret, lrc: OLD_LRC })).body.task.status).toBe(SUCCESS);
    expect((await lrcOf(task.id)).body).toEqual({ lrcContent: OLD_LRC });
    const used = (await keys()).find((k) => k.name === 'fixture-worker')!;
    expect(used.last_used_at).not.toBeNull();

    await call(fx.tokens.user, 'POST', `/api/lyric/translate/redo/${task.id}`);
    const byAdmin = await claim(fx.tokens.admin);
    expect(byAdmin.body.task.id).toBe(task.id);
    expect((await call(fx.tokens.admin, 'POST', '/api/lyric/worker/release', { id: task.id, secret: byAdmin.body.secret })).status).toBe(200);
  });

  it('a worker key is no sign-in: other routes answer 401', async () => {
    expect((await call(fx.tokens.worker, 'GET', '/api/lyric/translate')).status).toBe(401);
    expect((await call(fx.tokens.worker, 'POST', '/api/lyric/translate', { hash })).status).toBe(401);
    expect((await fetch(`${fx.srv.url}/api/media/stream/${hash}?token=${fx.tokens.worker}`)).status).toBe(401);
  });

  it('a revoked key answers 401 at once, mid-claim too; an unknown key 401', async () => {
    const task = await newTask();
    const made = await createKey('short-lived');
    expect(made.status).toBe(201);
    const c = await claim(made.body.token);
    expect(c.body.task.id).toBe(task.id);
    const revoked = await call(fx.tokens.admin, 'DELETE', `/api/lyric/worker-keys/${made.body.key.id}`);
    expect(revoked).toEqual({ status: 200, body: { message: 'worker key short-lived revoked', code: 'workerKey.revoked', params: { name: 'short-lived' }, key: expect.objectContaining({ name: 'short-lived', revoked: true }) } });
    const late = await call(made.body.token, 'POST', '/api/lyric/worker/result', { id: task.id, secret: c.body.secret, lrc: OLD_LRC });
    expect(late).toEqual({ status: 401, body: { error: 'unknown or revoked worker key', code: 'worker.unknownKey' } });
    expect((await claim(made.body.token)).status).toBe(401);
    expect(await taskNow(task.id)).toMatchObject({ status: TRANSCRIBING, has_lrc: false });
    expect((await claim(`alw_${crypto.randomBytes(32).toString('base64url')}`)).status).toBe(401);
    // revoking twice answers the same; an unknown id is 404
    expect((await call(fx.tokens.admin, 'DELETE', `/api/lyric/worker-keys/${made.body.key.id}`)).body.key.revoked).toBe(true);
    expect((await call(fx.tokens.admin, 'DELETE', '/api/lyric/worker-keys/999999')).status).toBe(404);
  });
});

describe('the worker keys admin API', () => {
  it("is the admin's: 401 without a token or with a worker key, 403 to a listener and a guest", async () => {
    for (const [token, status] of [[null, 401], [fx.tokens.user, 403], [fx.tokens.guest, 403], [fx.tokens.worker, 401]] as const) {
      expect((await call(token, 'GET', '/api/lyric/worker-keys')).status).toBe(status);
      expect((await call(token, 'POST', '/api/lyric/worker-keys', { name: 'sneaky' })).status).toBe(status);
      expect((await call(token, 'DELETE', '/api/lyric/worker-keys/1')).status).toBe(status);
    }
    expect((await keys()).map((k) => k.name)).not.toContain('sneaky');
  });

  it('creates a key shown once, stores only its hash, refuses a second active key of a name and a bad name', async () => {
    const made = await createKey('  gpu-box  ');
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ message: 'worker key gpu-box created', key: { name: 'gpu-box', last_used_at: null, revoked: false } });
    expect(made.body.token).toMatch(/^alw_[\w-]{43}$/);
    const listed = await call(fx.tokens.admin, 'GET', '/api/lyric/worker-keys');
    expect(listed.body.keys).toContainEqual(made.body.key);
    const row = await fx.srv.services.db('worker_keys').where({ id: made.body.key.id }).first();
    expect(row.key_hash).toBe(crypto.createHash('sha256').update(made.body.token).digest('hex'));
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token);
    expect(JSON.stringify(listed.body)).not.toContain(row.key_hash);

    expect((await createKey('gpu-box')).status).toBe(409);
    expect((await createKey('   ')).status).toBe(400);
    expect((await createKey('x'.repeat(65))).status).toBe(400);
    expect((await call(fx.tokens.admin, 'POST', '/api/lyric/worker-keys', {})).status).toBe(400);
    // once revoked, the name may be given to a new key
    await call(fx.tokens.admin, 'DELETE', `/api/lyric/worker-keys/${made.body.key.id}`);
    expect((await createKey('gpu-box')).status).toBe(201);
  });
});

describe('retry keeps the lyric served; only the admin discards it', () => {
  it('redo: the old LRC is served (player lookup included) until the new result succeeds, then swapped and its file removed', async () => {
    const task = await newTask();
    const first = await claim(fx.tokens.worker);
    await call(fx.tokens.worker, 'POST', '/api/lyric/worker/result', { id: task.id, secret: first.body.secret, lrc: OLD_LRC });
    const [oldFile] = storedFiles(task.id);

    // a listener presses retry
    const redo = await call(fx.tokens.user, 'POST', `/api/lyric/translate/redo/${task.id}`);
    expect(redo.body.task).toMatchObject({ status: PENDING, has_lrc: true });
    expect((await lrcOf(task.id)).body).toEqual({ lrcContent: OLD_LRC });
    expect((await lyricStatus()).split('_')).toContain('ai');
    const tasks = (await call(fx.tokens.user, 'GET', `/api/lyric/translate/work/${RJ01012345}`)).body.tasks as LyricTask[];
    expect(matchLyricTask('01_プロローグ.mp3', tasks)).toEqual({ task: expect.objectContaining({ id: task.id }), loose: false });

    // transcribing, then failing: still the old lyric
    const second = await claim(fx.tokens.worker);
    expect((await lrcOf(task.id)).body).toEqual({ lrcContent: OLD_LRC });
    await call(fx.tokens.worker, 'POST', '/api/lyric/worker/result', { id: task.id, secret: second.body.secret, error: 'out of memory' });
    expect(await taskNow(task.id)).toMatchObject({ status: ERROR, has_lrc: true });
    expect((await lrcOf(task.id)).body).toEqual({ lrcContent: OLD_LRC });
    expect(storedFiles(task.id)).toEqual([oldFile]);

    // retried again and succeeding: the new lyric, one file
    await call(fx.tokens.user, 'POST', `/api/lyric/translate/redo/${task.id}`);
    const third = await claim(fx.tokens.worker);
    expect((await call(fx.tokens.worker, 'POST', '/api/lyric/worker/result', { id: task.id, secret: third.body.secret, lrc: NEW_LRC })).status).toBe(200);
    expect((await lrcOf(task.id)).body).toEqual({ lrcContent: NEW_LRC });
    const files = storedFiles(task.id);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(oldFile);
    expect(fs.readFileSync(path.join(fx.srv.dataDir, 'lyrics', files[0]!), 'utf8')).toBe(NEW_LRC);
    expect((await lyricStatus()).split('_')).toContain('ai');
  });

  it('discarding (DELETE) is 403 to a listener and leaves the lyric; the admin discards it', async () => {
    const task = await newTask();
    const c = await claim(fx.tokens.worker);
    await call(fx.tokens.worker, 'POST', '/api/lyric/worker/result', { id: task.id, secret: c.body.secret, lrc: OLD_LRC });
    expect((await call(fx.tokens.user, 'DELETE', `/api/lyric/translate/${task.id}`)).status).toBe(403);
    expect((await call(fx.tokens.worker, 'DELETE', `/api/lyric/translate/${task.id}`)).status).toBe(401);
    expect((await lrcOf(task.id)).body).toEqual({ lrcContent: OLD_LRC });
    expect((await call(fx.tokens.admin, 'DELETE', `/api/lyric/translate/${task.id}`)).status).toBe(200);
    expect((await lrcOf(task.id)).status).toBe(404);
    expect(storedFiles(task.id)).toEqual([]);
    expect((await lyricStatus()).split('_')).not.toContain('ai');
  });
});
