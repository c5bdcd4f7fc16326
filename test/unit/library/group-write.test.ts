/**
 * The scanner's group writer on a real SQLite database: writes queued behind a running
 * one commit together, and a failing write fails alone while the others of its group
 * still commit.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.js';
import { groupWriter } from '../../../src/library/group-write.js';
import { freshDb } from './helpers.js';

let db: Db;
beforeEach(async () => {
  ({ db } = await freshDb());
});
afterEach(async () => {
  await db.destroy();
});

const addWork = (id: number) => async (trx: Db) => {
  await trx('works').insert({ id, title: `work ${id}`, code_prefix: 'RJ' });
  return id;
};

describe('groupWriter', () => {
  it('commits every queued write and answers each its own result', async () => {
    const write = groupWriter(db);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((id) => write(addWork(id))));
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect((await db('works').orderBy('id').select('id')).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failing write rejects alone; the rest of its group commits', async () => {
    const write = groupWriter(db);
    const results = await Promise.allSettled([
      write(addWork(1)),
      write(addWork(2)),
      write(async (trx) => {
        await trx('works').insert({ id: 3, title: 'three', code_prefix: 'RJ' });
        throw new Error('bad write');
      }),
      write(addWork(4)),
      write(addWork(1)), // the same id again: a constraint error
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('bad write');
    expect((await db('works').orderBy('id').select('id')).map((r) => r.id)).toEqual([1, 2, 4]);
  });
});
