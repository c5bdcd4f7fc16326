/**
 * Several writers at once on the test engine (src/db/README.md "Writes on SQLite"):
 * transactions that read before they write, from many callers of one process and from
 * other processes, all commit; a statement that fails mid-transaction, or a COMMIT that
 * fails, leaves no connection inside a transaction (the next writes succeed and every read
 * sees the newest rows, other processes' writes included).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMigrated, resolveDbTarget, type Db } from '../../../src/db/index.js';
import { dialectOf } from '../../../src/db/dialect/index.js';
import { tempDataDir } from '../../helpers/server.js';

let dataDir: string;
let db: Db;
const ROWS = 12;

beforeEach(async () => {
  dataDir = tempDataDir();
  db = await openMigrated(dataDir);
  await db.schema.createTable('writers_probe', (t) => {
    t.integer('id').primary();
    t.integer('v').notNullable();
  });
  await db('writers_probe').insert(Array.from({ length: ROWS }, (_, id) => ({ id, v: 0 })));
  // a statement that fails on demand, inside whatever transaction runs it
  if (dialectOf(db).name === 'sqlite') {
    await db.raw(`CREATE TRIGGER writers_probe_fault BEFORE UPDATE ON writers_probe WHEN NEW.v < 0 BEGIN SELECT RAISE(ABORT, 'injected fault'); END`);
  } else {
    await db.raw(`CREATE FUNCTION writers_probe_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.v < 0 THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`);
    await db.raw(`CREATE TRIGGER writers_probe_fault BEFORE UPDATE ON writers_probe FOR EACH ROW EXECUTE FUNCTION writers_probe_fault()`);
  }
});
afterEach(async () => {
  await db.destroy();
});

/** One read-then-write transaction of row `id`, as the app's saves are (a visibility check, then the write). */
const save = (on: Db, id: number, v: number) => on.transaction(async (trx) => {
  await trx('writers_probe').where('id', id).first();
  await trx('writers_probe').where('id', id).update({ v });
});

const valueOf = async (id: number) => (await db('writers_probe').where('id', id).first()).v as number;

/** Runs a node script in another process against this test's database, resolving with its exit code and stderr. */
function otherProcess(script: string): Promise<{ code: number | null; stderr: string }> {
  const dbModule = path.resolve(import.meta.dirname, '../../../dist/db/index.js'); // built by npm test before the tests run
  const code = `import { openDb } from ${JSON.stringify(dbModule)}; const db = openDb(${JSON.stringify(resolveDbTarget(dataDir))}); ${script}; await db.destroy();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (c) => resolve({ code: c, stderr }));
  });
}

describe('writers at once', () => {
  it('commits every read-then-write transaction of 24 callers at once, and each row holds its last write', async () => {
    const rounds = 15;
    const results = await Promise.allSettled(Array.from({ length: 24 }, async (_, caller) => {
      for (let round = 1; round <= rounds; round++) await save(db, caller % ROWS, caller * 100 + round);
    }));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    for (let id = 0; id < ROWS; id++) expect([id * 100 + rounds, (id + ROWS) * 100 + rounds]).toContain(await valueOf(id));
  });

  it('commits while another process writes the same rows at the same time, and sees its writes at the next read', async () => {
    const other = otherProcess(`for (let round = 0; round < 40; round++) await Promise.all([0, 1, 2, 3].map((id) => db.transaction(async (trx) => { await trx('writers_probe').where('id', id).first(); await trx('writers_probe').where('id', id).update({ v: 5000 + round }); })))`);
    const mine = await Promise.allSettled(Array.from({ length: 8 }, async (_, caller) => {
      for (let round = 0; round < 20; round++) await save(db, 4 + caller, round + 1);
    }));
    const { code, stderr } = await other;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(mine.filter((r) => r.status === 'rejected')).toEqual([]);
    for (let id = 0; id < 4; id++) expect(await valueOf(id)).toBe(5039);
    for (let id = 4; id < ROWS; id++) expect(await valueOf(id)).toBe(20);
  });

  it('after a statement fails mid-transaction, rolls it back whole and the next 100 writes succeed', async () => {
    await save(db, 1, 7);
    await expect(db.transaction(async (trx) => {
      await trx('writers_probe').where('id', 0).update({ v: 41 });
      await trx('writers_probe').where('id', 1).update({ v: -1 }); // the injected fault
    })).rejects.toThrow(/injected fault/);
    expect(await valueOf(0)).toBe(0); // the first statement's write went with the transaction
    expect(await valueOf(1)).toBe(7);
    // sequential writes, then writes at once, each seen at the next read
    for (let i = 1; i <= 60; i++) {
      await save(db, i % ROWS, i);
      expect(await valueOf(i % ROWS)).toBe(i);
    }
    const burst = await Promise.allSettled(Array.from({ length: ROWS }, async (_, id) => {
      for (let round = 1; round <= 4; round++) await save(db, id, 1000 * round + id);
    }));
    expect(burst.filter((r) => r.status === 'rejected')).toEqual([]);
    for (let id = 0; id < ROWS; id++) expect(await valueOf(id)).toBe(4000 + id);
  });

  it('after a COMMIT that fails (a deferred foreign key), the connection is outside any transaction and the next writes succeed', async () => {
    await db.raw(`CREATE TABLE writers_child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES writers_probe(id) DEFERRABLE INITIALLY DEFERRED)`);
    const commits = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => db.transaction(async (trx) => {
      await trx('writers_probe').where('id', i).update({ v: 9 });
      await trx('writers_child').insert({ id: i, parent: 999 }); // refused only at COMMIT
    })));
    expect(commits.every((r) => r.status === 'rejected')).toBe(true);
    expect(await db('writers_child').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await valueOf(0)).toBe(0);
    const after = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => save(db, i % ROWS, 50 + Math.floor(i / ROWS))));
    expect(after.filter((r) => r.status === 'rejected')).toEqual([]);
    const { code } = await otherProcess(`await db('writers_probe').where('id', 11).update({ v: 78 })`);
    expect(code).toBe(0);
    expect(await Promise.all(Array.from({ length: 8 }, () => valueOf(11)))).toEqual(Array.from({ length: 8 }, () => 78));
  });

  it('after failures at once on several connections, no connection is left in a transaction: another process\'s write is seen by every later read', async () => {
    const failures = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => db.transaction(async (trx) => {
      await trx('writers_probe').where('id', i).first();
      await trx('writers_probe').where('id', i).update({ v: -1 });
    })));
    expect(failures.every((r) => r.status === 'rejected')).toBe(true);
    const { code, stderr } = await otherProcess(`await db('writers_probe').update({ v: 77 })`);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    // reads at once take every pooled connection: each must see the other process's write
    const reads = await Promise.all(Array.from({ length: 16 }, (_, i) => valueOf(i % ROWS)));
    expect(reads).toEqual(Array.from({ length: 16 }, () => 77));
  });
});
