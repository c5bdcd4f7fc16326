import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LyricTask } from '../../src/model/index.js';
import { TaskStatus } from '../../src/lyrics/index.js';
import { RJ01012345, startLyricFixture, type LyricFixture } from './lyric-fixture.js';

const { PENDING, TRANSCRIBING, SUCCESS, ERROR } = TaskStatus;
const LRC = '[00:00.00]はじめまして。\n[00:01.80]今夜はゆっくり休んでください。\n';

let fx: LyricFixture;
let hashes: Record<string, string>;
beforeAll(async () => {
  fx = await startLyricFixture();
  hashes = {};
  for (const name of ['01_プロローグ.mp3', '02_耳かき.mp3', '03_おやすみ.mp3', '01_プロローグ.lrc']) {
    hashes[name] = `${RJ01012345}/${await fx.fileId(RJ01012345, name)}`;
  }
}, 120_000);
afterAll(async () => { await fx?.srv.close(); });

const admin = () => fx.tokens.admin;
const user = () => fx.tokens.user;
const worker = () => fx.tokens.worker;
const list = async (query: string, token = user()) => {
  const res = await fx.call(token, 'GET', `/api/lyric/translate?${query}`);
  expect(res.status).toBe(200);
  return res.body as { tasks: LyricTask[]; pagination: { currentPage: number; pageSize: number; totalCount: number } };
};
const clearTasks = () => fx.srv.services.db('lyric_tasks').delete();
const lyricStatus = async () => (await fx.srv.services.db('works').where({ id: RJ01012345 }).first('lyric_status')).lyric_status as string;
const claim = (token = worker(), worker_name = 'worker-a') => fx.call(token, 'POST', '/api/lyric/worker/claim', { worker_name });

describe('permissions', () => {
  it('answers 401 without a token, 403 to guests on writes, and lets guests read', async () => {
    expect((await fx.call(null, 'GET', '/api/lyric/translate')).status).toBe(401);
    expect((await fx.call(null, 'POST', '/api/lyric/translate', { hash: hashes['01_プロローグ.mp3'] })).status).toBe(401);
    const guest = fx.tokens.guest;
    expect((await fx.call(guest, 'POST', '/api/lyric/translate', { hash: hashes['01_プロローグ.mp3'] })).status).toBe(403);
    expect((await fx.call(guest, 'POST', '/api/lyric/translate/folder', { work_id: RJ01012345, folder: '' })).status).toBe(403);
    expect((await fx.call(guest, 'POST', '/api/lyric/worker/claim', { worker_name: 'g' })).status).toBe(403);
    expect((await fx.call(guest, 'PUT', '/api/lyric/translate/1')).status).toBe(403);
    expect((await fx.call(guest, 'POST', '/api/lyric/translate/redo/1')).status).toBe(403);
    expect((await fx.call(guest, 'GET', '/api/lyric/translate')).status).toBe(200);
  });
});

describe('creating tasks', () => {
  beforeAll(clearTasks);

  it('creates a pending task for one audio file by hash, and answers the existing one the second time', async () => {
    const first = await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['02_耳かき.mp3'] });
    expect(first.status).toBe(201);
    expect(first.body.task).toMatchObject({
      work_id: RJ01012345, hash: hashes['02_耳かき.mp3'], audio_path: '02_耳かき.mp3', file_name: '02_耳かき.mp3',
      status: PENDING, worker_name: null, worker_status: null, code_prefix: 'RJ',
    });
    expect(first.body.task.title).toContain('雨音と耳かきの夜');
    const again = await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['02_耳かき.mp3'] });
    expect(again.status).toBe(200);
    expect(again.body.task.id).toBe(first.body.task.id);
  });

  it('refuses a malformed hash (400), a lyric file or unknown file (404)', async () => {
    expect((await fx.call(user(), 'POST', '/api/lyric/translate', { hash: '../etc/passwd' })).status).toBe(400);
    expect((await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['01_プロローグ.lrc'] })).status).toBe(404);
    expect((await fx.call(user(), 'POST', '/api/lyric/translate', { hash: `${RJ01012345}/999999` })).status).toBe(404);
    expect((await fx.call(user(), 'POST', '/api/lyric/translate', {})).status).toBe(400);
  });

  it('creates tasks for every audio file of a folder, keeping existing ones', async () => {
    const res = await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: 'RJ01012345', folder: '/' });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.tasks.map((t: LyricTask) => t.file_name).sort()).toEqual(['01_プロローグ.mp3', '02_耳かき.mp3', '03_おやすみ.mp3']);
    const again = await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: RJ01012345, folder: '' });
    expect(again.body.created).toBe(0);
  });

  it('answers 404 for a folder without audio or an unknown work, 400 for .. segments', async () => {
    expect((await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: RJ01012345, folder: '画像' })).status).toBe(404);
    expect((await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: 'RJ999999', folder: '' })).status).toBe(404);
    expect((await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: RJ01012345, folder: '../..' })).status).toBe(400);
  });

  it('finds audio in sub-folders of the folder asked for', async () => {
    const rows = await fx.srv.services.db('files').where({ type: 'audio' }).whereLike('relpath', '%/%').select('work_id', 'relpath');
    const nested = rows[0]!;
    const folder = nested.relpath.split('/').slice(0, -1).join('/');
    const res = await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: nested.work_id, folder });
    expect(res.status).toBe(200);
    expect(res.body.tasks.every((t: LyricTask) => t.audio_path.startsWith(folder + '/'))).toBe(true);
    expect(res.body.tasks.map((t: LyricTask) => t.audio_path)).toContain(nested.relpath);
  });
});

describe('GET /api/lyric/translate', () => {
  beforeAll(async () => {
    await clearTasks();
    await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: RJ01012345, folder: '' });
    const others = await fx.srv.services.db('files').where({ type: 'audio' }).whereNot({ work_id: RJ01012345 }).select('work_id', 'id');
    for (const f of others) await fx.call(user(), 'POST', '/api/lyric/translate', { hash: `${f.work_id}/${f.id}` });
  });

  it('pages by 12, newest first, with the pagination of the spec', async () => {
    const total = await fx.srv.services.db('lyric_tasks').count({ n: '*' }).first();
    expect(Number(total!.n)).toBeGreaterThan(12);
    const page1 = await list('page=1');
    expect(page1.tasks).toHaveLength(12);
    expect(page1.pagination).toEqual({ currentPage: 1, pageSize: 12, totalCount: Number(total!.n) });
    const ids = page1.tasks.map((t) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await list('page=2');
    expect(page2.tasks.length).toBe(Number(total!.n) - 12);
    expect(page2.tasks[0]!.id).toBeLessThan(ids[11]!);
  });

  it('filters by work id with or without RJ, by file name, and by a status list', async () => {
    for (const w of ['RJ01012345', 'rj01012345', '01012345', '1012345']) {
      const r = await list(`work_id=${w}`);
      expect(r.pagination.totalCount).toBe(3);
      expect(r.tasks.every((t) => t.work_id === RJ01012345)).toBe(true);
    }
    expect((await list('work_id=0')).pagination.totalCount).toBeGreaterThan(3);
    const byName = await list(`file_name=${encodeURIComponent('耳かき')}`);
    expect(byName.tasks.map((t) => t.file_name)).toEqual(['02_耳かき.mp3']);
    expect((await list(`status=${encodeURIComponent('[3,4]')}`)).pagination.totalCount).toBe(0);
    expect((await list(`status=${encodeURIComponent('[1]')}&work_id=RJ01012345`)).pagination.totalCount).toBe(3);
    expect((await list(`file_name=${encodeURIComponent('100%_')}`)).pagination.totalCount).toBe(0);
  });

  it('answers 400 for a bad status list or work id', async () => {
    expect((await fx.call(user(), 'GET', '/api/lyric/translate?status=pending')).status).toBe(400);
    expect((await fx.call(user(), 'GET', `/api/lyric/translate?status=${encodeURIComponent('[9]')}`)).status).toBe(400);
    expect((await fx.call(user(), 'GET', '/api/lyric/translate?work_id=hello')).status).toBe(400);
  });

  it('GET /api/lyric/translate/work/:id answers every task of the work', async () => {
    const res = await fx.call(user(), 'GET', `/api/lyric/translate/work/${RJ01012345}`);
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((t: LyricTask) => t.hash).sort()).toEqual([hashes['01_プロローグ.mp3'], hashes['02_耳かき.mp3'], hashes['03_おやすみ.mp3']].sort());
  });
});

describe('the worker lifecycle', () => {
  beforeAll(clearTasks);

  it('claims, reports, posts the LRC: success, lyric stored, work lyric_status gains ai', async () => {
    expect((await claim()).status).toBe(204);
    const created = (await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['01_プロローグ.mp3'] })).body.task as LyricTask;
    const before = await lyricStatus();
    expect(before.split('_')).not.toContain('ai');

    const c = await claim(worker(), 'gpu-box');
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ task: { id: created.id, status: TRANSCRIBING, worker_name: 'gpu-box', hash: hashes['01_プロローグ.mp3'] } });
    expect(c.body.mediaStreamUrl).toBe(`/api/lyric/worker/audio/${created.id}?secret=${c.body.secret}`);
    expect(c.body.secret).toMatch(/^[\w-]{20,}$/);
    expect(c.body.heartbeatSeconds).toBeGreaterThanOrEqual(1);
    expect((await claim()).status).toBe(204);

    // the claim's audio, with the worker key; the same bytes as the media stream
    const audio = await fetch(`${fx.srv.url}${c.body.mediaStreamUrl}`, { headers: { Authorization: `Bearer ${worker()}` } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await audio.arrayBuffer());
    const stream = await fetch(`${fx.srv.url}/api/media/stream/${hashes['01_プロローグ.mp3']}?token=${user()}`);
    expect(bytes.equals(Buffer.from(await stream.arrayBuffer()))).toBe(true);
    const wrongSecret = await fetch(`${fx.srv.url}/api/lyric/worker/audio/${created.id}?secret=not-the-secret`, { headers: { Authorization: `Bearer ${worker()}` } });
    expect(wrongSecret.status).toBe(409);
    await wrongSecret.arrayBuffer();

    const st = await fx.call(worker(), 'POST', '/api/lyric/worker/status', { id: created.id, secret: c.body.secret, worker_status: 'progress 40%' });
    expect(st.status).toBe(200);
    const row = (await list('work_id=RJ01012345')).tasks.find((t) => t.id === created.id)!;
    expect(row).toMatchObject({ status: TRANSCRIBING, worker_name: 'gpu-box', worker_status: 'progress 40%' });

    const done = await fx.call(worker(), 'POST', '/api/lyric/worker/result', { id: created.id, secret: c.body.secret, lrc: LRC });
    expect(done.status).toBe(200);
    expect(done.body.task.status).toBe(SUCCESS);
    const lrc = await fx.call(user(), 'GET', `/api/lyric/translate/lrc?id=${created.id}`);
    expect(lrc).toEqual({ status: 200, body: { lrcContent: LRC } });
    const stored = fs.readdirSync(path.join(fx.srv.dataDir, 'lyrics')).filter((n) => n.startsWith(`task-${created.id}-`));
    expect(stored).toHaveLength(1);
    expect(fs.readFileSync(path.join(fx.srv.dataDir, 'lyrics', stored[0]!), 'utf8')).toBe(LRC);
    expect((await lyricStatus()).split('_')).toContain('ai');

    // the claim is over: the secret no longer works
    expect((await fx.call(worker(), 'POST', '/api/lyric/worker/status', { id: created.id, secret: c.body.secret, worker_status: 'x' })).status).toBe(409);
  });

  it('refuses a wrong secret (409), LRC without timed lines (400), both or neither of lrc/error (400)', async () => {
    const task = (await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['02_耳かき.mp3'] })).body.task as LyricTask;
    const c = await claim();
    expect(c.body.task.id).toBe(task.id);
    const result = (body: object) => fx.call(worker(), 'POST', '/api/lyric/worker/result', { id: task.id, ...body });
    expect((await result({ secret: 'not-the-secret', lrc: LRC })).status).toBe(409);
    expect((await result({ secret: c.body.secret, lrc: 'no timestamps here' })).status).toBe(400);
    expect((await result({ secret: c.body.secret, lrc: LRC, error: 'x' })).status).toBe(400);
    expect((await result({ secret: c.body.secret })).status).toBe(400);
    expect((await fx.call(user(), 'GET', `/api/lyric/translate/lrc?id=${task.id}`)).status).toBe(404);

    const failed = await result({ secret: c.body.secret, error: 'whisper crashed: out of memory' });
    expect(failed.body.task).toMatchObject({ status: ERROR, worker_status: 'whisper crashed: out of memory' });
  });

  it('start (PUT) and retry (redo) put a task back to pending; start leaves success alone', async () => {
    const tasks = (await list('work_id=RJ01012345')).tasks;
    const failed = tasks.find((t) => t.status === ERROR)!;
    const succeeded = tasks.find((t) => t.status === SUCCESS)!;
    const started = await fx.call(user(), 'PUT', `/api/lyric/translate/${failed.id}`);
    expect(started.body.task).toMatchObject({ status: PENDING, worker_name: null, worker_status: null, has_lrc: false });
    expect((await fx.call(user(), 'PUT', `/api/lyric/translate/${succeeded.id}`)).body.task).toMatchObject({ status: SUCCESS, has_lrc: true });
    expect((await fx.call(user(), 'PUT', '/api/lyric/translate/999999')).status).toBe(404);

    const redo = await fx.call(user(), 'POST', `/api/lyric/translate/redo/${succeeded.id}`);
    expect(redo.status).toBe(200);
    expect(redo.body.task).toMatchObject({ status: PENDING, has_lrc: true });
  });

  it('redo takes a task away from its worker: the worker gets 409', async () => {
    await clearTasks();
    const task = (await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['03_おやすみ.mp3'] })).body.task as LyricTask;
    const c = await claim();
    await fx.call(user(), 'POST', `/api/lyric/translate/redo/${task.id}`);
    expect((await fx.call(worker(), 'POST', '/api/lyric/worker/result', { id: task.id, secret: c.body.secret, lrc: LRC })).status).toBe(409);
    expect((await list('work_id=RJ01012345')).tasks[0]!.status).toBe(PENDING);
  });

  it('release gives the task back to pending', async () => {
    const c = await claim();
    expect(c.status).toBe(200);
    const r = await fx.call(worker(), 'POST', '/api/lyric/worker/release', { id: c.body.task.id, secret: c.body.secret });
    expect(r.body.task).toMatchObject({ status: PENDING, worker_name: null });
  });

  it('delete is for admins: 403 to users; it removes the task and its lyric', async () => {
    await clearTasks();
    const task = (await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['01_プロローグ.mp3'] })).body.task as LyricTask;
    const c = await claim();
    await fx.call(worker(), 'POST', '/api/lyric/worker/result', { id: task.id, secret: c.body.secret, lrc: LRC });
    expect((await lyricStatus()).split('_')).toContain('ai');
    expect((await fx.call(user(), 'DELETE', `/api/lyric/translate/${task.id}`)).status).toBe(403);
    const del = await fx.call(admin(), 'DELETE', `/api/lyric/translate/${task.id}`);
    expect(del).toEqual({ status: 200, body: { message: 'lyric task deleted', code: 'lyric.taskDeleted' } });
    expect((await list('work_id=RJ01012345')).tasks).toEqual([]);
    expect(fs.readdirSync(path.join(fx.srv.dataDir, 'lyrics')).filter((n) => n.startsWith(`task-${task.id}-`))).toEqual([]);
    expect((await lyricStatus()).split('_')).not.toContain('ai');
    expect((await fx.call(admin(), 'DELETE', `/api/lyric/translate/${task.id}`)).status).toBe(404);
  });
});

describe('two workers racing', () => {
  it('parallel claims: each pending task goes to exactly one worker', async () => {
    await clearTasks();
    const one = await fx.call(user(), 'POST', '/api/lyric/translate', { hash: hashes['01_プロローグ.mp3'] });
    expect(one.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(i % 2 ? worker() : admin(), `racer-${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 204)).toHaveLength(7);

    await clearTasks();
    await fx.call(user(), 'POST', '/api/lyric/translate/folder', { work_id: RJ01012345, folder: '' });
    const many = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(worker(), `racer-${i}`)));
    const won = many.filter((a) => a.status === 200).map((a) => a.body.task.id as number);
    expect(won).toHaveLength(3);
    expect(new Set(won).size).toBe(3);
    const secrets = many.filter((a) => a.status === 200).map((a) => a.body.secret);
    expect(new Set(secrets).size).toBe(3);
  });
});

describe('a worker that dies mid-task', () => {
  let short: LyricFixture;
  beforeAll(async () => { short = await startLyricFixture({ lyricWorkerTimeout: 1 }); }, 120_000);
  afterAll(async () => { await short.srv.close(); });

  it('loses its claim after lyricWorkerTimeout: the task is pending again, claimable, and the old secret is refused', async () => {
    const fileId = await short.fileId(RJ01012345, '02_耳かき.mp3');
    const task = (await short.call(short.tokens.user, 'POST', '/api/lyric/translate', { hash: `${RJ01012345}/${fileId}` })).body.task as LyricTask;
    const dead = await short.call(short.tokens.worker, 'POST', '/api/lyric/worker/claim', { worker_name: 'dies' });
    expect(dead.body.task).toMatchObject({ id: task.id, status: TRANSCRIBING, worker_name: 'dies' });
    // the worker says nothing more; wait until the centre shows the task pending again
    let seen: LyricTask | undefined;
    for (let i = 0; i < 100 && seen?.status !== PENDING; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await short.call(short.tokens.user, 'GET', '/api/lyric/translate')).body.tasks[0];
    }
    expect(seen).toMatchObject({ id: task.id, status: PENDING, worker_name: null, worker_status: null });
    const late = await short.call(short.tokens.worker, 'POST', '/api/lyric/worker/result', { id: task.id, secret: dead.body.secret, lrc: LRC });
    expect(late.status).toBe(409);
    const next = await short.call(short.tokens.worker, 'POST', '/api/lyric/worker/claim', { worker_name: 'alive' });
    expect(next.body.task).toMatchObject({ id: task.id, worker_name: 'alive' });
    expect(next.body.secret).not.toBe(dead.body.secret);
  });
});
