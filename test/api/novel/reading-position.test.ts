/**
 * The TXT reader's reading positions (beyond the spec; GET and PUT
 * /api/novel/readingPosition, src/novels/reading.ts) through the real server on the engine
 * under test (SQLite, or PostgreSQL with AUDIOLIB_TEST_DB=pg): a position saved in one
 * browser (token) is read back in another, per user; bad input and missing TXTs answer a
 * coded error with nothing written; guests read but cannot save; a deleted user's
 * positions go with the account. Many readers saving at once each read back their last
 * position; a statement that fails inside the save's transaction answers an error, leaves
 * the old position, holds no connection in a transaction, and the next writes succeed.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNovelServer, type NovelServer } from './helpers.js';
import { PG_MODE } from '../../helpers/pg.js';
import { createUser, deleteUsers } from '../../../src/users/index.js';
import { openDb, resolveDbTarget } from '../../../src/db/index.js';

/** A TXT of 5,000 characters ('一' is 3 bytes in UTF-8: 15,000 bytes stored). */
const TEXT = '一'.repeat(5000);
const READERS = 8;
const ROUNDS = 10;

let n: NovelServer;
let novel: number;
let untexted: number;
const readers: { name: string; token: string }[] = [];

beforeAll(async () => {
  n = await startNovelServer();
  novel = await n.add({ name: '读者的小说' });
  untexted = await n.add({ name: '没有 TXT 的小说' });
  expect((await n.upload({ id: String(novel) }, Buffer.from(TEXT, 'utf8'))).status).toBe(200);
  for (let i = 0; i < READERS; i++) {
    await createUser(n.srv.services.db, `reader${i}`, 'reader-pw-1', 'user');
    readers.push({ name: `reader${i}`, token: await n.srv.login(`reader${i}`, 'reader-pw-1') });
  }
}, 60_000);
afterAll(async () => { await n?.close(); });

const put = (token: string | null, body: unknown) => n.api('PUT', '/api/novel/readingPosition', token, body);
const get = (token: string | null, id: number) => n.api('GET', `/api/novel/readingPosition/${id}/`, token);

describe('reading positions', () => {
  it('starts at 0, and a saved position follows the user to another browser, not to other users', async () => {
    expect((await get(n.tokens.user, novel)).body).toEqual({ work_id: novel, offset: 0, updated_at: null });
    const saved = await put(n.tokens.user, { work_id: novel, offset: 3000 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'reading position saved', code: 'reading.saved' });
    const otherBrowser = await n.srv.login('listener1', 'secret-pw');
    const read = (await get(otherBrowser, novel)).body;
    expect(read).toMatchObject({ work_id: novel, offset: 3000 });
    expect(Number.isNaN(Date.parse(read.updated_at))).toBe(false);
    expect((await get(n.tokens.admin, novel)).body.offset).toBe(0);
    expect((await put(n.tokens.user, { work_id: novel, offset: 6000 })).status).toBe(200);
    expect((await get(otherBrowser, novel)).body.offset).toBe(6000);
  });

  it('refuses bad input and novels without a TXT with a coded error, writing nothing', async () => {
    for (const body of [{ work_id: novel, offset: -1 }, { work_id: novel, offset: 1.5 }, { work_id: novel, offset: '9' }, { work_id: novel }, { offset: 1 }, { work_id: 'x', offset: 1 }]) {
      const res = await put(n.tokens.user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const past = await put(n.tokens.user, { work_id: novel, offset: 15_001 });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'reading.pastEnd' });
    expect((await put(n.tokens.user, { work_id: untexted, offset: 1 })).body).toMatchObject({ code: 'txt.notFound' });
    expect((await put(n.tokens.user, { work_id: 99999, offset: 1 })).status).toBe(404);
    expect((await get(n.tokens.user, untexted)).status).toBe(404);
    expect((await get(n.tokens.user, novel)).body.offset).toBe(6000);
  });

  it('needs a sign-in; guests read but cannot save', async () => {
    expect((await get(null, novel)).status).toBe(401);
    expect((await put(null, { work_id: novel, offset: 1 })).status).toBe(401);
    expect((await get(n.tokens.guest, novel)).status).toBe(200);
    const guest = await put(n.tokens.guest, { work_id: novel, offset: 1 });
    expect(guest.status).toBe(403);
    expect(guest.body.code).toBe('auth.guestReadOnly');
  });

  it('goes with a deleted user', async () => {
    await createUser(n.srv.services.db, 'leaving', 'leaving-pw', 'user');
    expect((await put(await n.srv.login('leaving', 'leaving-pw'), { work_id: novel, offset: 42 })).status).toBe(200);
    await deleteUsers(n.srv.services.db, ['leaving']);
    expect(Number((await n.srv.services.db('novel_reading').where({ user_name: 'leaving' }).count({ c: '*' }).first())!.c)).toBe(0);
  });

  it(`${READERS} readers saving at once, ${ROUNDS} rounds: every save answers 200 and each reads back its last position`, async () => {
    const answers = await Promise.all(readers.map(async (r, i) => {
      const statuses: number[] = [];
      for (let round = 0; round < ROUNDS; round++) statuses.push((await put(r.token, { work_id: novel, offset: i * 100 + round })).status);
      return statuses;
    }));
    expect(answers.flat().filter((s) => s !== 200)).toEqual([]);
    const reads = await Promise.all(readers.map((r) => get(r.token, novel)));
    expect(reads.map((r) => r.body.offset)).toEqual(readers.map((_, i) => i * 100 + ROUNDS - 1));
  }, 120_000);
});

describe('a statement that fails inside the save', () => {
  let other: Knex;
  beforeAll(async () => {
    other = openDb(resolveDbTarget(n.srv.dataDir));
    // a trigger made for the test: saving the offset 13 raises, after the save's first statement (the TXT check) ran
    if (PG_MODE) {
      await other.raw(`CREATE FUNCTION injected_fault_reading() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.char_offset = 13 THEN RAISE EXCEPTION 'injected'; END IF;
          RETURN NEW;
        END $$`);
      await other.raw('CREATE TRIGGER injected_fault BEFORE INSERT OR UPDATE ON novel_reading FOR EACH ROW EXECUTE FUNCTION injected_fault_reading()');
    } else {
      for (const event of ['INSERT', 'UPDATE']) {
        await other.raw(`CREATE TRIGGER injected_fault_${event} BEFORE ${event} ON novel_reading WHEN NEW.char_offset = 13 BEGIN SELECT RAISE(ABORT, 'injected'); END`);
      }
    }
  });
  afterAll(async () => { await other?.destroy(); });

  it('answers an error, keeps the old position, leaves no connection in a transaction, and the next writes succeed', async () => {
    const [first] = readers;
    expect((await put(first!.token, { work_id: novel, offset: 500 })).status).toBe(200);
    // alone, then among good saves at once
    const alone = await put(first!.token, { work_id: novel, offset: 13 });
    expect(alone.status, JSON.stringify(alone.body)).toBeGreaterThanOrEqual(400);
    expect(alone.body.code).toEqual(expect.any(String));
    const beside = await Promise.all([put(first!.token, { work_id: novel, offset: 13 }), ...readers.slice(1).map((r, i) => put(r.token, { work_id: novel, offset: 700 + i }))]);
    expect(beside[0]!.status).toBeGreaterThanOrEqual(400);
    expect(beside.slice(1).map((a) => a.status)).toEqual(readers.slice(1).map(() => 200));
    expect((await get(first!.token, novel)).body.offset).toBe(500);

    // another connection writes; every pooled connection of the server then reads it (none holds a transaction or an old snapshot)
    await other('novel_reading').where({ user_name: first!.name, work_id: novel }).update({ char_offset: 900 });
    const reads = await Promise.all(Array.from({ length: 8 }, () => get(first!.token, novel)));
    expect(reads.map((r) => r.body.offset)).toEqual(reads.map(() => 900));

    // the next writes: one after another, then all at once
    for (let i = 0; i < 10; i++) expect((await put(first!.token, { work_id: novel, offset: 1000 + i })).status).toBe(200);
    const next = await Promise.all(readers.map((r, i) => put(r.token, { work_id: novel, offset: 2000 + i })));
    expect(next.map((a) => a.status)).toEqual(readers.map(() => 200));
    const after = await Promise.all(readers.map((r) => get(r.token, novel)));
    expect(after.map((r) => r.body.offset)).toEqual(readers.map((_, i) => 2000 + i));
  }, 120_000);
});
