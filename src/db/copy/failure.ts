/**
 * How a failed `db copy` says what went wrong: one sentence naming the table and, when
 * known, the row, with the database's reason in words (never the SQL of the statement,
 * which knex puts in front of the driver's message and which holds a whole batch of rows).
 */

/**
 * A copy that stopped. The target's transaction was rolled back, so the target holds what
 * it held before. `table` is the table being copied or checked (null before or after
 * the tables); `row` names the row (`id 3333`, or its key columns) when known. The message
 * is one sentence: `could not copy table files, row id 3333: REASON; the target database
 * is unchanged`.
 */
export class CopyError extends Error {
  constructor(readonly table: string | null, readonly row: string | null, readonly reason: string) {
    super(`could not copy ${table ? `table ${table}${row ? `, row ${row}` : ''}` : 'the database'}: ${reason}; the target database is unchanged`);
    this.name = 'CopyError';
  }
}

/** At most `max` characters of `text`, on one line. */
const clip = (text: string, max = 80) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** Statements knex may put in front of a driver's message (`SQL - message`). */
const SQL_START = /^\s*(insert|select|update|delete|with|alter|set|savepoint|release|rollback|begin|commit|create|drop|analyze|truncate)\b/i;

/** The driver's own message of `err`: knex's SQL prefix removed, one line, at most 200 characters. */
export function driverMessage(err: unknown): string {
  let message = err instanceof Error ? err.message : String(err);
  if (SQL_START.test(message)) {
    const at = message.lastIndexOf(' - ');
    message = at >= 0 ? message.slice(at + 3) : 'the database refused a statement';
  }
  return clip(message, 200) || 'unknown error';
}

/**
 * Why the target refused a row (or a statement), in words, from a PostgreSQL error's
 * fields: code 23503 (a key not in the referenced table), 23505 (a key already there),
 * 23502 (an empty column), 23514 (a check), class 22 (a value the column cannot hold);
 * anything else the driver's message (driverMessage). Values are clipped to 80 characters.
 */
export function reasonOf(err: unknown): string {
  const e = (err ?? {}) as { code?: string; detail?: string; column?: string; constraint?: string };
  const key = /^Key \((.+?)\)=\((.*)\) (is not present in table "(.+)"|already exists)\.?$/s.exec(e.detail ?? '');
  switch (e.code) {
    case '23503':
      return key?.[4] ? `its ${key[1]} ${clip(key[2]!)} is not in table ${key[4]}` : `it refers to a row that does not exist${e.constraint ? ` (${e.constraint})` : ''}`;
    case '23505':
      return key ? `its ${key[1]} ${clip(key[2]!)} is already in the target` : 'its key is already in the target';
    case '23502':
      return `its ${e.column ?? 'column'} is empty and the target requires a value`;
    case '23514':
      return e.constraint ? `the target's check ${e.constraint} refuses it` : 'a check of the target refuses it';
    default:
      if (e.code?.startsWith('22')) return `a value does not fit the target's column (${driverMessage(err)})`;
      return driverMessage(err);
  }
}

/** How a message names a row: `id N` when it has an id, else its key columns (`(work_id 5, tag_id 3)`), else null. */
export function rowLabel(row: Record<string, unknown>, key: string[]): string | null {
  if (row.id !== undefined && row.id !== null) return `id ${clip(String(row.id), 40)}`;
  const parts = key.filter((c) => row[c] !== undefined).map((c) => `${c} ${clip(String(row[c]), 40)}`);
  return parts.length > 0 ? `(${parts.join(', ')})` : null;
}
