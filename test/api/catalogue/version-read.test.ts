/**
 * The catalogue's version is read in the statement that loads the caller's account
 * (src/server/middleware/auth.ts requireUser, src/subsonic/auth.ts signIn), not in a
 * statement of its own, and what a list answers still follows a change that another
 * connection (a scan or the CLI in another process) wrote just before the request. A
 * first page is a slice of its cached id list once that list is kept at the request's
 * version (src/catalogue/list.ts "kept"): no works query per request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { openMigrated, type Db } from '../../../src/db/index.js';
import { createApiKey } from '../../../src/users/index.js';
import { ALPHA, MIMI, NAMED, W1, startCatalogue, type Catalogue } from './dataset.js';

let c: Catalogue;
let writer: Db; // another process's connection
let apiKey: string;
beforeAll(async () => {
  c = await startCatalogue();
  writer = await openMigrated(c.srv.dataDir);
  ({ key: apiKey } = await createApiKey(c.srv.services.db, 'alice', 'phone'));
});
afterAll(async () => {
  await writer.destroy();
  await c.srv.close();
});

/** The SQL texts the server's database runs while `run` does. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const record = (q: Knex.Sql) => seen.push(q.sql);
  c.srv.services.db.on('query', record);
  try {
    await run();
  } finally {
    c.srv.services.db.off('query', record);
  }
  return seen;
}

/** GET of a players' call as alice with her API key, JSON form. */
const rest = (method: string, params: string) => fetch(`${c.srv.url}/rest/${method}?${params}&f=json&v=1.16.1&c=test&apiKey=${apiKey}`).then((r) => r.json());

const readsVersion = (sql: string) => /catalogue_version/.test(sql);

describe('the catalogue version read with the account', () => {
  it.each([
    ['the works list', '/api/works?order=release&sort=desc&page=1'],
    ['a tag list', '/api/tags/'],
    ['the review list', '/api/review?order=updated_at&sort=desc&page=1'],
    ['the history list', '/api/histroy?order=updated_at&sort=desc&page=1'],
  ])('%s reads it in the account statement only', async (_name, path) => {
    expect((await c.api('GET', path, c.alice)).status).toBe(200); // the caches filled
    const sql = await statementsOf(() => c.api('GET', path, c.alice));
    expect(sql.filter(readsVersion)).toHaveLength(1);
    expect(sql.find(readsVersion)).toMatch(/from [`"]users[`"]/);
  });

  it('a work\'s page reads it in the account statement only', async () => {
    expect((await c.api('GET', `/api/work/${W1}`, c.alice)).status).toBe(200);
    const sql = await statementsOf(() => c.api('GET', `/api/work/${W1}`, c.alice));
    expect(sql.filter(readsVersion)).toHaveLength(1);
    expect(sql.find(readsVersion)).toMatch(/from [`"]users[`"]/);
  });

  it.each([
    ['getAlbumList2', 'type=newest&size=5'],
    ['getAlbumList', 'type=alphabeticalByName&size=5'],
    ['getAlbum', `id=al-${W1}`],
    ['getMusicDirectory', `id=al-${W1}`],
    ['getArtist', `id=ar-c${ALPHA.id}`],
    ['getArtists', ''],
    ['getIndexes', ''],
    ['getGenres', ''],
    ['getStarred2', ''],
    ['getSongsByGenre', `genre=${encodeURIComponent(MIMI.name)}`],
    ['getPlayQueue', ''],
  ])('the players\' %s reads it in the API key statement only', async (method, params) => {
    expect((await rest(method, params))['subsonic-response'].status).toBe('ok');
    const sql = await statementsOf(() => rest(method, params));
    expect(sql.filter(readsVersion)).toHaveLength(1);
    expect(sql.find(readsVersion)).toMatch(/from [`"]api_keys[`"]/);
  });

  it.each([
    ['release', 'desc'],
    ['dl_count', 'asc'],
    ['created_at', 'desc'],
  ])('a first page in %s order %s is read directly at first, then, its list kept, reads neither works nor links: the account, then the caller\'s rows', async (order, sort) => {
    const path = `/api/works?order=${order}&sort=${sort}&page=1`;
    await writer.raw('UPDATE works SET updated_at = updated_at WHERE id = ?', [W1]); // a change: the kept lists are of an older version
    const direct = await statementsOf(async () => (await c.api('GET', path, c.alice)).body); // read directly; the list brought up to date beside it
    expect(direct.join('\n')).toMatch(/order by/i);
    const before = (await c.api('GET', path, c.alice)).body; // a slice of the list: the same page
    const sql = await statementsOf(async () => expect((await c.api('GET', path, c.alice)).body).toEqual(before));
    expect(sql).toHaveLength(2);
    expect(sql[0]).toMatch(/from [`"]users[`"]/);
    expect(sql[1]).toMatch(/from [`"]reviews[`"]/);
    expect(sql.join('\n')).not.toMatch(/from [`"]works[`"]|order by/i);
  });

  it('a title written by another connection shows on the next request, on the web and to players', async () => {
    const original = NAMED.find((w) => w.id === W1)!.title;
    const first = (await c.api('GET', '/api/works?order=release&sort=desc&page=1', c.alice)).body.works.map((w: { id: number; title: string }) => w.title);
    const newest = async () => (await rest('getAlbumList2', 'type=alphabeticalByName&size=50'))['subsonic-response'].albumList2.album.map((a: { id: string; name: string }) => a.name.replace(/^[A-Z]{2}\d{6,8} /, '')); // names lead with the work code (subsonicCodeInName)
    expect(await newest()).toContain(original);
    try {
      await writer('works').where({ id: W1 }).update({ title: 'Renamed while cached', release: '2030-01-01' });
      const after = (await c.api('GET', '/api/works?order=release&sort=desc&page=1', c.alice)).body.works;
      expect(after[0]).toMatchObject({ id: W1, title: 'Renamed while cached' });
      expect(after.map((w: { title: string }) => w.title)).not.toEqual(first);
      expect(await newest()).toContain('Renamed while cached');
      expect(await newest()).not.toContain(original);
    } finally {
      await writer('works').where({ id: W1 }).update({ title: original, release: NAMED.find((w) => w.id === W1)!.release });
    }
  });
});
