/**
 * Writers at once on SQLite, the way the server's saves write (a read, then a write, in
 * one transaction), with reads beside them: why write transactions take turns per process
 * before they take a pooled connection (src/db/sqlite-transaction.ts, src/db/README.md
 * "Writes on SQLite").
 *
 *   npm run build:server && node bench/db/writers.js [--callers 20] [--rounds 30] [--runs 3]
 *
 * Each run makes a fresh database in a temporary folder, then CALLERS callers each save
 * their row ROUNDS times, reading a row between two saves. It runs in turns: "turns" (the
 * server's code: BEGIN IMMEDIATE after this process's turn) and "no turns" (BEGIN
 * IMMEDIATE only: every pooled connection may wait in SQLite's busy handler). Prints per
 * run the failed saves, the save's and the read's p50 and p99 (ms) and the run's time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../../dist/db/index.js';
import { ImmediateTransaction } from '../../dist/db/sqlite-transaction.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return Number(i > 0 ? process.argv[i + 1] : fallback);
};
const callers = arg('--callers', 20);
const rounds = arg('--rounds', 30);
const runs = arg('--runs', 3);

const withTurns = ImmediateTransaction.prototype.acquireConnection;
/** The transaction's acquireConnection as knex's own (no turn), keeping BEGIN IMMEDIATE. */
const withoutTurns = Object.getPrototypeOf(ImmediateTransaction.prototype).acquireConnection;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))].toFixed(1);

/** One run: answers its line. */
async function run(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-bench-writers-'));
  const db = openDb(path.join(dir, 'bench.sqlite3'));
  await db.schema.createTable('t', (t) => { t.integer('id').primary(); t.integer('v'); });
  await db('t').insert(Array.from({ length: callers }, (_, id) => ({ id, v: 0 })));
  const saves = [];
  const reads = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: callers }, async (_, id) => {
    for (let k = 1; k <= rounds; k++) {
      let t = performance.now();
      try {
        await db.transaction(async (trx) => { await trx('t').where('id', id).first(); await trx('t').where('id', id).update({ v: k }); });
      } catch {
        failed++;
      }
      saves.push(performance.now() - t);
      t = performance.now();
      await db('t').where('id', (id + 1) % callers).first();
      reads.push(performance.now() - t);
    }
  }));
  const ms = performance.now() - started;
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  saves.sort((a, b) => a - b);
  reads.sort((a, b) => a - b);
  return `${label.padEnd(9)} failed ${failed}  save p50 ${quantile(saves, 0.5)} p99 ${quantile(saves, 0.99)}  read p50 ${quantile(reads, 0.5)} p99 ${quantile(reads, 0.99)}  run ${ms.toFixed(0)} ms`;
}

console.log(`${callers} callers x ${rounds} saves, a read between two saves (ms)`);
for (let i = 0; i < runs; i++) {
  ImmediateTransaction.prototype.acquireConnection = withTurns;
  console.log(await run('turns'));
  ImmediateTransaction.prototype.acquireConnection = withoutTurns;
  console.log(await run('no turns'));
}
