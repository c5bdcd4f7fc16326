/**
 * The one time format the database stores (src/db/README.md "Times"): ISO 8601 in UTC with
 * milliseconds, `2026-11-27T19:30:00.000Z`, as `Date.toISOString()` writes it. Every time
 * column written by audiolib (created_at, updated_at, removed_at, heartbeats, last uses, ...)
 * gets its value from `dbTime`; no writer uses the engine's clock (`CURRENT_TIMESTAMP`,
 * `knex.fn.now()`), whose SQLite text ('YYYY-MM-DD HH:MM:SS') would sort and compare
 * apart from it. On SQLite the text is stored as it is, so one format sorts as time; on
 * PostgreSQL the columns are `timestamptz` and the value is parsed, so the type decides.
 */

/**
 * A time as the database stores it: `at` (a Date, or milliseconds since the epoch; now
 * when absent) as ISO 8601 UTC with milliseconds ('2026-11-27T19:30:00.000Z').
 */
export const dbTime = (at: Date | number = Date.now()): string => new Date(at).toISOString();

/**
 * A stored time read back, as ISO 8601 UTC ('2026-11-27T19:30:00.000Z'), whichever way the
 * engine answers it: a Date, ISO text (PostgreSQL's, src/db/knex.ts), SQLite's
 * 'YYYY-MM-DD HH:MM:SS' text (UTC; rows written before the one format), or milliseconds
 * since the epoch (a number, or digits in text). Null or undefined answers undefined; text
 * that reads as no time is answered as it is.
 */
export function readTime(value: string | Date | number): string;
export function readTime(value: string | Date | number | null | undefined): string | undefined;
export function readTime(value: string | Date | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || /^\d+$/.test(value)) return new Date(Number(value)).toISOString();
  // a time without a zone is UTC (SQLite's text), never the process's local time
  const text = value.replace(/^(\d{4}-\d\d-\d\d) /, '$1T');
  const at = new Date(/T[\d:.]+$/.test(text) ? `${text}Z` : text);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}
