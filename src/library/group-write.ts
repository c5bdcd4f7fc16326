/**
 * The scan's one writer (SQLite has one): write functions queued while a transaction
 * runs are run together, in order, in the next transaction, so a first scan commits a
 * group of works at once instead of one transaction each. When a group's transaction
 * fails, each of its functions runs again alone in its own transaction: one bad write
 * (or a kill between two of them) fails alone and the others commit.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';

/** Most write functions committed in one transaction. */
const MAX_GROUP = 64;

/** Runs `fn` in a transaction of the writer; resolves with its answer once committed, rejects with its error. */
export type GroupWriter = <T>(fn: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;

interface Job { fn: (trx: Knex.Transaction) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void }

/** A writer on `db`; write functions must leave nothing behind but their SQL (they may run twice). */
export function groupWriter(db: Db): GroupWriter {
  const queue: Job[] = [];
  let busy = false;
  const alone = (job: Job) => db.transaction(job.fn).then(job.resolve, job.reject);
  async function drain() {
    busy = true;
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
      if (group.length === 1) {
        await alone(group[0]!);
        continue;
      }
      const answers = await db.transaction(async (trx) => {
        const out: unknown[] = [];
        for (const job of group) out.push(await job.fn(trx));
        return out;
      }).catch(() => null);
      if (answers) group.forEach((job, i) => job.resolve(answers[i]));
      else for (const job of group) await alone(job);
    }
    busy = false;
  }
  return <T>(fn: (trx: Knex.Transaction) => Promise<T>) => new Promise<T>((resolve, reject) => {
    queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
    if (!busy) void drain();
  });
}
