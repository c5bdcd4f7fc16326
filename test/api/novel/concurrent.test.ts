/**
 * Novels added at the same moment (src/novels/store.ts addNovel) through the real HTTP
 * API, on the engine under test (SQLite, or PostgreSQL with AUDIOLIB_TEST_DB=pg): adds
 * without an id each get a distinct id, the next free ones, and every add answers 2xx;
 * adds of one given id at once give it to one of them and answer the others 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNovelServer, type NovelServer } from './helpers.js';

/** Adds sent at once: more than the PostgreSQL pool's connections on a 2-core machine (8). */
const ADDS = 12;

let n: NovelServer;
beforeAll(async () => {
  n = await startNovelServer();
});
afterAll(async () => { await n.close(); });

describe('concurrent novel adds', () => {
  it('without novelId: every add answers 200 with its own id, the next free ones, each holding its own values', async () => {
    const names = Array.from({ length: ADDS }, (_, i) => `并发小说 ${i}`);
    // no site, tag or author shared between two adds: an insert of the same new name would make the adds wait for each other
    const values = (name: string, i: number) => (i % 2 ? { name, plat: `站 ${i}`, tag: [`标签 ${i}`], author: { id: null, label: `作者 ${i}` } } : { name });
    const answers = await Promise.all(names.map((name, i) => n.api('POST', '/api/novel/work/', n.tokens.user, values(name, i))));
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
    const ids = answers.map((a) => a.body.id as number);
    expect([...ids].sort((x, y) => x - y)).toEqual(names.map((_, i) => i + 1));
    for (const [i, id] of ids.entries()) {
      const novel = (await n.api('GET', `/api/novel/work/${id}`)).body;
      expect(novel.title).toBe(names[i]);
      expect(novel.vas.map((v: { name: string }) => v.name)).toEqual(i % 2 ? [`作者 ${i}`] : []);
    }
    expect((await n.api('GET', '/api/novel/works?page=1')).body.pagination.totalCount).toBe(ADDS);
  });

  it('with one novelId: one add takes it, the others answer 409, and the next free id follows it', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => n.api('POST', '/api/novel/work/', n.tokens.user, { novelId: 500, name: `同号 ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await n.api('GET', '/api/novel/work/500')).body.title).toBe(`同号 ${winner}`);
    const next = await Promise.all(Array.from({ length: 4 }, (_, i) => n.api('POST', '/api/novel/work/', n.tokens.user, { name: `其后 ${i}` })));
    expect(next.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(next.map((a) => a.body.id as number).sort((x, y) => x - y)).toEqual([501, 502, 503, 504]);
  });
});
