/**
 * Orders of the works lists (spec 000 section 9) and of the favourites and history
 * lists (section 7 "sorting rule"), as ORDER BY clauses on the works alias `w`, the
 * caller's review alias `r` and the scope alias `s` (reviews or play_history). The
 * lists of orders themselves are in src/model/lists.ts.
 * Every order ends in the work id, so pages never overlap or skip a work.
 */
import type { Knex } from 'knex';
import type { FavouriteOrder, SortDir, WorkOrder } from '../model/index.js';
import type { AnyCatalogue } from './definition.js';

/** Plain column orders, each backed by an index (status, removed_at, column, id), except `title` (cached id lists, list.ts). */
const COLUMN_ORDERS = new Set(['release', 'dl_count', 'price', 'rate_average_2dp', 'review_count', 'created_at', 'title']);

/**
 * Every order the list engine knows: the spec's works and favourites orders, and two
 * the players' API asks for (src/subsonic): `title` and `circle_name` (the circle's name,
 * then the title), alphabetical by code point; and any order a catalogue definition adds
 * (definition.ts `order`, the novel section's).
 */
export type ListOrder = WorkOrder | FavouriteOrder | 'title' | 'circle_name' | (string & {});

/** Columns that may be NULL (works without a release date). */
const NULLABLE = new Set(['release']);

/**
 * Orders by the SQL expression `expr` in `dir` with NULLs first when ascending and last
 * when descending (SQLite's rule, spelled out so PostgreSQL, whose default is the
 * reverse, gives the same order).
 */
export function orderNullable(qb: Knex.QueryBuilder, expr: string, dir: SortDir): void {
  qb.orderByRaw(`${expr} ${dir} NULLS ${dir === 'asc' ? 'FIRST' : 'LAST'}`);
}

/** Whether the order reads the caller's own reviews (then results are per user). */
export const isUserOrder = (order: ListOrder) => order === 'rating' || order === 'userRating';

/**
 * A stable pseudo-random rank of a work for `seed` (0..99), computed in SQL from the id
 * alone: multiply-mod, xor with a seed mask, multiply-mod again, in 64-bit integers (the
 * same ranks on SQLite and PostgreSQL). The same seed gives the
 * same order on every page; another seed gives another order.
 */
function randomRank(seed: number): string {
  const mask = (seed * 2654435761 + 977) % 2147483647;
  const h1 = '((CAST(w.id AS BIGINT) * 1103515245 + 12345) % 2147483647)';
  return `(((${h1} | ${mask}) - (${h1} & ${mask})) * 48271 + ${seed}) % 2147483647`;
}

/**
 * Adds the ORDER BY of `order` in direction `dir`. An order of the catalogue `def`
 * itself (definition.ts, for user `viewer`) comes first. `circle_name` sorts by the circle's
 * name (works without one first), then the title. `rating`/`userRating` sort by the
 * caller's rating (alias `r`, joined by the caller) with unrated works last; `allage`
 * is nsfw ascending whatever `dir` says and `nsfw` is nsfw in `dir` (the favourites'
 * "all ages first" sends order nsfw, sort asc; "adults only first" sort desc), each then
 * the scope row's time, newest first; `updated_at` is the scope row's time (alias `s`);
 * `random` uses `seed`.
 */
export function applyOrder(qb: Knex.QueryBuilder, order: Exclude<ListOrder, 'betterRandom'>, dir: SortDir, seed = 0, def?: AnyCatalogue, viewer = ''): void {
  if (def?.order?.(qb, order, dir, viewer)) return void qb.orderBy('w.id', dir);
  if (NULLABLE.has(order)) orderNullable(qb, `w.${order}`, dir);
  else if (COLUMN_ORDERS.has(order)) qb.orderBy(`w.${order}`, dir);
  else if (order === 'circle_name') {
    orderNullable(qb, '(SELECT c.name FROM circles c WHERE c.id = w.circle_id)', dir);
    qb.orderBy('w.title', dir);
  }
  else if (isUserOrder(order)) qb.orderByRaw('CASE WHEN r.rating IS NULL THEN 1 ELSE 0 END').orderBy('r.rating', dir);
  else if (order === 'random') qb.orderByRaw(`${randomRank(seed)} ${dir}`);
  else if (order === 'allage' || order === 'nsfw') qb.orderBy('w.nsfw', order === 'allage' ? 'asc' : dir).orderBy('s.updated_at', 'desc');
  else if (order === 'updated_at') qb.orderBy('s.updated_at', dir);
  qb.orderBy('w.id', order === 'allage' || order === 'nsfw' ? 'desc' : dir);
}
