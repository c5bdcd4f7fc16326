/**
 * Contract of reviews and play history (spec 000 sections 3, 4, 7, 9): PUT /api/review
 * with the starOnly/progressOnly rules, GET /api/review orders and progress filter,
 * DELETE /api/review, GET/PUT/DELETE /api/histroy, and who may write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILLERS, PAGE_SIZE, W1, W2, W3, W4, W5, W8, startCatalogue, type Catalogue } from './dataset.js';

let c: Catalogue;
beforeAll(async () => { c = await startCatalogue(); });
afterAll(async () => { await c.srv.close(); });

const work = async (id: number, token: string) => (await c.api('GET', `/api/work/${id}`, token)).body;
const put = (query: string, body: Record<string, unknown>, token = c.alice) => c.api('PUT', `/api/review${query}`, token, { user_name: 'alice', ...body });
const listIds = (res: { body: { works: { id: number }[] } }) => res.body.works.map((w) => w.id);

describe('PUT /api/review', () => {
  it('rating alone (no params) writes only the rating', async () => {
    const res = await put('', { work_id: W1, rating: 4 });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect(await work(W1, c.alice)).toMatchObject({ userRating: 4, review_text: null, progress: null });
  });

  it('progressOnly=true writes only the progress; starOnly=true only the rating', async () => {
    expect((await put('?starOnly=false&progressOnly=true', { work_id: W1, progress: 'listening', rating: 1 })).status).toBe(200);
    expect(await work(W1, c.alice)).toMatchObject({ userRating: 4, progress: 'listening' });
    expect((await put('?starOnly=true', { work_id: W1, rating: 5, progress: 'replay', review_text: 'ignored' })).status).toBe(200);
    expect(await work(W1, c.alice)).toMatchObject({ userRating: 5, progress: 'listening', review_text: null });
  });

  it('starOnly=false (the review dialog) sets rating, text and progress together', async () => {
    expect((await put('?starOnly=false', { work_id: W1, rating: 3, review_text: '雨の音が良い', progress: 'listened' })).status).toBe(200);
    expect(await work(W1, c.alice)).toMatchObject({ userRating: 3, review_text: '雨の音が良い', progress: 'listened' });
    expect((await put('?starOnly=false', { work_id: W1, review_text: 'text only' })).status).toBe(200);
    expect(await work(W1, c.alice)).toMatchObject({ userRating: null, review_text: 'text only', progress: null });
  });

  it('a review left with no rating, text or progress leaves the favourites', async () => {
    expect((await put('?starOnly=false', { work_id: W8, rating: 2 })).status).toBe(200);
    expect(listIds(await c.api('GET', '/api/review', c.alice))).toContain(W8);
    expect((await put('?starOnly=false', { work_id: W8 })).status).toBe(200);
    expect(listIds(await c.api('GET', '/api/review', c.alice))).not.toContain(W8);
  });

  it('writes for the caller whatever user_name the body names', async () => {
    expect((await put('', { user_name: 'admin', work_id: W2, rating: 2 })).status).toBe(200);
    expect((await work(W2, c.alice)).userRating).toBe(2);
    expect((await work(W2, c.admin)).userRating).toBeNull();
    const row = await c.srv.services.db('reviews').where({ work_id: W2 }).select('user_name');
    expect(row).toEqual([{ user_name: 'alice' }]);
  });

  it('rejects rating 0 or 6, an unknown progress, a missing work_id or field with 400 {error}; unknown work 404', async () => {
    for (const [query, body] of [
      ['', { work_id: W1, rating: 0 }], ['', { work_id: W1, rating: 6 }], ['', { work_id: W1, rating: 2.5 }],
      ['?progressOnly=true', { work_id: W1, progress: 'finished' }], ['', { rating: 3 }], ['?progressOnly=true', { work_id: W1 }],
      ['?starOnly=true', { work_id: W1 }], ['?starOnly=maybe', { work_id: W1, rating: 3 }],
    ] as const) {
      const res = await put(query, body);
      expect(res.status, JSON.stringify([query, body])).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await put('', { work_id: 999999, rating: 3 })).status).toBe(404);
  });

  it('guests get 403, anonymous 401', async () => {
    expect((await put('', { work_id: W1, rating: 3 }, c.guest)).status).toBe(403);
    expect((await c.api('PUT', '/api/review', null, { work_id: W1, rating: 3 })).status).toBe(401);
  });
});

describe('GET /api/review', () => {
  beforeAll(async () => {
    // bobby: W3 5 replay, W4 2 marked, W5 4 marked, W2 (progress only) listening, W8 1 — written in this order
    const writes: [number, Record<string, unknown>][] = [
      [W3, { rating: 5, progress: 'replay', review_text: 'best' }], [W4, { rating: 2, progress: 'marked' }], [W5, { rating: 4, progress: 'marked' }],
      [W2, { progress: 'listening' }], [W8, { rating: 1 }],
    ];
    for (const [id, body] of writes) {
      expect((await c.api('PUT', '/api/review?starOnly=false', c.bob, { user_name: 'bobby', work_id: id, ...body })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 5)); // distinct updated_at
    }
  });

  it('lists the caller\'s reviewed works, latest first by default, with their review fields', async () => {
    const res = await c.api('GET', '/api/review', c.bob);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ currentPage: 1, pageSize: PAGE_SIZE, totalCount: 5 });
    expect(listIds(res)).toEqual([W8, W2, W5, W4]);
    expect(res.body.works[0]).toMatchObject({ id: W8, userRating: 1, progress: null });
    const page2 = await c.api('GET', '/api/review?page=2', c.bob);
    expect(page2.body.works).toHaveLength(1);
    expect(page2.body.works[0]).toMatchObject({ id: W3, userRating: 5, review_text: 'best', progress: 'replay' });
    expect(listIds(await c.api('GET', '/api/review?order=updated_at&sort=asc', c.bob))).toEqual([W3, W4, W5, W2]);
  });

  it('orders by userRating, release, review_count and dl_count both ways', async () => {
    expect(listIds(await c.api('GET', '/api/review?order=userRating&sort=desc', c.bob))).toEqual([W3, W5, W4, W8]);
    expect(listIds(await c.api('GET', '/api/review?order=userRating&sort=asc&page=1', c.bob))).toEqual([W8, W4, W5, W3]);
    expect(listIds(await c.api('GET', '/api/review?order=release&sort=desc', c.bob))).toEqual([W5, W3, W2, W4]);
    expect(listIds(await c.api('GET', '/api/review?order=release&sort=asc', c.bob))).toEqual([W8, W4, W2, W3]);
    expect(listIds(await c.api('GET', '/api/review?order=review_count&sort=desc', c.bob))).toEqual([W3, W5, W2, W4]);
    expect(listIds(await c.api('GET', '/api/review?order=dl_count&sort=asc', c.bob))).toEqual([W8, W5, W3, W2]);
  });

  it('order nsfw follows sort (asc: all ages first, the web\'s "all ages first"; desc: adults only first); allage is all ages first whatever sort says', async () => {
    const ages = async (q: string) => (await c.api('GET', `/api/review?${q}`, c.bob)).body.works.map((w: { nsfw: boolean }) => w.nsfw);
    expect(await ages('order=allage&sort=desc')).toEqual([false, false, false, true]);
    expect(await ages('order=nsfw&sort=asc')).toEqual([false, false, false, true]);
    expect(await ages('order=nsfw&sort=desc')).toEqual([true, true, false, false]);
  });

  it('filters by progress and keeps each user to their own reviews', async () => {
    const marked = await c.api('GET', '/api/review?filter=marked', c.bob);
    expect(listIds(marked).sort()).toEqual([W4, W5].sort());
    expect(marked.body.pagination.totalCount).toBe(2);
    expect(listIds(await c.api('GET', '/api/review?filter=replay', c.bob))).toEqual([W3]);
    expect((await c.api('GET', '/api/review?filter=postponed', c.bob)).body.pagination.totalCount).toBe(0);
    expect(listIds(await c.api('GET', '/api/review', c.guest))).toEqual([]);
  });

  it('answers 400 for an unknown order or filter and 401 without a token; guests may read', async () => {
    for (const p of ['order=price', 'order=random', 'filter=done', 'sort=sideways', 'page=-1']) expect((await c.api('GET', `/api/review?${p}`, c.bob)).status, p).toBe(400);
    expect((await c.api('GET', '/api/review')).status).toBe(401);
    expect((await c.api('GET', '/api/review', c.guest)).status).toBe(200);
  });
});

describe('DELETE /api/review', () => {
  it('deletes the caller\'s review and its mark', async () => {
    await put('?starOnly=false', { work_id: W4, rating: 4, progress: 'postponed' });
    const res = await c.api('DELETE', `/api/review?work_id=${W4}`, c.alice);
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect(await work(W4, c.alice)).toMatchObject({ userRating: null, progress: null });
    expect((await work(W4, c.bob)).userRating).toBe(2); // another user's review stays
    expect((await c.api('DELETE', `/api/review?work_id=${W4}`, c.alice)).status).toBe(404);
  });

  it('answers 400 without work_id, 403 for guests, 401 without a token', async () => {
    expect((await c.api('DELETE', '/api/review', c.alice)).status).toBe(400);
    expect((await c.api('DELETE', `/api/review?work_id=${W3}`, c.guest)).status).toBe(403);
    expect((await c.api('DELETE', `/api/review?work_id=${W3}`)).status).toBe(401);
    expect((await work(W3, c.bob)).userRating).toBe(5);
  });
});

describe('/api/histroy', () => {
  const state = (n: number) => ({ queue: [{ hash: `${n}/1`, title: '01 intro.mp3', workTitle: 'w' }, { hash: `${n}/2`, title: '02 main.mp3' }], index: 1, seconds: 83.5 });

  it('saves {queue, index, seconds} per user and work and lists the works with their state, latest first', async () => {
    for (const id of [W5, W1, W2]) {
      const res = await c.api('PUT', '/api/histroy', c.alice, { work_id: id, state: state(id) });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await c.api('GET', '/api/histroy', c.alice);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ currentPage: 1, pageSize: PAGE_SIZE, totalCount: 3 });
    expect(listIds(res)).toEqual([W2, W1, W5]);
    expect(res.body.works[0].state).toEqual(state(W2));
    expect(listIds(await c.api('GET', '/api/histroy?sort=asc', c.alice))).toEqual([W5, W1, W2]);
    expect(listIds(await c.api('GET', '/api/histroy?order=release&sort=desc', c.alice))).toEqual([W5, W1, W2]);
    // the age sorts as the web and the TUI send them: order nsfw, sort asc (all ages first) or desc (adults only first)
    expect(listIds(await c.api('GET', '/api/histroy?order=nsfw&sort=asc', c.alice))).toEqual([W1, W5, W2]);
    expect(listIds(await c.api('GET', '/api/histroy?order=nsfw&sort=desc', c.alice))).toEqual([W2, W1, W5]);
    expect((await c.api('GET', '/api/histroy', c.bob)).body.pagination.totalCount).toBe(0);

    // saving again replaces the state and moves the work to the top
    await c.api('PUT', '/api/histroy', c.alice, { work_id: W5, state: { ...state(W5), index: 0, seconds: 1 } });
    const again = await c.api('GET', '/api/histroy', c.alice);
    expect(listIds(again)).toEqual([W5, W2, W1]);
    expect(again.body.works[0].state).toMatchObject({ index: 0, seconds: 1 });
  });

  it('filters by the review progress of each work', async () => {
    await put('?progressOnly=true', { work_id: W2, progress: 'listening' });
    expect(listIds(await c.api('GET', '/api/histroy?filter=listening', c.alice))).toEqual([W2]);
  });

  it('rejects a malformed state with 400 {error} and an unknown work with 404', async () => {
    for (const body of [
      { work_id: W1 }, { work_id: W1, state: { queue: [], index: -1, seconds: 0 } }, { work_id: W1, state: { queue: 'x', index: 0, seconds: 0 } },
      { work_id: W1, state: { queue: [{ title: 'no hash' }], index: 0, seconds: 0 } }, { work_id: W1, state: { queue: [], index: 0, seconds: 'ten' } },
      { work_id: W1, state: { queue: [{ hash: '1/1', title: 'a' }], index: 3, seconds: 0 } }, { state: state(W1) },
    ]) {
      const res = await c.api('PUT', '/api/histroy', c.alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await c.api('PUT', '/api/histroy', c.alice, { work_id: FILLERS.length * 1000, state: state(1) })).status).toBe(404);
  });

  it('DELETE {work_id} answers "history deleted", then 404', async () => {
    const res = await c.api('DELETE', '/api/histroy', c.alice, { work_id: W1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'history deleted', code: 'history.deleted' });
    expect((await work(W1, c.alice)).state).toBeNull();
    expect(listIds(await c.api('GET', '/api/histroy', c.alice))).not.toContain(W1);
    const again = await c.api('DELETE', '/api/histroy', c.alice, { work_id: W1 });
    expect(again.status).toBe(404);
    expect(again.body.error).toMatch(/history delete failed/);
    expect((await c.api('DELETE', '/api/histroy', c.alice, {})).status).toBe(400);
  });

  it('guests read but get 403 on writes; anonymous 401', async () => {
    expect((await c.api('GET', '/api/histroy', c.guest)).status).toBe(200);
    expect((await c.api('PUT', '/api/histroy', c.guest, { work_id: W1, state: state(W1) })).status).toBe(403);
    expect((await c.api('DELETE', '/api/histroy', c.guest, { work_id: W2 })).status).toBe(403);
    expect((await c.api('GET', '/api/histroy')).status).toBe(401);
    expect((await c.api('PUT', '/api/histroy', null, { work_id: W1, state: state(W1) })).status).toBe(401);
  });
});
