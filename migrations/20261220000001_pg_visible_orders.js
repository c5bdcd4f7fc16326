/**
 * PostgreSQL: the works lists' order indexes as partial indexes of the visible works.
 * The indexes of 20261121120000_catalogue lead with (status, removed_at): SQLite walks them
 * in order under `removed_at IS NULL`, PostgreSQL does not (an IS NULL condition is no
 * equality for its index order), so it would sort every work for a first page. Here each
 * order gets (status, column, id) WHERE removed_at IS NULL; release with NULLs first so that
 * both directions of the lists' order (NULLs first ascending, last descending: SQLite's rule,
 * src/catalogue/order.ts) are plain index walks. Nothing on SQLite.
 * @param {import('knex').Knex} knex
 */
import { isPostgres } from './lib/dialect.js';

const ORDERS = { release: 'release NULLS FIRST', dl_count: 'dl_count', price: 'price', rate_average_2dp: 'rate_average_2dp', review_count: 'review_count', created_at: 'created_at', id: null };

export async function up(knex) {
  if (!isPostgres(knex)) return;
  for (const [name, column] of Object.entries(ORDERS)) {
    await knex.raw(`CREATE INDEX works_visible_${name} ON works (status, ${column ? `${column}, ` : ''}id) WHERE removed_at IS NULL`);
  }
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  if (!isPostgres(knex)) return;
  for (const name of Object.keys(ORDERS)) await knex.raw(`DROP INDEX IF EXISTS works_visible_${name}`);
}
