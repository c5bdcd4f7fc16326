/**
 * migrate (src/db/knex.ts): runs the migrations a database lacks; a database at the
 * latest migration answers at once with nothing applied; a database that ran a migration
 * this code does not have is refused as knex refuses it (not taken as up to date); each
 * migration's down() puts the schema back as it was before its up(). Both engines (AUDIOLIB_TEST_DB=pg: a copy of the migrated template).
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
const open = (migrated = true) => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-migrate-'));
  db = openDb(PG_MODE ? createTestDatabase(migrated) : path.join(dir, 'audiolib.sqlite3'));
  return db;
};

/**
 * The schema's objects (tables, their columns, views, indexes, triggers, functions) by kind and name,
 * sorted; knex's own tables left out, and on PostgreSQL the functions of extensions
 * (pg_trgm: down() keeps the extension, which the database may have had before).
 */
async function schemaOf(db: Db): Promise<string[]> {
  const rows: { kind: string; name: string }[] = PG_MODE
    ? (await db.raw(`
        SELECT 'table' AS kind, tablename AS name FROM pg_tables WHERE schemaname = 'public'
        UNION ALL SELECT 'column', table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = 'public'
        UNION ALL SELECT 'view', matviewname FROM pg_matviews WHERE schemaname = 'public'
        UNION ALL SELECT 'view', viewname FROM pg_views WHERE schemaname = 'public'
        UNION ALL SELECT 'index', indexname FROM pg_indexes WHERE schemaname = 'public'
        UNION ALL SELECT 'trigger', tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT t.tgisinternal
        UNION ALL SELECT 'function', proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`)).rows
    : await db.raw(`SELECT type AS kind, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'
        UNION ALL SELECT 'column', m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`);
  return rows.filter((r) => !r.name.startsWith('knex_migrations')).map((r) => `${r.kind} ${r.name}`).sort();
}

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

  it("undoes each migration with its down(): the schema as before its up(), then all applied again", async () => {
    const db = open(false);
    const config = { directory: migrationsDir, loadExtensions: ['.js'] };
    const before: string[][] = [];
    for (const name of migrations) {
      before.push(await schemaOf(db));
      await db.migrate.up({ ...config, name });
    }
    const latest = await schemaOf(db);
    for (let i = migrations.length - 1; i >= 0; i--) {
      await db.migrate.down({ ...config, name: migrations[i] });
      expect(await schemaOf(db), `after ${migrations[i]} down()`).toEqual(before[i]);
    }
    expect(await migrate(db)).toEqual(migrations);
    expect(await schemaOf(db)).toEqual(latest);
  });
});
