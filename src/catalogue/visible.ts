/**
 * The works visibility rule (DESIGN sections 4 and 7): a listener sees, reviews and plays
 * a work only when it is in the library (`status` WorkStatus.InLibrary) and not removed
 * (`removed_at` null). Every module that reads `works` for a listener (lists, name
 * counts, one work, reviews, progress and history, the track tree, media, covers, lyric
 * tasks) goes through this file, and so does the scanner when it counts visible works;
 * a hidden or trial work is answered as unknown.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { NotFound, WorkStatus, say } from '../model/index.js';

/**
 * Narrows a query on `works` to visible works. `alias` is the table's name or alias in
 * the query ('w', 'works'); none for a plain `db('works')`. Answers the same builder.
 */
export function whereVisible<Q extends Knex.QueryBuilder>(qb: Q, alias?: string): Q {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return qb.where(column('status'), WorkStatus.InLibrary).whereNull(column('removed_at')) as Q;
}

/** The rule on a `works` row already read (the scanner's plan and lyric scan). */
export const isVisibleRow = (row: { status: number; removed_at: unknown }) => row.status === WorkStatus.InLibrary && row.removed_at === null;

/** The rule as an SQL condition on an unaliased `works` row, for raw queries. */
export const VISIBLE_WORK_SQL = `status = ${WorkStatus.InLibrary} AND removed_at IS NULL`;
/** The negation of VISIBLE_WORK_SQL: the hidden and trial works. */
export const HIDDEN_WORK_SQL = `status <> ${WorkStatus.InLibrary} OR removed_at IS NOT NULL`;

/**
 * Checks that work `id` is visible, before a listener's write about it (review,
 * progress, play history, lyric task). Throws NotFound `work {id} not found` otherwise.
 */
export async function assertVisibleWork(db: Db, id: number): Promise<void> {
  if (!(await whereVisible(db('works').where({ id })).first('id'))) throw new NotFound(say('work.idNotFound', { id }));
}
