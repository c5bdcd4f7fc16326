/**
 * The start's preload (src/catalogue/preload.ts) on the real server and database: every
 * visible work is read into the catalogue cache and nothing hidden; the works kept share
 * one frozen object per circle, VA and tag (presenter.ts); what listeners then get still
 * follows the catalogue (a renamed tag shows its new name on every work); a second pass
 * reads only what a change dropped, and nothing when the library holds more works than
 * are kept; a stopped preload reads nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCache, preloadWorks } from '../../../src/catalogue/index.js';
import { seedWorks, userToken } from '../../helpers/catalogue-seed.js';
import { callApi, startTestServer, type TestServer } from '../../helpers/server.js';

const circle = { id: 7, name: 'Circle Seven' };
const tag = { id: 40, name: '耳かき' };

describe('reading the works into memory at start', () => {
  let srv: TestServer;
  let token: string;
  beforeAll(async () => {
    srv = await startTestServer();
    await seedWorks(srv.services.db, [
      { id: 101, title: 'First', circle, tags: [tag], vas: ['声優A'] },
      { id: 102, title: 'Second', circle, tags: [tag, { id: 41, name: 'ASMR' }], vas: ['声優A'] },
      { id: 103, title: 'Third', tags: [tag] },
      { id: 104, title: 'Gone', circle, tags: [tag], removed_at: '2026-11-01T00:00:00.000Z' },
      { id: 105, title: 'Trial only', circle, tags: [tag], status: 1 },
    ]);
    token = await userToken(srv, 'listener', 'user');
  });
  afterAll(() => srv.close());

  it('reads every visible work and no hidden one', async () => {
    expect((await preloadWorks(srv.services.db)).works).toBe(3);
    const cache = await catalogueCache(srv.services.db);
    expect([101, 102, 103, 104, 105].map((id) => cache.work(id)?.title ?? null)).toEqual(['First', 'Second', 'Third', null, null]);
  });

  it('keeps one frozen object per circle, voice actor and tag, shared by the works', async () => {
    const cache = await catalogueCache(srv.services.db);
    const [a, b] = [cache.work(101)!, cache.work(102)!];
    expect(a.circle).toBe(b.circle);
    expect(a.vas[0]).toBe(b.vas[0]);
    expect(a.tags[0]).toBe(b.tags[0]);
    expect(Object.isFrozen(a.tags[0])).toBe(true);
    expect(b.tags.map((t) => t.name)).toEqual(['耳かき', 'ASMR']);
  });

  it('answers listeners the catalogue as it is after a tag is renamed', async () => {
    await srv.services.db('tags').where({ id: tag.id }).update({ name: 'Ear cleaning' });
    const page = await callApi(srv, 'GET', '/api/works?order=id&sort=asc', token);
    expect(page.status).toBe(200);
    expect(page.body.works.map((w: { id: number; tags: { name: string }[] }) => [w.id, w.tags[0]!.name])).toEqual([[101, 'Ear cleaning'], [102, 'Ear cleaning'], [103, 'Ear cleaning']]);
  });

  it('reads again only the works a catalogue change dropped', async () => {
    await preloadWorks(srv.services.db); // what the rename dropped
    expect((await preloadWorks(srv.services.db)).works).toBe(0);
    await srv.services.db('works').where({ id: 103 }).update({ title: 'Third, retitled' });
    expect((await preloadWorks(srv.services.db)).works).toBe(1);
    expect((await catalogueCache(srv.services.db)).work(103)?.title).toBe('Third, retitled');
  });

  it('reads nothing once stopped', async () => {
    await srv.services.db('works').where({ id: 102 }).update({ title: 'Second, retitled' }); // the version moves: 102 is dropped from memory
    const stopped = AbortSignal.abort();
    expect((await preloadWorks(srv.services.db, { signal: stopped })).works).toBe(0);
    expect((await catalogueCache(srv.services.db)).work(102)).toBeUndefined();
  });

  it('reads the first works by id up to its limit, and in later passes nothing while the library holds more', async () => {
    const db = srv.services.db;
    await db('works').whereIn('id', [101, 102, 103]).update({ updated_at: new Date().toISOString() }); // all three dropped from memory
    expect((await preloadWorks(db, { limit: 2 })).works).toBe(2);
    const cache = await catalogueCache(db);
    expect([101, 102, 103].map((id) => Boolean(cache.work(id)))).toEqual([true, true, false]);
    await db('works').where({ id: 101 }).update({ title: 'First, retitled' });
    expect((await preloadWorks(db, { limit: 2, again: true })).works).toBe(0);
    expect((await catalogueCache(db)).work(101)).toBeUndefined();
    expect((await preloadWorks(db, { limit: 3, again: true })).works).toBe(2);
    expect((await catalogueCache(db)).work(101)?.title).toBe('First, retitled');
  });
});
