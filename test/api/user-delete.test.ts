/**
 * Deleting users (src/users/delete.ts) on the engine of the run: a user with a row in
 * every table of the schema that has a `user_name` column (found in the schema, so a new
 * table is covered or this test fails) loses all of them with the account while another
 * user keeps theirs; several deletions at once leave nothing behind; and a statement
 * failing mid-transaction leaves every row as it was.
 */
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMigrated, type Db } from '../../src/db/index.js';
import { dialectOf } from '../../src/db/dialect/index.js';
import { createUser, deleteUsers } from '../../src/users/index.js';
import { tempDataDir } from '../helpers/server.js';

let db: Db;
beforeEach(async () => {
  db = await openMigrated(tempDataDir());
});
afterEach(async () => {
  await db.destroy();
});

/** The tables of the schema with a `user_name` column. */
async function userTables(): Promise<string[]> {
  if (dialectOf(db).name === 'postgres') {
    const { rows } = await db.raw("SELECT table_name AS name FROM information_schema.columns WHERE column_name = 'user_name' AND table_schema = current_schema()");
    return (rows as { name: string }[]).map((r) => r.name).sort();
  }
  const tables: { name: string }[] = await db.raw("SELECT name FROM sqlite_master WHERE type = 'table'");
  const withUser: string[] = [];
  for (const { name } of tables) {
    const columns: { name: string }[] = await db.raw(`PRAGMA table_info("${name}")`);
    if (columns.some((c) => c.name === 'user_name')) withUser.push(name);
  }
  return withUser.sort();
}

const now = new Date().toISOString();
/** One row of user `u` for each table with a user column. */
const ROWS: Record<string, (u: string) => Record<string, unknown>> = {
  reviews: (u) => ({ user_name: u, work_id: 1, rating: 5, review_text: 'good' }),
  play_history: (u) => ({ user_name: u, work_id: 1, state: '{}' }),
  novel_reviews: (u) => ({ user_name: u, work_id: 7, rating: 4 }),
  novel_history: (u) => ({ user_name: u, work_id: 7, state: '{}' }),
  novel_reading: (u) => ({ user_name: u, work_id: 7, char_offset: 12 }),
  starred_works: (u) => ({ user_name: u, work_id: 1 }),
  starred_tracks: (u) => ({ user_name: u, work_id: 1, file_id: 2 }),
  bookmarks: (u) => ({ user_name: u, work_id: 1, file_id: 2, position_ms: 3000 }),
  player_passwords: (u) => ({ user_name: u, secret: `v1.${u}` }),
  api_keys: (u) => ({ user_name: u, name: 'phone', key_hash: crypto.createHash('sha256').update(u).digest('hex') }),
  players: (u) => ({ user_name: u, client: 'phone app' }),
  playlists: (u) => ({ user_name: u, name: 'night', created_at: now, changed_at: now }),
};

/** Adds user `u` with a row in every table of ROWS and an entry in its playlist. */
async function seedUser(u: string): Promise<void> {
  await createUser(db, u, 'password-123', 'user');
  for (const [table, row] of Object.entries(ROWS)) await db(table).insert(row(u));
  const list = await db('playlists').where({ user_name: u }).first('id');
  await db('playlist_entries').insert({ playlist_id: list.id, position: 0, work_id: 1, file_id: 2, added_at: now });
}

/** How many rows user `u` has in each table (its account, its playlist entries included). */
async function rowsOf(u: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const count = async (q: ReturnType<Db>) => Number((await q.count({ n: '*' }).first())?.n ?? 0);
  for (const table of Object.keys(ROWS)) counts[table] = await count(db(table).where({ user_name: u }));
  counts.users = await count(db('users').where({ name: u }));
  counts.playlist_entries = await count(db('playlist_entries').whereIn('playlist_id', db('playlists').where({ user_name: u }).select('id')));
  return counts;
}
const every = (n: number) => Object.fromEntries([...Object.keys(ROWS), 'users', 'playlist_entries'].map((t) => [t, n]));

describe('deleteUsers', () => {
  it("removes the user's row from every table with a user column, and only theirs", async () => {
    expect(Object.keys(ROWS).sort()).toEqual(await userTables());
    await seedUser('leaver');
    await seedUser('stayer');
    expect(await rowsOf('leaver')).toEqual(every(1));
    expect(await deleteUsers(db, ['leaver'])).toEqual(['leaver']);
    expect(await rowsOf('leaver')).toEqual(every(0));
    expect(await rowsOf('stayer')).toEqual(every(1));
  });

  it('deletes several users at once, each once, the same user asked twice included', async () => {
    const names = ['leaver1', 'leaver2', 'leaver3', 'leaver4'];
    for (const name of [...names, 'stayer']) await seedUser(name);
    const calls = [...names.map((n) => deleteUsers(db, [n])), deleteUsers(db, ['leaver1', 'leaver2'])];
    const settled = await Promise.allSettled(calls);
    for (const [i, s] of settled.slice(0, names.length).entries()) {
      // a call may lose its user to the two-name call running beside it
      if (s.status === 'rejected') expect(s.reason).toMatchObject({ name: 'NotFound' });
      else expect(s.value).toEqual([names[i]]);
    }
    expect(settled.filter((s) => s.status === 'fulfilled').length).toBeGreaterThanOrEqual(names.length - 1);
    for (const name of names) expect(await rowsOf(name)).toEqual(every(0));
    expect(await rowsOf('stayer')).toEqual(every(1));
  });

  it('leaves every row as it was when a statement fails mid-transaction', async () => {
    await seedUser('leaver');
    // the account's own row goes last: its delete fails after every other table's
    if (dialectOf(db).name === 'sqlite') {
      await db.raw(`CREATE TRIGGER users_delete_fault BEFORE DELETE ON users WHEN OLD.name = 'leaver' BEGIN SELECT RAISE(ABORT, 'injected fault'); END`);
    } else {
      await db.raw(`CREATE FUNCTION users_delete_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF OLD.name = 'leaver' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN OLD; END $$`);
      await db.raw('CREATE TRIGGER users_delete_fault BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_delete_fault()');
    }
    await expect(deleteUsers(db, ['leaver'])).rejects.toThrow(/injected fault/);
    expect(await rowsOf('leaver')).toEqual(every(1));
  });

  it('refuses the admin and unknown names, deleting nothing', async () => {
    await seedUser('leaver');
    await expect(deleteUsers(db, ['leaver', 'admin'])).rejects.toMatchObject({ name: 'Forbidden' });
    await expect(deleteUsers(db, ['leaver', 'nobody1'])).rejects.toMatchObject({ name: 'NotFound' });
    expect(await rowsOf('leaver')).toEqual(every(1));
  });
});
