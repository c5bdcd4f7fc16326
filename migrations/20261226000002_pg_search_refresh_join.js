/**
 * PostgreSQL: work_search_refresh joins its ids as a set instead of `w.id = ANY(ids)`,
 * which compared every works row with every id (PG_SEARCH_REFRESH of lib/dialect.js).
 * Nothing on SQLite.
 * @param {import('knex').Knex} knex
 */
import { isPostgres, PG_SEARCH_REFRESH } from './lib/dialect.js';

export async function up(knex) {
  if (isPostgres(knex)) await knex.raw(PG_SEARCH_REFRESH);
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  if (!isPostgres(knex)) return;
  await knex.raw(PG_SEARCH_REFRESH.replace('FROM (SELECT DISTINCT unnest(ids) AS id) AS u JOIN works w ON w.id = u.id', 'FROM works w WHERE w.id = ANY(ids)'));
}
