/**
 * One time format in the database (src/db/time.ts): ISO 8601 UTC with milliseconds,
 * '2026-11-27T19:30:00.000Z'. Before it, the scan wrote `works.removed_at` (a work hidden
 * as missing), `works.created_at` / `updated_at` and the `scan_runs` times as SQLite's
 * 'YYYY-MM-DD HH:MM:SS' (UTC) while the admin's delete and every other writer wrote ISO
 * text, and column defaults (`users.created_at`) wrote SQLite's text too.
 *
 * SQLite: every time column (declared `datetime`, as knex's `timestamp` makes it) holding
 * SQLite's text is rewritten to the ISO text of the same moment, one statement per column;
 * the ISO values and anything else (NULL) are left as they are. The order of a column's
 * values does not change. PostgreSQL: nothing to do; the columns are `timestamptz`, so both
 * texts were stored as the same type and read back alike.
 * @param {import('knex').Knex} knex
 */
import { isPostgres } from './lib/dialect.js';

/** SQLite's CURRENT_TIMESTAMP text, 'YYYY-MM-DD HH:MM:SS' (fractions allowed after it). */
const SQLITE_TEXT = '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]*';

export async function up(knex) {
  if (isPostgres(knex)) return;
  const tables = await knex.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'knex_%'");
  for (const { name: table } of tables) {
    const columns = await knex.raw(`PRAGMA table_info("${table}")`);
    for (const { name: column, type } of columns) {
      if (String(type).toLowerCase() !== 'datetime') continue;
      await knex.raw(`UPDATE "${table}" SET "${column}" = strftime('%Y-%m-%dT%H:%M:%fZ', "${column}") WHERE typeof("${column}") = 'text' AND "${column}" GLOB ?`, [SQLITE_TEXT]);
    }
  }
}

/** Nothing to undo: every reader takes both texts (src/db/time.ts readTime). */
export async function down() {}
