/**
 * The novel lists (spec 001 sections 2, 7 and 9): GET /api/novel/works and /search with
 * every sort order both ways, pagination totals, the site/tag/author lists, plain and
 * advanced keywords, the lyric and age filters; the name lists (data.data with
 * limit=9999&page=1), one name (data.name), authorList and tagList; the detail shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNovelServer, type NovelServer } from './helpers.js';

interface Seed { id: number; plat: string; author?: string; tag: string[]; wordCount: number; rate: number; readCount: number; publish: string }
const SEEDS: Seed[] = Array.from({ length: 14 }, (_, i) => ({
  id: 101 + i,
  plat: i < 7 ? '青云站' : '墨香阁',
  author: i < 3 ? '林雨' : i < 5 ? '苏墨' : i % 2 === 0 ? '白夜' : undefined,
  tag: [...(i % 4 === 0 ? ['科幻'] : []), ...(i === 4 || i === 5 ? ['武侠'] : [])],
  wordCount: ((i * 7) % 14 + 1) * 10_000,
  rate: i % 6,
  readCount: (i * 5) % 14,
  publish: `2024-0${1 + (i % 9)}-1${i % 10}T08:00`,
}));
const TITLES = ['星河旅人', '雾中的钟声', '竹林夜话', '长夜灯火', '江湖旧事', '剑与诗', '海上花园', '白塔', '归途', '雪国列车', '纸飞机', '月下小巷', '旧书阁', '南风'];

let n: NovelServer;
beforeAll(async () => {
  n = await startNovelServer();
  for (const [i, s] of SEEDS.entries()) {
    await n.add({ novelId: s.id, name: TITLES[i], plat: s.plat, author: s.author ? { id: null, label: s.author } : null, tag: s.tag, wordCount: s.wordCount, rate: s.rate, readCount: s.readCount, publish_datetime: s.publish, process: i % 2 });
  }
});
afterAll(async () => { await n.close(); });

const ids = (res: { body: { works: { id: number }[] } }) => res.body.works.map((w) => w.id);
/** Every page of a list, concatenated. */
async function all(path: string, token = n.tokens.user): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; page < 10; page++) {
    const res = await n.api('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}`, token);
    expect(res.status, path).toBe(200);
    out.push(...ids(res));
    if (out.length >= res.body.pagination.totalCount) break;
  }
  return out;
}
/** The seed ids sorted by `key` in `dir`, ties by id the same way. */
const sorted = (key: (s: Seed) => number | string, dir: 'asc' | 'desc') => [...SEEDS]
  .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id) * (dir === 'asc' ? 1 : -1))
  .map((s) => s.id);

describe('GET /api/novel/works', () => {
  it('answers {works, pagination} 12 a page, newest first by default', async () => {
    const first = await n.api('GET', '/api/novel/works', n.tokens.user);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ currentPage: 1, pageSize: 12, totalCount: 14 });
    expect(ids(first)).toEqual(sorted((s) => s.id, 'desc').slice(0, 12));
    const second = await n.api('GET', '/api/novel/works?page=2', n.tokens.user);
    expect(second.body.pagination).toEqual({ currentPage: 2, pageSize: 12, totalCount: 14 });
    expect(ids(second)).toEqual([102, 101]);
    expect((await n.api('GET', '/api/novel/works?page=3', n.tokens.user)).body.works).toEqual([]);
  });

  it('sorts by every novel order, both ways', async () => {
    const keys: Record<string, (s: Seed) => number | string> = {
      create_datetime: (s) => s.id, publish_datetime: (s) => s.publish, rate: (s) => s.rate, readCount: (s) => s.readCount, wordCount: (s) => s.wordCount,
    };
    for (const [order, key] of Object.entries(keys)) {
      for (const dir of ['asc', 'desc'] as const) {
        expect(await all(`/api/novel/works?order=${order}&sort=${dir}`), `${order} ${dir}`).toEqual(sorted(key, dir));
      }
    }
  });

  it('lastRead_datetime puts the caller\'s most recently read first and unread ones last', async () => {
    const state = { queue: [], index: 0, seconds: 0 };
    expect((await n.api('PUT', '/api/novel/histroy', n.tokens.user, { work_id: 103, state })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    await n.api('PUT', '/api/novel/histroy', n.tokens.user, { work_id: 107, state });
    expect((await all('/api/novel/works?order=lastRead_datetime&sort=desc')).slice(0, 4)).toEqual([107, 103, 114, 113]);
    expect((await all('/api/novel/works?order=lastRead_datetime&sort=asc')).slice(0, 3)).toEqual([103, 107, 101]);
    // another user has read nothing: plain id order
    expect((await all('/api/novel/works?order=lastRead_datetime&sort=desc', n.tokens.admin)).slice(0, 2)).toEqual([114, 113]);
  });

  it('refuses an audio-only order or a bad page with 400 {error}', async () => {
    for (const q of ['order=release', 'order=dl_count', 'sort=up', 'page=0', 'seed=100']) {
      const res = await n.api('GET', `/api/novel/works?${q}`, n.tokens.user);
      expect(res.status, q).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('filters: lyric (novels have none) and age rating', async () => {
    expect((await n.api('GET', '/api/novel/works?lyric=ai_local', n.tokens.user)).body.pagination.totalCount).toBe(0);
    expect((await n.api('GET', '/api/novel/works?nsfw=1', n.tokens.user)).body.pagination.totalCount).toBe(14);
    expect((await n.api('GET', '/api/novel/works?nsfw=2', n.tokens.user)).body.pagination.totalCount).toBe(0);
  });
});

describe('lists of one site, tag or author', () => {
  it('circles/:id/works, tags/:id/works and vas/:id/works answer their novels with totals', async () => {
    const sites = (await n.api('GET', '/api/novel/circles/?limit=9999&page=1', n.tokens.user)).body.data;
    const qingyun = sites.find((s: { name: string }) => s.name === '青云站');
    expect(await all(`/api/novel/circles/${qingyun.id}/works?order=create_datetime&sort=asc`)).toEqual([101, 102, 103, 104, 105, 106, 107]);
    const tags = (await n.api('GET', '/api/novel/tags/?limit=9999&page=1', n.tokens.user)).body.data;
    const scifi = tags.find((t: { name: string }) => t.name === '科幻');
    expect(await all(`/api/novel/tags/${scifi.id}/works?order=create_datetime&sort=asc`)).toEqual([101, 105, 109, 113]);
    const authors = (await n.api('GET', '/api/novel/vas/?limit=9999&page=1', n.tokens.user)).body.data;
    const su = authors.find((a: { name: string }) => a.name === '苏墨');
    const res = await n.api('GET', `/api/novel/vas/${su.id}/works?order=create_datetime&sort=asc`, n.tokens.user);
    expect(ids(res)).toEqual([104, 105]);
    expect(res.body.pagination.totalCount).toBe(2);
  });
});

describe('GET /api/novel/search', () => {
  it('a plain keyword matches titles, sites, tags and authors (every word)', async () => {
    expect(await all('/api/novel/search?keyword=林雨&order=create_datetime&sort=asc')).toEqual([101, 102, 103]);
    expect(await all('/api/novel/search?keyword=竹林')).toEqual([103]);
    expect(await all('/api/novel/search?keyword=墨香阁 科幻&order=create_datetime&sort=asc')).toEqual([109, 113]);
    expect((await n.api('GET', '/api/novel/search?keyword=不存在的书', n.tokens.user)).body.pagination.totalCount).toBe(0);
  });

  it('advanced keywords {t, d} are all ANDed (VA = author, circle = site)', async () => {
    const q = (k: unknown) => `/api/novel/search?isAdvance=1&order=create_datetime&sort=asc&keyword=${encodeURIComponent(JSON.stringify(k))}`;
    expect(await all(q([{ t: 'tag', d: '科幻' }, { t: 'VA', d: '林' }]))).toEqual([101]);
    expect(await all(q([{ t: 'circle', d: '青云' }, { t: 'tag', d: '武侠' }]))).toEqual([105, 106]);
    expect(await all(q([{ t: 'fuzzy', d: '白夜' }]))).toEqual([107, 109, 111, 113]);
    const bad = await n.api('GET', '/api/novel/search?isAdvance=1&keyword=not-json', n.tokens.user);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/advanced keyword/);
  });
});

describe('name lists', () => {
  it('GET /api/novel/{circles,tags,vas}/?limit=9999&page=1 answers data.data [{id, name, count}] by name', async () => {
    const sites = (await n.api('GET', '/api/novel/circles/?limit=9999&page=1', n.tokens.user)).body;
    expect(sites.data).toEqual([{ id: expect.any(Number), name: '墨香阁', count: 7 }, { id: expect.any(Number), name: '青云站', count: 7 }]); // by code point
    const tags = (await n.api('GET', '/api/novel/tags/?limit=9999&page=1', n.tokens.user)).body.data;
    expect(tags.map((t: { name: string; count: number }) => [t.name, t.count])).toEqual([['武侠', 2], ['科幻', 4]]);
    const authors = (await n.api('GET', '/api/novel/vas/?limit=9999&page=1', n.tokens.user)).body.data;
    expect(authors.map((t: { name: string; count: number }) => [t.name, t.count]).sort()).toEqual([['林雨', 3], ['白夜', 4], ['苏墨', 2]].sort());
    expect(typeof authors[0].id).toBe('string');
    const paged = (await n.api('GET', '/api/novel/tags/?limit=1&page=2', n.tokens.user)).body.data;
    expect(paged).toEqual([tags[1]]);
  });

  it('GET /api/novel/{kind}/:id answers data.name; 404 for an unknown id', async () => {
    const [tag] = (await n.api('GET', '/api/novel/tags/?limit=9999&page=1', n.tokens.user)).body.data;
    expect((await n.api('GET', `/api/novel/tags/${tag.id}`, n.tokens.user)).body).toEqual({ name: tag.name });
    const [author] = (await n.api('GET', '/api/novel/vas/?limit=9999&page=1', n.tokens.user)).body.data;
    expect((await n.api('GET', `/api/novel/vas/${author.id}`, n.tokens.user)).body).toEqual({ name: author.name });
    expect((await n.api('GET', '/api/novel/circles/99999', n.tokens.user)).status).toBe(404);
  });

  it('authorList and tagList answer every author and tag as [{id, name}]', async () => {
    const authors = (await n.api('GET', '/api/novel/vas/authorList', n.tokens.user)).body;
    expect(authors.map((a: { name: string }) => a.name).sort()).toEqual(['林雨', '白夜', '苏墨'].sort());
    expect(Object.keys(authors[0]).sort()).toEqual(['id', 'name']);
    const tags = (await n.api('GET', '/api/novel/tags/tagList', n.tokens.user)).body;
    expect(tags.map((t: { name: string }) => t.name).sort()).toEqual(['武侠', '科幻'].sort());
  });
});

describe('GET /api/novel/work/:id', () => {
  it('answers the novel with every field of spec 001 section 3', async () => {
    const res = await n.api('GET', '/api/novel/work/104', n.tokens.user);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'circle', 'created_at', 'desc', 'id', 'info', 'lyric_status', 'myProcess', 'nsfw', 'onlineTxt', 'process', 'progress', 'rate', 'rate_average_2dp',
      'rating', 'readCount', 'release', 'review_text', 'state', 'tags', 'title', 'updated_at', 'url', 'userRating', 'vas', 'wordCount',
    ].sort());
    expect(res.body).toMatchObject({ id: 104, title: '长夜灯火', process: 1, wordCount: SEEDS[3]!.wordCount, rate: 3, rate_average_2dp: 3, readCount: SEEDS[3]!.readCount, release: SEEDS[3]!.publish, lyric_status: '', onlineTxt: [], vas: [{ name: '苏墨' }], tags: [], circle: { name: '青云站' } });
    expect((await n.api('GET', '/api/novel/work/999', n.tokens.user)).status).toBe(404);
    expect((await n.api('GET', '/api/novel/work/abc', n.tokens.user)).status).toBe(400);
  });

  it('novels are not audio works: /api/works and the audio name lists stay empty', async () => {
    expect((await n.api('GET', '/api/works', n.tokens.user)).body.pagination.totalCount).toBe(0);
    expect((await n.api('GET', '/api/tags/', n.tokens.user)).body).toEqual([]);
    expect((await n.api('GET', '/api/work/101', n.tokens.user)).status).toBe(404);
  });
});
