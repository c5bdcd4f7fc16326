/**
 * The knex clients with kept / named prepared statements (src/db/sqlite-client.ts,
 * src/db/pg-client.ts), on the test engine: a statement run again sees the rows written
 * since, a failed statement does not poison the next ones, writes answer their own ids and
 * counts when they run at once, a kept statement follows a schema change, SQLite's
 * connections close cleanly (its -wal file is removed at the last close), and PostgreSQL
 * keeps a lookup's plan but plans each page with its LIMIT and OFFSET.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMigrated, resolveDbTarget, type Db } from '../../../src/db/index.js';
import { PG_MODE } from '../../helpers/pg.js';
import { tempDataDir } from '../../helpers/server.js';

let dataDir: string;
let db: Db;
beforeEach(async () => {
  dataDir = tempDataDir();
  db = await openMigrated(dataDir);
  await db.schema.createTable('prepared_probe', (t) => {
    t.increments('id');
    t.string('name').notNullable().unique();
  });
});
afterEach(async () => {
  await db.destroy();
});

const names = async () => (await db('prepared_probe').where('id', '>', 0).orderBy('id').select('name')).map((r: { name: string }) => r.name);

describe('prepared statements', () => {
  it('answer the rows written since the last run of the same statement', async () => {
    expect(await names()).toEqual([]);
    await db('prepared_probe').insert({ name: 'a' });
    expect(await names()).toEqual(['a']);
    await db('prepared_probe').insert({ name: 'b' });
    await db('prepared_probe').where({ name: 'a' }).update({ name: 'c' });
    expect(await names()).toEqual(['c', 'b']);
  });

  it('keep working after a statement that fails to prepare and one that fails to run', async () => {
    await expect(db.raw('SELECT FROM WHERE ?', [1])).rejects.toThrow();
    await expect(db.raw('SELECT FROM WHERE ?', [1])).rejects.toThrow(); // the same broken text again: an error, not a hang
    await db('prepared_probe').insert({ name: 'x' });
    await expect(db('prepared_probe').insert({ name: 'x' })).rejects.toThrow(/unique|UNIQUE/);
    await db('prepared_probe').insert({ name: 'y' });
    expect(await names()).toEqual(['x', 'y']);
  });

  it('give each of many concurrent inserts and updates its own id and count (one statement, one transaction)', async () => {
    const ids = await db.transaction(async (trx) => Promise.all(Array.from({ length: 20 }, (_, i) => trx('prepared_probe').insert({ name: `n${i}` }, ['id']))));
    const flat = ids.map((rows) => (rows[0] as { id: number }).id);
    expect(new Set(flat).size).toBe(20);
    const rows: { id: number; name: string }[] = await db('prepared_probe').select('id', 'name');
    for (const [i, id] of flat.entries()) expect(rows.find((r) => r.id === id)?.name).toBe(`n${i}`);
    const counts = await Promise.all([db('prepared_probe').where('name', 'like', 'n1%').update({ name: db.raw(`name || '!'`) }), db('prepared_probe').where('name', 'n2').delete()]);
    expect(counts).toEqual([11, 1]); // n1, n10..n19; n2
  });

  it('follow a schema change: the same statement reads the new column', async () => {
    await db('prepared_probe').insert({ name: 'p' });
    const all = () => db('prepared_probe').where('id', '>', 0).select('*');
    expect(await all()).toEqual([{ id: 1, name: 'p' }]);
    await db.schema.alterTable('prepared_probe', (t) => t.integer('size').defaultTo(7));
    expect(await all()).toEqual([{ id: 1, name: 'p', size: 7 }]);
  });
});

describe.skipIf(!PG_MODE)('PostgreSQL statements', () => {
  it("keep a generic plan for a lookup and a first(), and leave a page's statement unnamed, planned with its LIMIT and OFFSET", async () => {
    await db('prepared_probe').insert(Array.from({ length: 30 }, (_, i) => ({ name: `p${i}` })));
    const statements: { statement: string; generic_plans: string }[] = await db.transaction(async (trx) => {
      for (let i = 1; i <= 8; i++) {
        expect(await trx('prepared_probe').whereIn('id', [i, i + 1]).orderBy('id').select('name')).toEqual([{ name: `p${i - 1}` }, { name: `p${i}` }]);
        expect(await trx('prepared_probe').orderBy('id').limit(2).offset(i).select('name')).toEqual([{ name: `p${i}` }, { name: `p${i + 1}` }]);
        expect(await trx('prepared_probe').where('name', `p${i}`).first('id')).toEqual({ id: i + 1 });
      }
      return (await trx.raw('SELECT statement, generic_plans FROM pg_prepared_statements')).rows;
    });
    const named = (part: string) => statements.filter((s) => s.statement.includes(part)).map((s) => Number(s.generic_plans));
    expect(named('in ($1, $2)')).toEqual([expect.any(Number)]);
    expect(named('in ($1, $2)')[0]).toBeGreaterThan(0);
    expect(named('"name" = $1 limit $2')[0]).toBeGreaterThan(0);
    expect(named('offset')).toEqual([]);
  });
});

describe.skipIf(PG_MODE)('SQLite connections with kept statements', () => {
  it('close cleanly: the last close removes the -wal file', async () => {
    const file = resolveDbTarget(dataDir);
    for (let i = 0; i < 5; i++) await Promise.all([names(), db('prepared_probe').insert({ name: `w${i}` })]);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await db.destroy();
    expect(fs.existsSync(`${file}-wal`), `${path.basename(file)}-wal left after the close`).toBe(false);
    db = await openMigrated(dataDir); // for afterEach
  });
});
