/**
 * `audiolib db copy` (man/audiolib-db.1) from a SQLite catalogue (the sample library
 * scanned, the seeded works with circles, tags and VAs, users, reviews and history) to
 * a PostgreSQL database: every table's row count and a sample of its rows equal, the
 * copied server answers the same /api/works pages in the same order and accepts the tokens
 * and player passwords of before the move (the secret comes along), a non-empty target
 * is refused without --force. PostgreSQL only (AUDIOLIB_TEST_DB=pg).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, libraryDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { seedWorks, userToken } from '../helpers/catalogue-seed.js';
import { PG_MODE, createTestDatabase } from '../helpers/pg.js';
import { FILLERS, NAMED, W1, W2 } from '../api/catalogue/dataset.js';
import { loadConfig, saveConfig } from '../../src/config/index.js';
import { openDb, sqlitePath, type Db } from '../../src/db/index.js';
import { runCli } from './run.js';

/** The /api/works pages compared between the two servers: orders, a keyword, a tag. */
const LISTS = ['/api/works?order=release&sort=desc', '/api/works?order=random&seed=42', '/api/works?order=dl_count&sort=asc', '/api/search?keyword=耳', '/api/works?order=rate_average_2dp&sort=desc'];

/** The ids of the first three pages of `list` on `srv`. */
async function pages(srv: TestServer, token: string, list: string): Promise<number[][]> {
  const out: number[][] = [];
  for (let page = 1; page <= 3; page++) {
    const res = await callApi(srv, 'GET', `${list}&page=${page}&pageSize=4`, token);
    expect(res.status, `${list} page ${page}`).toBe(200);
    out.push(res.body.works.map((w: { id: number }) => w.id));
  }
  return out;
}

/** A value as both engines' answers compare: times as epoch ms. */
const comparable = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/.test(v) ? Date.parse(v.includes('T') ? v : `${v.replace(' ', 'T')}Z`) : v);
const sample = async (db: Db, table: string) => (await db(table).select('*').orderByRaw('1, 2').limit(5)).map((row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, comparable(v)])));

/** A Subsonic ping as a player signs in with a player password (token = md5(password + salt)). */
async function playerPing(srv: TestServer, user: string, password: string): Promise<unknown> {
  const salt = 'c0ffee42';
  const t = crypto.createHash('md5').update(password + salt).digest('hex');
  const res = await fetch(`${srv.url}/rest/ping?u=${user}&t=${t}&s=${salt}&v=1.16.1&c=test&f=json`);
  return (await res.json())['subsonic-response'];
}

const PLAYER_PASSWORD = 'phone-pw-77';

describe.skipIf(!PG_MODE)('audiolib db copy', () => {
  let srcDir: string;
  let aliceToken: string;
  let expected: Record<string, number[][]>;
  let url: string;
  beforeAll(async () => {
    srcDir = tempDataDir('audiolib-copy-src-', 'none'); // SQLite
    expect((await runCli(['--data-dir', srcDir, 'scan', '--no-fetch', libraryDir])).code).toBe(0);
    const src = await startTestServer({ dataDir: srcDir });
    try {
      await seedWorks(src.services.db, [...NAMED, ...FILLERS]);
      const alice = await userToken(src, 'alice', 'user');
      expect((await callApi(src, 'PUT', '/api/review?starOnly=false', alice, { user_name: 'alice', work_id: W1, rating: 5, review_text: '雨の音', progress: 'listened' })).status).toBe(200);
      expect((await callApi(src, 'PUT', '/api/histroy', alice, { work_id: W2, state: { queue: [{ hash: `${W2}/1`, title: '01.mp3' }], index: 0, seconds: 12.5 } })).status).toBe(200);
      expect((await callApi(src, 'PUT', '/api/player-access/password', alice, { password: PLAYER_PASSWORD })).status).toBe(200);
      aliceToken = alice;
      const admin = await src.login();
      expected = Object.fromEntries(await Promise.all(LISTS.map(async (l) => [l, await pages(src, admin, l)] as const)));
    } finally {
      await src.close();
    }
    url = createTestDatabase(false);
  });

  let target: TestServer | null = null;
  afterAll(async () => { await target?.close(); });

  it('copies every table, verifies the counts, and the copy answers the same pages', async () => {
    const res = await runCli(['--data-dir', srcDir, 'db', 'copy', '--to', url, '--json']);
    expect(res.stderr).toContain('copied works: ');
    expect(res.code).toBe(0);
    const report = JSON.parse(res.stdout) as { from: string; tables: { table: string; rows: number }[] };
    expect(report.from).toBe(sqlitePath(srcDir));
    const names = report.tables.map((t) => t.table);
    expect(names).toEqual(expect.arrayContaining(['works', 'files', 'users', 'reviews', 'play_history', 'lyric_tasks', 'work_tags', 'novels']));
    expect(names.indexOf('circles')).toBeLessThan(names.indexOf('works'));
    expect(names.indexOf('works')).toBeLessThan(names.indexOf('files'));

    const [from, to] = [openDb(sqlitePath(srcDir)), openDb(url)];
    try {
      for (const { table, rows } of report.tables) {
        const count = async (db: Db) => Number((await db(table).count({ n: '*' }).first())!.n);
        expect(await count(from), table).toBe(rows);
        expect(await count(to), table).toBe(rows);
        expect(await sample(to, table), table).toEqual(await sample(from, table));
      }
      expect(report.tables.find((t) => t.table === 'works')!.rows).toBeGreaterThan(20);
    } finally {
      await Promise.all([from.destroy(), to.destroy()]);
    }

    const dstDir = tempDataDir('audiolib-copy-dst-', 'none');
    saveConfig(dstDir, { ...loadConfig(srcDir), db: url });
    target = await startTestServer({ dataDir: dstDir });
    const admin = await target.login();
    for (const list of LISTS) expect(await pages(target, admin, list), list).toEqual(expected[list]);
    // alice's token from before the move still works (the source's secret came along), and
    // her phone still signs in with her player password, sealed with that secret
    expect((await callApi(target, 'GET', `/api/work/${W1}`, aliceToken)).status).toBe(200);
    expect(await playerPing(target, 'alice', PLAYER_PASSWORD)).toMatchObject({ status: 'ok' });
    // alice signs in on the copy with her password, and her review came along
    const alice = await target.login('alice', 'password-123');
    expect((await callApi(target, 'GET', `/api/work/${W1}`, alice)).body).toMatchObject({ userRating: 5, review_text: '雨の音' });
  });

  it('refuses a target that is not empty (exit 2) unless --force', async () => {
    const again = await runCli(['--data-dir', srcDir, 'db', 'copy', '--to', url]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^audiolib: the target database is not empty \(.*works.*\); give --force to replace its rows\n$/);
    const forced = await runCli(['--data-dir', srcDir, 'db', 'copy', '--to', url, '--force', '--json']);
    expect(forced.code).toBe(0);
    const bad = await runCli(['--data-dir', srcDir, 'db', 'copy', '--to', '/tmp/not-a-url.sqlite3']);
    expect(bad).toMatchObject({ code: 2, stderr: 'audiolib: --to must be a PostgreSQL URL (postgres://user:password@host/db)\n' });
  });
});
