/**
 * The works visibility rule (DESIGN sections 4 and 7), by scope: the catalogue a
 * listener looks at. `library` (the main catalogue) shows a work in the library
 * (`status` WorkStatus.InLibrary); `trial` (the trial catalogue, /fake) shows a new trial
 * work and one whose trial download is wanted or running (status 0, 1, 2; its list shows
 * status 0). Both leave out removed works (`removed_at` set). Every module that reads
 * `works` for a listener (lists, name counts, one work, reviews, progress and history, the
 * track tree, media, covers, lyric tasks) goes through this file, and so does the
 * scanner when it counts visible works; a work outside the scope is answered as unknown.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { NotFound, WorkStatus, say } from '../model/index.js';

/** Which catalogue: the library, or the trial catalogue. */
export type Scope = 'library' | 'trial';

/** The statuses each scope shows. */
export const SCOPE_STATUSES: Record<Scope, readonly number[]> = {
  library: [WorkStatus.InLibrary],
  trial: [WorkStatus.NewTrial, WorkStatus.DownloadWanted, WorkStatus.Downloading],
};

/** How whereVisible names the works table: `alias`, its name or alias in the query ('w', 'works'); none for a plain `db('works')`. */
export interface VisibleOptions { alias?: string }

/**
 * Narrows a query on `works` to the works visible in `scope` (default the library; a
 * list of scopes: visible in any of them). Answers the same builder.
 */
export function whereVisible<Q extends Knex.QueryBuilder>(qb: Q, scope: Scope | readonly Scope[] = 'library', { alias }: VisibleOptions = {}): Q {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const statuses = (typeof scope === 'string' ? [scope] : scope).flatMap((s) => SCOPE_STATUSES[s]);
  if (statuses.length === 1) qb.where(column('status'), statuses[0]!);
  else qb.whereIn(column('status'), statuses as number[]);
  return qb.whereNull(column('removed_at')) as Q;
}

/** The rule on a `works` row already read (the scanner's plan and lyric scan). */
export const isVisibleRow = (row: { status: number; removed_at: unknown }, scope: Scope = 'library') =>
  SCOPE_STATUSES[scope].includes(row.status) && row.removed_at === null;

/** The library rule as an SQL condition on an unaliased `works` row, for raw queries. */
export const VISIBLE_WORK_SQL = `status = ${WorkStatus.InLibrary} AND removed_at IS NULL`;
/** The negation of VISIBLE_WORK_SQL: the hidden and trial works. */
export const HIDDEN_WORK_SQL = `status <> ${WorkStatus.InLibrary} OR removed_at IS NOT NULL`;

/**
 * Checks that work `id` is visible in one of `scopes` (default the library), before a
 * listener's write about it (review, progress, play history, lyric task). Throws NotFound
 * `work {id} not found` otherwise.
 */
export async function assertVisibleWork(db: Db, id: number, scopes: readonly Scope[] = ['library']): Promise<void> {
  if (!(await whereVisible(db('works').where({ id }), scopes).first('id'))) throw new NotFound(say('work.idNotFound', { id }));
}
