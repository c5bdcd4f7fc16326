/**
 * Contract of the name lists, one work, the admin's delete and rescan, /api/version and
 * /api/config/shared (spec 000 sections 3, 7, 8), with permissions per group.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorks, vaId } from '../../helpers/catalogue-seed.js';
import { libraryDir } from '../../helpers/server.js';
import { scanLibrary } from '../../../src/scan/index.js';
import { acquireScanLock } from '../../../src/scan/index.js';
import { ALPHA, BETA, DELTA, GAMMA, HIDDEN, IYASHI, MIMI, AME, TRIAL, VISIBLE_COUNT, W1, W2, W3, W4, startCatalogue, type Catalogue } from './dataset.js';

let c: Catalogue;
beforeAll(async () => { c = await startCatalogue(); });
afterAll(async () => { await c.srv.close(); });

describe('GET /api/circles/, /api/tags/, /api/vas/', () => {
  it('lists circles with counts of visible works only, sorted by name', async () => {
    const res = await c.api('GET', '/api/circles/', c.guest);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { ...BETA, count: 2 },
      { ...ALPHA, count: 2 }, // the hidden and the trial work are not counted
      { ...DELTA, count: 14 },
      { ...GAMMA, count: 2 },
    ]);
  });

  it('lists tags and VAs with their counts', async () => {
    const tags = await c.api('GET', '/api/tags/', c.admin);
    expect(tags.body).toEqual([{ ...IYASHI, count: 3 }, { ...MIMI, count: 3 }, { ...AME, count: 2 }].sort((a, b) => (a.name < b.name ? -1 : 1)));
    const vas = await c.api('GET', '/api/vas', c.admin);
    expect(vas.body).toEqual([
      { id: vaId('Aoi Sato'), name: 'Aoi Sato', count: 2 },
      { id: vaId('Mika Tanaka'), name: 'Mika Tanaka', count: 2 },
      { id: vaId('Ren Kato'), name: 'Ren Kato', count: 2 },
    ]);
  });

  it('answers {name} by id, 404 for an unknown id, 400 for a malformed one', async () => {
    expect((await c.api('GET', `/api/circles/${ALPHA.id}`, c.admin)).body).toEqual({ name: ALPHA.name });
    expect((await c.api('GET', `/api/tags/${MIMI.id}`, c.admin)).body).toEqual({ name: MIMI.name });
    expect((await c.api('GET', `/api/vas/${vaId('Ren Kato')}`, c.admin)).body).toEqual({ name: 'Ren Kato' });
    const missing = await c.api('GET', '/api/circles/999', c.admin);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBeTruthy();
    expect((await c.api('GET', `/api/vas/${vaId('Nobody')}`, c.admin)).status).toBe(404);
    expect((await c.api('GET', '/api/tags/x1', c.admin)).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    for (const p of ['/api/circles/', '/api/tags/', '/api/vas/', `/api/circles/${ALPHA.id}`]) expect((await c.api('GET', p)).status).toBe(401);
  });
});

describe('GET /api/work/:id', () => {
  it('answers the work with the caller\'s review and history', async () => {
    await c.api('PUT', '/api/review?starOnly=false', c.alice, { user_name: 'alice', work_id: W1, rating: 4, review_text: 'lovely rain', progress: 'listening' });
    const state = { queue: [{ hash: `${W1}/1`, title: '01.mp3' }], index: 0, seconds: 42 };
    await c.api('PUT', '/api/histroy', c.alice, { work_id: W1, state });
    const res = await c.api('GET', `/api/work/${W1}`, c.alice);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: W1, title: '雨音と耳かきの夜', circle: ALPHA, userRating: 4, review_text: 'lovely rain', progress: 'listening', state, nsfw: false, lyric_status: 'local' });
    const asAdmin = await c.api('GET', `/api/work/${W1}`, c.admin);
    expect(asAdmin.body).toMatchObject({ userRating: null, review_text: null, progress: null, state: null });
  });

  it('answers 404 for unknown, hidden and trial works, 400 for a malformed id, 401 without a token', async () => {
    for (const id of [999999, HIDDEN, TRIAL]) expect((await c.api('GET', `/api/work/${id}`, c.admin)).status).toBe(404);
    expect((await c.api('GET', '/api/work/RJabc', c.admin)).status).toBe(400);
    expect((await c.api('GET', `/api/work/${W1}`)).status).toBe(401);
    expect((await c.api('GET', `/api/work/${W1}`, c.guest)).status).toBe(200);
  });
});

describe('DELETE /api/work/:id', () => {
  it('is admin only', async () => {
    expect((await c.api('DELETE', `/api/work/${W3}`)).status).toBe(401);
    expect((await c.api('DELETE', `/api/work/${W3}`, c.guest)).status).toBe(403);
    expect((await c.api('DELETE', `/api/work/${W3}`, c.alice)).status).toBe(403);
    expect((await c.api('GET', `/api/work/${W3}`, c.admin)).status).toBe(200);
  });

  it('hides the work from every list and keeps the users\' reviews and history', async () => {
    await c.api('PUT', '/api/review?starOnly=true', c.bob, { user_name: 'bobby', work_id: W3, rating: 5 });
    await c.api('PUT', '/api/histroy', c.bob, { work_id: W3, state: { queue: [], index: 0, seconds: 0 } });
    const res = await c.api('DELETE', `/api/work/${W3}`, c.admin);
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect((await c.api('GET', `/api/work/${W3}`, c.admin)).status).toBe(404);
    expect((await c.api('GET', '/api/works', c.admin)).body.pagination.totalCount).toBe(VISIBLE_COUNT - 1);
    expect((await c.api('GET', '/api/circles/', c.admin)).body.find((x: { id: number }) => x.id === ALPHA.id).count).toBe(1);
    expect((await c.api('GET', '/api/review', c.bob)).body.works.map((w: { id: number }) => w.id)).not.toContain(W3);
    expect((await c.api('DELETE', `/api/work/${W3}`, c.admin)).status).toBe(404);

    // the folder comes back (the scanner clears removed_at): the review and history are still there
    await c.srv.services.db('works').where({ id: W3 }).update({ removed_at: null, removed_reason: null });
    const back = await c.api('GET', `/api/work/${W3}`, c.bob);
    expect(back.body).toMatchObject({ userRating: 5, state: { queue: [], index: 0, seconds: 0 } });
    expect((await c.api('GET', '/api/works', c.admin)).body.pagination.totalCount).toBe(VISIBLE_COUNT);
  });
});

describe('POST /api/work/scan/:id', () => {
  it('rescans a work folder and answers memo only when its files changed', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-rescan-'));
    fs.cpSync(path.join(libraryDir, 'RJ299717'), path.join(root, 'RJ299717'), { recursive: true });
    await scanLibrary(c.srv.services.db, { roots: [{ name: 'rescan', path: root }], maxDepth: 2 });

    expect((await c.api('POST', '/api/work/scan/299717', c.alice)).status).toBe(403);
    expect((await c.api('POST', '/api/work/scan/299717', c.guest)).status).toBe(403);
    expect((await c.api('POST', '/api/work/scan/299717')).status).toBe(401);

    const same = await c.api('POST', '/api/work/scan/299717', c.admin);
    expect(same.status).toBe(200);
    expect(typeof same.body.message).toBe('string');
    expect(same.body.memo).toBeUndefined();

    fs.writeFileSync(path.join(root, 'RJ299717', 'notes.txt'), 'new file');
    const changed = await c.api('POST', '/api/work/scan/299717', c.admin);
    expect(changed.status).toBe(200);
    expect(typeof changed.body.memo).toBe('string');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers 404 for a work without a folder and 400 for a malformed id', async () => {
    expect((await c.api('POST', '/api/work/scan/999999', c.admin)).status).toBe(404);
    expect((await c.api('POST', '/api/work/scan/abc', c.admin)).status).toBe(400);
  });
});

describe('GET /api/version and /api/config/shared', () => {
  it('answers the version without network and the scan lock from scan_runs', async () => {
    const res = await c.api('GET', '/api/version', c.guest);
    expect(res.status).toBe(200);
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'));
    expect(res.body).toEqual({ current: pkg.version, latest_stable: pkg.version, update_available: false, notifyUser: false, lockFileExists: false, lockReason: null });

    const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const lock = await acquireScanLock(c.srv.services.db, 'scan'); // a scan running in this process
    const locked = await c.api('GET', '/api/version', c.admin);
    expect(locked.body.lockFileExists).toBe(true);
    expect(locked.body.lockReason).toMatch(/running/);
    // a scan whose process died: still reported, with the reason, until a scan finishes
    await lock.release('failed', { reason: 'crashed: process 1 on host is gone' });
    const crashed = (await c.api('GET', '/api/version', c.admin)).body;
    expect(crashed).toMatchObject({ lockFileExists: true, lockReason: expect.stringMatching(/did not finish: process 1 on host is gone/) });
    await c.srv.services.db('scan_runs').insert({ kind: 'scan', status: 'finished', pid: process.pid, host: os.hostname(), started_at: now });
    expect((await c.api('GET', '/api/version', c.admin)).body.lockFileExists).toBe(false);
    expect((await c.api('GET', '/api/version')).status).toBe(401);
  });

  it('answers the seek steps of the live config', async () => {
    expect((await c.api('GET', '/api/config/shared', c.guest)).body).toEqual({ sharedConfig: { rewindSeekTime: 5, forwardSeekTime: 30 } });
    c.srv.services.config.forwardSeekTime = 10;
    expect((await c.api('GET', '/api/config/shared', c.alice)).body).toEqual({ sharedConfig: { rewindSeekTime: 5, forwardSeekTime: 10 } });
    expect((await c.api('GET', '/api/config/shared')).status).toBe(401);
  });
});

describe('changes written by other processes (scanner, metadata crawler)', () => {
  it('a renamed tag and a new work show at once in search, lists and counts', async () => {
    const db = c.srv.services.db;
    const search = async (keyword: string) => (await c.api('GET', `/api/search?keyword=${encodeURIComponent(keyword)}`, c.admin)).body.works.map((w: { id: number }) => w.id).sort();
    const total = (await c.api('GET', '/api/works', c.admin)).body.pagination.totalCount;
    expect(await search('Binaural')).toEqual([]);
    await db('tags').where({ id: AME.id }).update({ name: 'Binaural 雨' });
    expect(await search('binaural')).toEqual([W2, W4].sort());
    expect((await c.api('GET', '/api/tags/', c.admin)).body).toContainEqual({ id: AME.id, name: 'Binaural 雨', count: 2 });
    expect((await c.api('GET', `/api/work/${W2}`, c.admin)).body.tags).toContainEqual({ id: AME.id, name: 'Binaural 雨' });

    await seedWorks(db, [{ id: 333333, title: 'Fresh Work', circle: GAMMA, tags: [AME], vas: ['Ren Kato'] }]);
    expect(await search('fresh ren')).toEqual([333333]);
    expect((await c.api('GET', '/api/works', c.admin)).body.pagination.totalCount).toBe(total + 1);
    expect((await c.api('GET', '/api/tags/', c.admin)).body).toContainEqual({ id: AME.id, name: 'Binaural 雨', count: 3 });
  });
});
