/**
 * Contract of the works lists (spec 000 sections 3, 7, 9): GET /api/works, /api/search,
 * /api/circles|tags|vas/:id/works — shape, every order both ways, pagination totals,
 * seeded random order, filters, keyword by code and words, advanced search, validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vaId } from '../../helpers/catalogue-seed.js';
import {
  ALPHA, AME, FILLERS, HIDDEN, MIMI, NAMED, PAGE_SIZE, TRIAL, VISIBLE_COUNT, W1, W2, W3, W4, W5, W8,
  allPages, startCatalogue, type Catalogue,
} from './dataset.js';

let c: Catalogue;
beforeAll(async () => { c = await startCatalogue(); });
afterAll(async () => { await c.srv.close(); });

const seeded = [...NAMED, ...FILLERS];
const visible = seeded.filter((w) => (w.status ?? 3) === 3 && !w.removed_at);
const ids = (res: { body: { works: { id: number }[] } }) => res.body.works.map((w) => w.id).sort((a, b) => a - b);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe('GET /api/works', () => {
  it('answers the first page in release order with pagination and every spec field of a work', async () => {
    const res = await c.api('GET', '/api/works', c.admin);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ currentPage: 1, pageSize: PAGE_SIZE, totalCount: VISIBLE_COUNT });
    expect(res.body.works.map((w: { id: number }) => w.id)).toEqual([W5, W3, W1, W2]);
    const w3 = res.body.works[1];
    expect(w3).toMatchObject({
      id: W3, title: 'サキュバスアカデミア', circle: ALPHA, name: ALPHA.name, release: '2024-02-02', price: 1980, dl_count: 90,
      rate_average_2dp: 4.8, rate_count: 80, review_count: 50, nsfw: true, lyric_status: 'ai_local',
      userRating: null, progress: null, review_text: null, state: null,
    });
    expect(w3.tags).toEqual([MIMI]);
    expect(w3.vas.map((v: { id: string }) => v.id).sort()).toEqual([vaId('Aoi Sato'), vaId('Mika Tanaka')].sort());
    expect(w3.vas.map((v: { name: string }) => v.name).sort()).toEqual(['Aoi Sato', 'Mika Tanaka']);
    expect(w3.rate_count_detail).toEqual([{ review_point: 5, count: 80, ratio: 100 }]);
    expect(typeof w3.updated_at).toBe('string');
  });

  it('never lists hidden or trial works, and the pages add up to totalCount without repeats', async () => {
    const { ids: all, totals } = await allPages(c, '/api/works?order=release&sort=desc');
    expect(all).toHaveLength(VISIBLE_COUNT);
    expect(new Set(all).size).toBe(VISIBLE_COUNT);
    expect(all).not.toContain(HIDDEN);
    expect(all).not.toContain(TRIAL);
    expect(new Set(totals)).toEqual(new Set([VISIBLE_COUNT]));
    const last = await c.api('GET', '/api/works?page=5', c.admin);
    expect(last.body.works).toHaveLength(VISIBLE_COUNT - 4 * PAGE_SIZE);
    const beyond = await c.api('GET', '/api/works?page=9', c.admin);
    expect(beyond.body).toEqual({ works: [], pagination: { currentPage: 9, pageSize: PAGE_SIZE, totalCount: VISIBLE_COUNT } });
  });

  const columns = ['release', 'dl_count', 'price', 'rate_average_2dp', 'review_count', 'id', 'created_at'] as const;
  for (const order of columns) {
    for (const sort of ['asc', 'desc'] as const) {
      it(`orders by ${order} ${sort} across pages, ties broken by id`, async () => {
        const { works } = await allPages(c, `/api/works?${q({ order, sort })}`);
        expect(works).toHaveLength(VISIBLE_COUNT);
        const key = (w: Record<string, unknown>) => [w[order] as string | number, w.id as number] as const;
        const expected = [...works].sort((a, b) => {
          const [ka, ia] = key(a);
          const [kb, ib] = key(b);
          const cmp = ka < kb ? -1 : ka > kb ? 1 : ia - ib;
          return sort === 'asc' ? cmp : -cmp;
        });
        expect(works.map((w) => w.id)).toEqual(expected.map((w) => w.id));
      });
    }
  }

  it('orders by the caller\'s own rating (rated works first), per user', async () => {
    for (const [work, rating] of [[W1, 3], [W2, 4], [W3, 5]] as const) {
      expect((await c.api('PUT', '/api/review', c.bob, { user_name: 'bobby', work_id: work, rating })).status).toBe(200);
    }
    const desc = await c.api('GET', '/api/works?order=rating&sort=desc', c.bob);
    expect(desc.body.works.slice(0, 3).map((w: { id: number; userRating: number | null }) => [w.id, w.userRating])).toEqual([[W3, 5], [W2, 4], [W1, 3]]);
    expect(desc.body.works[3].userRating).toBeNull();
    const asc = await c.api('GET', '/api/works?order=rating&sort=asc', c.bob);
    expect(asc.body.works.slice(0, 3).map((w: { id: number }) => w.id)).toEqual([W1, W2, W3]);
    expect(asc.body.pagination.totalCount).toBe(VISIBLE_COUNT);
    const pages = await allPages(c, '/api/works?order=rating&sort=desc', c.bob);
    expect(pages.ids.slice(0, 3)).toEqual([W3, W2, W1]);
    expect(pages.ids.slice(3)).toEqual(sorted(visible.map((w) => w.id).filter((id) => ![W1, W2, W3].includes(id))).reverse());
    const other = await c.api('GET', '/api/works?order=rating&sort=desc', c.alice);
    expect(other.body.works.every((w: { userRating: number | null }) => w.userRating === null)).toBe(true);
  });

  it('gives a stable random order per seed across pages, and another order for another seed', async () => {
    const a = await allPages(c, '/api/works?order=random&seed=7');
    const again = await allPages(c, '/api/works?order=random&seed=7');
    expect(a.ids).toEqual(again.ids);
    expect(sorted(a.ids)).toEqual(sorted(visible.map((w) => w.id)));
    expect(a.totals.every((t) => t === VISIBLE_COUNT)).toBe(true);
    const byId = await allPages(c, '/api/works?order=id&sort=asc');
    expect(a.ids).not.toEqual(byId.ids);
    const b = await allPages(c, '/api/works?order=random&seed=8');
    expect(b.ids).not.toEqual(a.ids);
    expect(sorted(b.ids)).toEqual(sorted(a.ids));
  });

  it('betterRandom answers one visible work', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 15; i++) {
      const res = await c.api('GET', '/api/works?order=betterRandom&nsfw=2', c.admin);
      expect(res.status).toBe(200);
      expect(res.body.works).toHaveLength(1);
      expect(res.body.works[0].nsfw).toBe(true);
      seen.add(res.body.works[0].id);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('filters by age rating: 1 all ages, 2 adults only', async () => {
    const all = await allPages(c, '/api/works?nsfw=1');
    expect(sorted(all.ids)).toEqual(sorted(visible.filter((w) => !w.nsfw).map((w) => w.id)));
    const r18 = await allPages(c, '/api/works?nsfw=2');
    expect(sorted(r18.ids)).toEqual(sorted(visible.filter((w) => w.nsfw).map((w) => w.id)));
    expect(r18.totals[0]).toBe(r18.ids.length);
  });

  it('filters by lyric kind: ai, local, either (ai_local)', async () => {
    expect(ids(await c.api('GET', '/api/works?lyric=ai', c.admin))).toEqual(sorted([W2, W3]));
    expect(ids(await c.api('GET', '/api/works?lyric=local', c.admin))).toEqual(sorted([W1, W3, W5]));
    const either = await allPages(c, '/api/works?lyric=ai_local');
    expect(sorted(either.ids)).toEqual(sorted([W1, W2, W3, W5]));
  });

  it('combines nsfw, lyric and tag filters', async () => {
    const res = await c.api('GET', `/api/tags/${MIMI.id}/works?nsfw=2&lyric=local`, c.admin);
    expect(res.body.works.map((w: { id: number }) => w.id)).toEqual([W3]);
    expect(res.body.pagination.totalCount).toBe(1);
    const allAges = await c.api('GET', `/api/tags/${MIMI.id}/works?nsfw=1&lyric=local&order=price&sort=asc`, c.admin);
    expect(allAges.body.works.map((w: { id: number }) => w.id)).toEqual([W1, W5]);
  });
});

describe('keyword search', () => {
  for (const [keyword, id] of [['RJ01098765', W1], ['01098765', W1], ['rj298765', W2], ['298765', W2], ['VJ222222', W8], [' 222222 ', W8], ['RJ1098765', W1], ['1098765', W1], ['rj1098765', W1]] as const) {
    it(`finds the work by code '${keyword}'`, async () => {
      const res = await c.api('GET', `/api/works?${q({ keyword })}`, c.admin);
      expect(res.status).toBe(200);
      expect(res.body.works.map((w: { id: number }) => w.id)).toEqual([id]);
      expect(res.body.pagination.totalCount).toBe(1);
    });
  }

  it('does not find a hidden work by its code', async () => {
    const res = await c.api('GET', `/api/search?keyword=RJ${HIDDEN}`, c.admin);
    expect(res.body.works).toEqual([]);
  });

  it('matches a word in the title, circle, tag or VA name; every word must match', async () => {
    const search = async (keyword: string) => ids(await c.api('GET', `/api/search?${q({ keyword })}`, c.admin));
    expect(await search('耳かき')).toEqual(sorted([W1, W3, W5])); // title W1, tag W1 W3 W5
    expect(await search('alpha 耳かき')).toEqual(sorted([W1, W3])); // circle name, any case
    expect(await search('Mika')).toEqual(sorted([W2, W3])); // VA
    expect(await search('Mika Aoi')).toEqual([W3]);
    expect(await search('rain')).toEqual([W2]); // title, any case
    expect(await search('Ra')).toEqual([W2]); // words under 3 characters too
    expect(await search('雨')).toEqual(sorted([W1, W2, W4])); // 1 character: title W1, tag 雨 W2 W4
    expect(await search('nothing-like-this')).toEqual([]);
  });

  it('keeps filters and pagination with a keyword', async () => {
    const res = await c.api('GET', `/api/works?${q({ keyword: 'Filler', nsfw: 2, order: 'id', sort: 'asc' })}`, c.admin);
    const expected = FILLERS.filter((w) => w.nsfw).map((w) => w.id);
    expect(res.body.pagination.totalCount).toBe(expected.length);
    expect(res.body.works.map((w: { id: number }) => w.id)).toEqual(expected.slice(0, PAGE_SIZE));
  });
});

describe('advanced search (isAdvance=1)', () => {
  const adv = async (keywords: unknown, token = c.admin) => c.api('GET', `/api/search?${q({ isAdvance: 1, keyword: JSON.stringify(keywords) })}`, token);

  it('ANDs circle, tag and VA keywords', async () => {
    const res = await adv([{ t: 'circle', d: 'Alpha' }, { t: 'tag', d: '耳かき' }, { t: 'VA', d: 'Mika' }]);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([W3]);
    expect(ids(await adv([{ t: 'circle', d: 'alpha' }, { t: 'tag', d: '耳かき' }]))).toEqual(sorted([W1, W3]));
  });

  it('unknown reads a code or words; fuzzy matches the whole text anywhere', async () => {
    expect(ids(await adv([{ t: 'unknown', d: 'RJ298765' }]))).toEqual([W2]);
    expect(ids(await adv([{ t: 'unknown', d: 'Rain ASMR' }]))).toEqual([W2]);
    expect(ids(await adv([{ t: 'fuzzy', d: 'Rain Day' }]))).toEqual([W2]);
    expect(ids(await adv([{ t: 'fuzzy', d: 'Rain ASMR' }]))).toEqual([]);
    expect(ids(await adv([{ t: 'fuzzy', d: 'Sato' }, { t: 'tag', d: '癒やし' }]))).toEqual([W1]);
  });

  it('fuzzy (the default type) finds a work by its code too, with or without the prefix, 6, 7 or 8 digits', async () => {
    for (const [d, id] of [['RJ298765', W2], ['298765', W2], ['RJ01098765', W1], ['01098765', W1], ['RJ1098765', W1], ['1098765', W1], ['VJ222222', W8]] as const) {
      expect(ids(await adv([{ t: 'fuzzy', d }])), d).toEqual([id]);
    }
    expect(ids(await adv([{ t: 'unknown', d: 'RJ1098765' }]))).toEqual([W1]);
    expect(ids(await adv([{ t: 'fuzzy', d: 'RJ298765' }, { t: 'tag', d: '雨' }]))).toEqual([W2]);
    expect(ids(await adv([{ t: 'fuzzy', d: 'RJ298765' }, { t: 'tag', d: '耳かき' }]))).toEqual([]);
    expect(ids(await adv([{ t: 'fuzzy', d: `RJ${HIDDEN}` }]))).toEqual([]);
  });

  it('an empty list or blank keywords list everything', async () => {
    expect((await adv([])).body.pagination.totalCount).toBe(VISIBLE_COUNT);
    expect((await adv([{ t: 'fuzzy', d: '  ' }])).body.pagination.totalCount).toBe(VISIBLE_COUNT);
  });

  it('answers 400 {error} for malformed JSON or an unknown keyword type', async () => {
    for (const keyword of ['not json', '{"t":"tag","d":"x"}', '[{"t":"bogus","d":"x"}]', '[{"t":"tag"}]']) {
      const res = await c.api('GET', `/api/search?${q({ isAdvance: 1, keyword })}`, c.admin);
      expect(res.status, keyword).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});

describe('circle, tag and VA works lists', () => {
  it('lists the works of a circle, a tag and a VA (visible only)', async () => {
    const circle = await c.api('GET', `/api/circles/${ALPHA.id}/works`, c.admin);
    expect(circle.body.works.map((w: { id: number }) => w.id)).toEqual([W3, W1]);
    expect(circle.body.pagination.totalCount).toBe(2);
    expect(ids(await c.api('GET', `/api/tags/${AME.id}/works`, c.admin))).toEqual(sorted([W2, W4]));
    expect(ids(await c.api('GET', `/api/vas/${vaId('Aoi Sato')}/works`, c.admin))).toEqual(sorted([W1, W3]));
    expect(ids(await c.api('GET', `/api/vas/${vaId('Ren Kato')}/works?nsfw=1`, c.admin))).toEqual(sorted([W5, W8]));
  });

  it('answers an empty list for an unknown id and 400 for a malformed one', async () => {
    expect((await c.api('GET', '/api/circles/999/works', c.admin)).body).toEqual({ works: [], pagination: { currentPage: 1, pageSize: PAGE_SIZE, totalCount: 0 } });
    expect((await c.api('GET', '/api/tags/abc/works', c.admin)).status).toBe(400);
  });
});

describe('validation and permissions of the lists', () => {
  it('answers 400 {error} for bad parameters, never 500', async () => {
    for (const params of ['order=bogus', 'sort=up', 'seed=100', 'seed=-1', 'nsfw=3', 'lyric=video', 'page=0', 'page=x', 'isAdvance=2', 'order=updated_at']) {
      const res = await c.api('GET', `/api/works?${params}`, c.admin);
      expect(res.status, params).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('treats search syntax in a keyword as plain text', async () => {
    expect(ids(await c.api('GET', '/api/search?keyword=OR', c.admin))).toEqual(sorted([W2, W5])); // 'Beta Works', 'Sleep Story'
    for (const keyword of ['"', 'a"b', '*', 'NEAR(x y)', '%', '_', '\\', 'Rain"', "Day'"]) {
      const res = await c.api('GET', `/api/search?${q({ keyword })}`, c.admin);
      expect(res.status, keyword).toBe(200);
      expect(res.body.works, keyword).toEqual([]);
    }
    const adv = await c.api('GET', `/api/search?${q({ isAdvance: 1, keyword: JSON.stringify([{ t: 'fuzzy', d: '"Rain' }, { t: 'tag', d: '%' }]) })}`, c.admin);
    expect(adv.status).toBe(200);
    expect(adv.body.works).toEqual([]);
  });

  it('answers 401 without a token and serves guests', async () => {
    for (const path of ['/api/works', '/api/search?keyword=x', `/api/circles/${ALPHA.id}/works`, `/api/tags/${MIMI.id}/works`, `/api/vas/${vaId('Aoi Sato')}/works`]) {
      expect((await c.api('GET', path)).status, path).toBe(401);
      expect((await c.api('GET', path, c.guest)).status, path).toBe(200);
    }
  });
});
