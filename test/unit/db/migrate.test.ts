/**
 * migrate (src/db/knex.ts): runs the migrations a database lacks; a database at the
 * latest migration answers at once with nothing applied; a database that ran a migration
 * this code does not have is refused as knex refuses it (not taken as up to date).
 * Both engines (AUDIOLIB_TEST_DB=pg: a copy of the migrated template).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrationsDir, openDb, type Db } from '../../../src/db/index.js';
import { PG_MODE, createTestDatabase } from '../../helpers/pg.js';

const migrations = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.js')).sort();
let db: Db | null = null;
let dir: string | null = null;
afterEach(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  db = null;
  dir = null;
});
const open = () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-migrate-'));
  db = openDb(PG_MODE ? createTestDatabase() : path.join(dir, 'audiolib.sqlite3'));
  return db;
};

describe('migrate', () => {
  it('applies what is missing, then has nothing to do', async () => {
    const db = open();
    expect(await migrate(db)).toEqual(PG_MODE ? [] : migrations);
    expect(await migrate(db)).toEqual([]);
    expect((await db('knex_migrations').select('name')).map((r: { name: string }) => r.name).sort()).toEqual(migrations);
  });

  it('refuses a database that ran a migration this code does not have', async () => {
    const db = open();
    await migrate(db);
    await db('knex_migrations').insert({ name: '29991231000000_from_a_newer_audiolib.js', batch: 99, migration_time: new Date().toISOString() });
    await expect(migrate(db)).rejects.toThrow(/29991231000000_from_a_newer_audiolib\.js/);
  });
});
