/**
 * Writes of a work's trial status (src/trial/README.md "Statuses"; the numbers are
 * `WorkStatus`) and the trial listing's new works. Each move is one conditional statement
 * (`... WHERE status IN (from)`), so of two actions racing only one moves the work. The
 * rules of which move is allowed when are src/trial/status.ts's.
 */
import type { Db } from '../db/index.js';
import { dbTime } from '../db/time.js';
import { WorkStatus } from '../model/index.js';

/** A `works.status` value (WorkStatus). */
type Status = (typeof WorkStatus)[keyof typeof WorkStatus];

/**
 * Moves work `id` from one of `from` to `to`; false when its status was none of them (it
 * moved on meanwhile). `touch` also marks it updated now (a dislike: the work leaves the
 * trial lists).
 */
export async function moveWorkStatus(db: Db, id: number, from: readonly Status[], to: Status, touch = false): Promise<boolean> {
  return (await db('works').where({ id }).whereIn('status', from as Status[]).update(touch ? { status: to, updated_at: dbTime() } : { status: to })) > 0;
}

/** Moves every work at a status of `from` to `to` (downloads left by a restart); answers how many moved. */
export async function moveAllWorkStatus(db: Db, from: readonly Status[], to: Status): Promise<number> {
  return db('works').whereIn('status', from as Status[]).update({ status: to });
}

/** A work of the store's listing: id, code prefix, title ('' = its code). */
export interface NewTrialWork { id: number; prefix: string; title: string }

/**
 * Inserts `works` (none known yet: the caller checked, in its transaction) as new trial
 * works (status 0, metadata pending), created and updated now; 100 a statement.
 */
export async function insertTrialWorks(db: Db, works: readonly NewTrialWork[]): Promise<void> {
  const now = dbTime();
  for (let i = 0; i < works.length; i += 100) {
    await db('works').insert(works.slice(i, i + 100).map((w) => ({ id: w.id, code_prefix: w.prefix, title: w.title, status: WorkStatus.NewTrial, created_at: now, updated_at: now })));
  }
}
