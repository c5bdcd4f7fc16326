/**
 * GET /api/lyric/workers (src/lyrics/README.md): `seen` is false until an AI lyric worker
 * shows up, a pending task included (it waits for one), and true once a worker key has
 * been used or a worker claimed a task. Through the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RJ01012345, startLyricFixture, type LyricFixture } from './lyric-fixture.js';

let fx: LyricFixture;
beforeAll(async () => { fx = await startLyricFixture(); }, 120_000);
afterAll(async () => { await fx?.srv.close(); });

const seen = async (token: string | null = fx.tokens.user) => fx.call(token, 'GET', '/api/lyric/workers');

describe('whether an AI lyric worker has been seen', () => {
  it('no worker yet, a task pending: not seen; signed out: 401', async () => {
    const hash = `${RJ01012345}/${await fx.fileId(RJ01012345, '01_プロローグ.mp3')}`;
    expect((await fx.call(fx.tokens.user, 'POST', '/api/lyric/translate', { hash })).status).toBe(201);
    expect(await seen()).toEqual({ status: 200, body: { seen: false } });
    expect((await seen(fx.tokens.guest)).body).toEqual({ seen: false });
    expect((await seen(null)).status).toBe(401);
  });

  it('seen once a worker key has been used', async () => {
    const key = (await fx.call(fx.tokens.admin, 'POST', '/api/lyric/worker-keys', { name: 'gpu-box' })).body.token as string;
    expect(key).toMatch(/^alw_/);
    await fx.srv.services.db('lyric_tasks').update({ status: 0 });
    expect((await fx.call(key, 'POST', '/api/lyric/worker/claim', { worker_name: 'gpu-box' })).status).toBe(204); // nothing pending: the key was used all the same
    expect((await seen()).body).toEqual({ seen: true });
  });

  it('seen once the admin, as a worker, claimed a task', async () => {
    await fx.srv.services.db('worker_keys').update({ last_used_at: null });
    await fx.srv.services.db('lyric_tasks').update({ status: 1 });
    expect((await seen()).body).toEqual({ seen: false });
    const claimed = await fx.call(fx.tokens.admin, 'POST', '/api/lyric/worker/claim', { worker_name: 'admin-box' });
    expect(claimed.status).toBe(200);
    expect(claimed.body.task).toBeTruthy();
    expect((await seen()).body).toEqual({ seen: true });
  });
});
