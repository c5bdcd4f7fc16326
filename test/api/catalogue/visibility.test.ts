/**
 * The works visibility rule (DESIGN sections 4 and 7, src/catalogue/visible.ts): a listener
 * reviews, marks, plays and lists a work only when it is in the library or the trial
 * catalogue and not removed. A review, progress or history write for a hidden work answers
 * 404 and writes nothing; a trial work (status 0, inserted straight into the database) is
 * rated, marked and played (trial items play and resume, spec 000 section 3) and listed in
 * favourites and history with its `trial` mark; the library reads a listener makes of
 * such a work answer 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN, TRIAL, W1, W5, startCatalogue, type Catalogue } from './dataset.js';

let c: Catalogue;
beforeAll(async () => { c = await startCatalogue(); });
afterAll(async () => { await c.srv.close(); });

const state = { queue: [{ hash: `${W1}/1`, title: 'track 1' }], index: 0, seconds: 12 };
const reviewRows = (workId: number) => c.srv.services.db('reviews').where({ work_id: workId }).select('user_name', 'rating', 'review_text', 'progress');
const historyRows = (workId: number) => c.srv.services.db('play_history').where({ work_id: workId }).select('user_name', 'state');

/** The review and progress writes a listener makes about a work, each answering 404 for a work they cannot see. */
const reviewWrites = (workId: number) => [
  c.api('PUT', '/api/review', c.alice, { user_name: 'alice', work_id: workId, rating: 4 }),
  c.api('PUT', '/api/review?starOnly=false', c.alice, { work_id: workId, rating: 2, review_text: 'nice', progress: 'listened' }),
  c.api('PUT', '/api/review?progressOnly=true', c.alice, { work_id: workId, progress: 'listening' }),
];
/** Every write a listener makes about a work. */
const writes = (workId: number) => [...reviewWrites(workId), c.api('PUT', '/api/histroy', c.alice, { work_id: workId, state })];

describe('writes about a work the listener cannot see', () => {
  it('the hidden work: reviews, progress and history answer 404 {error} and write nothing', async () => {
    for (const res of await Promise.all(writes(HIDDEN))) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: `work ${HIDDEN} not found`, code: 'work.idNotFound', params: { id: HIDDEN } });
    }
    expect(await reviewRows(HIDDEN)).toEqual([]);
    expect(await historyRows(HIDDEN)).toEqual([]);
  });

  it('the trial work (status 0): rated and marked, listed in the favourites with its trial mark', async () => {
    expect(await c.srv.services.db('works').where({ id: TRIAL }).first('status', 'removed_at')).toEqual({ status: 0, removed_at: null });
    // one after another: the stars, the review dialog, the progress
    expect((await c.api('PUT', '/api/review', c.alice, { user_name: 'alice', work_id: TRIAL, rating: 4 })).status).toBe(200);
    expect((await c.api('PUT', '/api/review?starOnly=false', c.alice, { work_id: TRIAL, rating: 2, review_text: 'nice', progress: 'listened' })).status).toBe(200);
    expect((await c.api('PUT', '/api/review?progressOnly=true', c.alice, { work_id: TRIAL, progress: 'listening' })).status).toBe(200);
    expect(await reviewRows(TRIAL)).toEqual([{ user_name: 'alice', rating: 2, review_text: 'nice', progress: 'listening' }]);
    const favourites = (await c.api('GET', '/api/review', c.alice)).body as { works: { id: number; trial?: unknown }[] };
    expect(favourites.works.find((w) => w.id === TRIAL)?.trial).toEqual({ status: 0, downloaded: false });
    expect((await c.api('DELETE', `/api/review?work_id=${TRIAL}`, c.alice)).status).toBe(200);
  });

  it("a trial work's play history is saved (trial items resume like library ones)", async () => {
    expect((await c.api('PUT', '/api/histroy', c.alice, { work_id: TRIAL, state })).status).toBe(200);
    expect(await historyRows(TRIAL)).toEqual([{ user_name: 'alice', state: JSON.stringify(state) }]);
    expect((await c.api('DELETE', '/api/histroy', c.alice, { work_id: TRIAL })).status).toBe(200);
  });

  it('a work hidden by the admin keeps its review and history, and refuses new writes without touching them', async () => {
    expect((await c.api('PUT', '/api/review?starOnly=false', c.alice, { work_id: W5, rating: 5, review_text: 'kept', progress: 'replay' })).status).toBe(200);
    expect((await c.api('PUT', '/api/histroy', c.alice, { work_id: W5, state })).status).toBe(200);
    const [review, history] = [await reviewRows(W5), await historyRows(W5)];
    expect(review).toEqual([{ user_name: 'alice', rating: 5, review_text: 'kept', progress: 'replay' }]);
    // the favourites and history lists, in their rows' time and by release, with the progress filter (their caches filled)
    const lists = ['/api/review', '/api/review?filter=replay', '/api/review?order=release&sort=desc', '/api/histroy', '/api/histroy?filter=replay'];
    const listed = async () => Promise.all(lists.map(async (p) => (await c.api('GET', p, c.alice)).body as { works: { id: number }[]; pagination: { totalCount: number } }));
    const before = await listed();
    for (const [i, list] of before.entries()) expect(list.works.map((w) => w.id), lists[i]).toContain(W5);

    expect((await c.api('DELETE', `/api/work/${W5}`, c.admin)).status).toBe(200);
    for (const res of await Promise.all(writes(W5))) expect(res.status).toBe(404);
    expect(await reviewRows(W5)).toEqual(review);
    expect(await historyRows(W5)).toEqual(history);
    for (const [i, list] of (await listed()).entries()) {
      expect(list.works.map((w) => w.id), lists[i]).not.toContain(W5);
      expect(list.pagination.totalCount, lists[i]).toBe(before[i]!.pagination.totalCount - 1);
    }
  });
});

describe('reads of a work the listener cannot see', () => {
  it('the track tree, the cover and lyric tasks answer 404 for the trial and the hidden work, as for an unknown one', async () => {
    expect((await c.api('GET', `/api/tracks/${W1}`, c.alice)).status).toBe(200);
    for (const id of [TRIAL, HIDDEN, 999999]) {
      expect((await c.api('GET', `/api/tracks/${id}`, c.alice)).status, `tracks ${id}`).toBe(404);
      expect((await c.api('GET', `/api/cover/${id}`, c.alice)).status, `cover ${id}`).toBe(404);
      expect((await c.api('POST', '/api/lyric/translate/folder', c.alice, { work_id: id, folder: '' })).status, `lyric ${id}`).toBe(404);
    }
    expect(await c.srv.services.db('lyric_tasks').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
