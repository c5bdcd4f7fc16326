/**
 * Writing in the novel section (spec 001 sections 2, 4, 6 and 7; DESIGN section 7):
 * adding (validation, ids, reviving a deleted novel), the detail page's rating and
 * progress (starOnly / progressOnly, myProcess 0..3), reviews and the favourites lists,
 * history with its messages, deleting a novel (admin only: hidden, TXT removed, user data
 * kept), covers, and the permissions of guests, users and the admin on every call.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNovelServer, type NovelServer } from './helpers.js';

let n: NovelServer;
let a: number;
let b: number;
beforeAll(async () => {
  n = await startNovelServer();
  a = await n.add({ name: '星河旅人', plat: '示例小说站', author: '林雨', tag: ['科幻'], wordCount: 356000, process: 0, rate: 4 });
  b = await n.add({ name: '雾中的钟声', rate: 2 });
});
afterAll(async () => { await n.close(); });

const novel = async (id: number, token = n.tokens.user) => (await n.api('GET', `/api/novel/work/${id}`, token)).body;
const ids = (res: { body: { works: { id: number }[] } }) => res.body.works.map((w) => w.id);

describe('POST /api/novel/work/', () => {
  it('gives the next free id without novelId, and the defaults of the form', async () => {
    expect([a, b]).toEqual([1, 2]);
    expect(await novel(b)).toMatchObject({ title: '雾中的钟声', rate: 2, process: 1, wordCount: 0, readCount: 0, desc: '', info: '', url: '', circle: null, vas: [], tags: [], release: null, myProcess: null });
  });

  it('takes tag ids and names, and an author by id', async () => {
    const [tag] = (await n.api('GET', '/api/novel/tags/tagList')).body;
    const [author] = (await n.api('GET', '/api/novel/vas/authorList')).body;
    const id = await n.add({ novelId: 77, name: '归途', tag: [tag.id, '公路'], author: { id: author.id, label: '' } });
    const got = await novel(id);
    expect(got.tags.map((t: { name: string }) => t.name).sort()).toEqual(['公路', '科幻'].sort());
    expect(got.vas).toEqual([{ id: author.id, name: '林雨' }]);
  });

  it('refuses bad values with 400 {error} and a taken id with 409', async () => {
    for (const body of [{}, { name: '  ' }, { name: 'x', rate: 6 }, { name: 'x', process: 2 }, { name: 'x', myProcess: 4 }, { name: 'x', tag: [99999] }, { name: 'x', author: { id: 'nobody', label: '' } }, { name: 'x', wordCount: -1 }]) {
      const res = await n.api('POST', '/api/novel/work/', n.tokens.user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const taken = await n.api('POST', '/api/novel/work/', n.tokens.user, { novelId: a, name: 'again' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`novel ${a} already exists`);
  });
});

describe('rating and progress from the detail page', () => {
  const put = (query: string, body: Record<string, unknown>, token = n.tokens.user) => n.api('PUT', `/api/novel/work/review/${query}`, token, { user_name: 'listener1', work_id: a, ...body });

  it('starOnly=true writes the rating; progressOnly=true the progress, as myProcess 0..3 or a progress value', async () => {
    expect((await put('?starOnly=true', { rating: 4, progress: 1 })).body.message).toBe('rating saved');
    expect(await novel(a)).toMatchObject({ userRating: 4, rating: 4, myProcess: null, progress: null });
    expect((await put('?progressOnly=true', { progress: 2, rating: 1 })).body.message).toBe('progress saved');
    expect(await novel(a)).toMatchObject({ userRating: 4, myProcess: 2, progress: 'postponed' });
    await put('?progressOnly=true', { myProcess: 3 });
    expect(await novel(a)).toMatchObject({ myProcess: 3, progress: 'marked' });
    await put('?progressOnly=true', { progress: 'listened' });
    expect(await novel(a)).toMatchObject({ myProcess: 1, progress: 'listened' });
    await put('?progressOnly=true', { progress: 'replay' });
    expect(await novel(a)).toMatchObject({ myProcess: null, progress: 'replay' });
    // the rating is the caller's own
    expect(await novel(a, n.tokens.admin)).toMatchObject({ userRating: null, myProcess: null });
  });

  it('refuses rating 6, myProcess 4 and an unknown novel', async () => {
    expect((await put('?starOnly=true', { rating: 6 })).status).toBe(400);
    expect((await put('?progressOnly=true', { progress: 4 })).status).toBe(400);
    expect((await put('?starOnly=true', { work_id: 999, rating: 3 })).status).toBe(404);
  });

  it('the add form\'s my progress is the adder\'s myProcess', async () => {
    const id = await n.add({ name: '白塔', myProcess: 0 }, n.tokens.user);
    expect(await novel(id)).toMatchObject({ myProcess: 0, progress: 'listening' });
    expect(await novel(id, n.tokens.admin)).toMatchObject({ myProcess: null });
  });
});

describe('reviews and favourites', () => {
  it('PUT /api/novel/review?starOnly=false writes rating, text and progress; GET /api/novel/review lists them with the progress filter', async () => {
    const res = await n.api('PUT', '/api/novel/review?starOnly=false', n.tokens.user, { user_name: 'listener1', work_id: b, rating: 5, review_text: '雨季的故事', progress: 'listened' });
    expect(res.status).toBe(200);
    expect(await novel(b)).toMatchObject({ userRating: 5, review_text: '雨季的故事', progress: 'listened', myProcess: 1 });
    const list = await n.api('GET', '/api/novel/review?order=userRating&sort=desc', n.tokens.user);
    expect(ids(list)[0]).toBe(b);
    expect(list.body.pagination.totalCount).toBe(3);
    expect(ids(await n.api('GET', '/api/novel/review?filter=listened', n.tokens.user))).toEqual([b]);
    for (const order of ['updated_at', 'release', 'review_count', 'dl_count', 'allage', 'nsfw']) {
      expect((await n.api('GET', `/api/novel/review?order=${order}`, n.tokens.user)).status, order).toBe(200);
    }
    // novel reviews are not audio reviews
    expect((await n.api('GET', '/api/review', n.tokens.user)).body.works).toEqual([]);
  });

  it('DELETE /api/novel/review?work_id removes it; a second time 404', async () => {
    expect((await n.api('DELETE', `/api/novel/review?work_id=${b}`, n.tokens.user)).body.message).toBe('review deleted');
    expect(await novel(b)).toMatchObject({ userRating: null, review_text: null, progress: null });
    expect((await n.api('DELETE', `/api/novel/review?work_id=${b}`, n.tokens.user)).status).toBe(404);
  });
});

describe('history', () => {
  const state = { queue: [{ hash: '1/1', title: '第一章' }], index: 0, seconds: 12 };

  it('PUT saves the state, GET /api/novel/histroy lists it, DELETE says history deleted / failed to delete history', async () => {
    expect((await n.api('PUT', '/api/novel/histroy', n.tokens.user, { work_id: a, state })).body.message).toBe('history saved');
    const list = await n.api('GET', '/api/novel/histroy', n.tokens.user);
    expect(ids(list)).toEqual([a]);
    expect(list.body.works[0].state).toEqual(state);
    expect((await novel(a)).state).toEqual(state);
    const del = await n.api('DELETE', '/api/novel/histroy', n.tokens.user, { work_id: a });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('history deleted');
    const again = await n.api('DELETE', '/api/novel/histroy', n.tokens.user, { work_id: a });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('failed to delete history');
  });
});

describe('covers', () => {
  it('a novel without a cover answers the placeholder for every type; an unknown one 404', async () => {
    for (const type of ['sam', '240x240', 'main']) {
      const res = await fetch(`${n.srv.url}/api/novel/cover/${b}?type=${type}&token=${n.tokens.guest}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
    }
    expect((await fetch(`${n.srv.url}/api/novel/cover/${b}?type=huge&token=${n.tokens.guest}`)).status).toBe(400);
    expect((await fetch(`${n.srv.url}/api/novel/cover/999?token=${n.tokens.guest}`)).status).toBe(404);
    expect((await fetch(`${n.srv.url}/api/novel/cover/${b}`)).status).toBe(401);
  });
});

describe('deleting a novel', () => {
  it('is admin-only; hides the novel, removes its TXT in the same step and keeps reviews and history', async () => {
    await n.api('PUT', '/api/novel/work/review/?starOnly=true', n.tokens.user, { work_id: a, rating: 3 });
    await n.api('PUT', '/api/novel/histroy', n.tokens.user, { work_id: a, state: { queue: [], index: 0, seconds: 0 } });
    expect((await n.upload({ id: String(a) }, Buffer.from('第一章\n'))).status).toBe(200);
    const txt = path.join(n.srv.dataDir, 'novels', `${a}.txt`);
    expect(fs.existsSync(txt)).toBe(true);

    expect((await n.api('DELETE', `/api/novel/work/${a}`, n.tokens.user)).status).toBe(403);
    expect((await n.api('DELETE', `/api/novel/work/${a}`, n.tokens.guest)).status).toBe(403);
    expect(fs.existsSync(txt)).toBe(true);
    const res = await n.api('DELETE', `/api/novel/work/${a}`, n.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`novel ${a} deleted`);

    expect(fs.existsSync(txt)).toBe(false);
    expect(fs.readdirSync(path.dirname(txt))).toEqual([]);
    expect((await n.api('GET', `/api/novel/work/${a}`, n.tokens.user)).status).toBe(404);
    expect(ids(await n.api('GET', '/api/novel/works', n.tokens.user))).not.toContain(a);
    expect(ids(await n.api('GET', '/api/novel/review', n.tokens.user))).not.toContain(a);
    expect((await n.api('GET', '/api/novel/tags/?limit=9999&page=1', n.tokens.user)).body.data.find((t: { name: string }) => t.name === '科幻')?.count).toBe(1);
    const db = n.srv.services.db;
    expect(await db('novel_reviews').where({ work_id: a, user_name: 'listener1' }).first('rating')).toEqual({ rating: 3 });
    expect(await db('novel_history').where({ work_id: a }).count({ c: '*' })).toEqual([{ c: 1 }]);
    expect((await n.api('DELETE', `/api/novel/work/${a}`, n.tokens.admin)).status).toBe(404);
  });

  it('adding the id again brings it back, with the users\' reviews', async () => {
    expect((await n.api('POST', '/api/novel/work/', n.tokens.user, { novelId: a, name: '星河旅人（新版）' })).status).toBe(200);
    expect(await novel(a)).toMatchObject({ title: '星河旅人（新版）', userRating: 3, onlineTxt: [] });
  });
});

describe('permissions', () => {
  const reads = ['/api/novel/works', '/api/novel/search?keyword=x', '/api/novel/circles/?limit=9999&page=1', '/api/novel/tags/?limit=9999&page=1', '/api/novel/vas/?limit=9999&page=1',
    '/api/novel/vas/authorList', '/api/novel/tags/tagList', '/api/novel/work/2', '/api/novel/review', '/api/novel/histroy'];
  const writes: [string, string, unknown][] = [
    ['POST', '/api/novel/work/', { name: 'guest novel' }],
    ['POST', '/api/novel/work/spider/', { url: 'http://example.com/' }],
    ['GET', '/api/novel/work/updateData/2/', undefined],
    ['GET', '/api/novel/deleteTxt/2/', undefined],
    ['PUT', '/api/novel/work/review/?starOnly=true', { work_id: 2, rating: 3 }],
    ['PUT', '/api/novel/review?starOnly=false', { work_id: 2, rating: 3 }],
    ['DELETE', '/api/novel/review?work_id=2', undefined],
    ['PUT', '/api/novel/histroy', { work_id: 2, state: { queue: [], index: 0, seconds: 0 } }],
    ['DELETE', '/api/novel/histroy', { work_id: 2 }],
    ['DELETE', '/api/novel/work/2', undefined],
  ];

  it('guests read every list and the detail; without a token every call is 401', async () => {
    for (const p of reads) {
      expect((await n.api('GET', p, n.tokens.guest)).status, p).toBe(200);
      expect((await n.api('GET', p, null)).status, p).toBe(401);
    }
    for (const [method, p, body] of writes) expect((await n.api(method, p, null, body)).status, `${method} ${p}`).toBe(401);
  });

  it('guests may write nothing (403); a user may do all but delete a novel', async () => {
    for (const [method, p, body] of writes) expect((await n.api(method, p, n.tokens.guest, body)).status, `${method} ${p}`).toBe(403);
    expect(await n.srv.services.db('novels').where({ title: 'guest novel' }).first()).toBeUndefined();
    expect((await n.api('DELETE', '/api/novel/work/2', n.tokens.user)).status).toBe(403);
    expect((await n.api('PUT', '/api/novel/work/review/?starOnly=true', n.tokens.user, { work_id: 2, rating: 3 })).status).toBe(200);
  });

  it('deleting a user removes their novel reviews and history', async () => {
    await n.api('PUT', '/api/novel/histroy', n.tokens.user, { work_id: 2, state: { queue: [], index: 0, seconds: 0 } });
    expect((await n.api('DELETE', '/api/credentials/user', n.tokens.admin, { users: [{ name: 'listener1' }] })).status).toBe(200);
    const db = n.srv.services.db;
    expect(await db('novel_reviews').where({ user_name: 'listener1' }).count({ c: '*' })).toEqual([{ c: 0 }]);
    expect(await db('novel_history').where({ user_name: 'listener1' }).count({ c: '*' })).toEqual([{ c: 0 }]);
  });
});
