/**
 * Foreign keys a table-by-table copy cannot satisfy row by row, and their deferral on the
 * PostgreSQL target. Tables are copied in foreign-key order, so a row's references to
 * other tables are already there; a reference within the same table (`files.audio_file_id`
 * -> `files.id`: a lyric file names its audio file, which may come later in id order and
 * so in a later insert) or to a table copied later (a cycle) is not. PostgreSQL checks a
 * NOT DEFERRABLE key at the end of each statement, and `SET CONSTRAINTS ... DEFERRED`
 * applies only to DEFERRABLE keys; so, inside the copy's transaction, such keys are made
 * DEFERRABLE INITIALLY DEFERRED, checked once all rows are in, and given back their own
 * deferrability before the transaction commits. A rolled-back copy leaves them untouched
 * (PostgreSQL's DDL is transactional).
 */
import type { Knex } from 'knex';
import { CopyError, reasonOf, rowLabel } from './failure.js';

/** A foreign key of the target: `table`(columns) -> `ref`(refColumns), with its declared deferrability. */
export interface ForeignKey {
  name: string;
  table: string;
  ref: string;
  columns: string[];
  refColumns: string[];
  deferrable: boolean;
  initiallyDeferred: boolean;
}

/** The foreign keys of the target's tables in the current schema (pg_constraint), columns in key order. */
export async function foreignKeys(trx: Knex.Transaction): Promise<ForeignKey[]> {
  const { rows } = await trx.raw(`
    SELECT c.conname AS name, t.relname AS "table", r.relname AS ref, c.condeferrable AS deferrable, c.condeferred AS deferred,
      ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
      ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS ref_columns
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
    WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
    ORDER BY t.relname, c.conname`);
  // booleans arrive as 1/0 (openDb reads PostgreSQL values in SQLite's shapes)
  return (rows as { name: string; table: string; ref: string; deferrable: unknown; deferred: unknown; columns: string[]; ref_columns: string[] }[]).map((r) => ({
    name: r.name, table: r.table, ref: r.ref, columns: r.columns, refColumns: r.ref_columns,
    deferrable: Boolean(Number(r.deferrable)), initiallyDeferred: Boolean(Number(r.deferred)),
  }));
}

/** The keys of `keys` whose referenced table is the table itself or is copied after it in `order`. */
export function keysToDefer(keys: ForeignKey[], order: string[]): ForeignKey[] {
  const at = new Map(order.map((t, i) => [t, i]));
  return keys.filter((k) => at.has(k.table) && at.has(k.ref) && at.get(k.ref)! >= at.get(k.table)!);
}

/** Makes each key DEFERRABLE INITIALLY DEFERRED for the rest of the transaction (deferKeys' counterpart: restoreKeys). */
export async function deferKeys(trx: Knex.Transaction, keys: ForeignKey[]): Promise<void> {
  for (const k of keys) await trx.raw('ALTER TABLE ?? ALTER CONSTRAINT ?? DEFERRABLE INITIALLY DEFERRED', [k.table, k.name]);
}

/**
 * Checks the deferred keys once every row is in, then runs PostgreSQL's own pending checks
 * (SET CONSTRAINTS ALL IMMEDIATE). A row whose reference is missing throws CopyError
 * naming its table, row (`key`: the primary-key columns of each table, for rows without
 * an id) and the missing value: found by one anti-join per key, as PostgreSQL's own
 * error would name the missing value but not the row.
 */
export async function checkDeferredKeys(trx: Knex.Transaction, keys: ForeignKey[], key: (table: string) => string[]): Promise<void> {
  for (const k of keys) {
    const orphan = await trx({ t: k.table })
      .select('t.*')
      .where((q) => { for (const c of k.columns) q.whereNotNull(`t.${c}`); })
      .whereNotExists(trx({ r: k.ref }).select(trx.raw('1')).where((q) => { k.columns.forEach((c, i) => q.where(`r.${k.refColumns[i]}`, trx.ref(`t.${c}`))); }))
      .first();
    if (orphan) {
      const values = k.columns.map((c) => orphan[c]).join(', ');
      throw new CopyError(k.table, rowLabel(orphan, key(k.table)), `its ${k.columns.join(', ')} ${values} is not in table ${k.ref}`);
    }
  }
  try {
    await trx.raw('SET CONSTRAINTS ALL IMMEDIATE');
  } catch (err) {
    throw new CopyError((err as { table?: string }).table ?? null, null, reasonOf(err));
  }
}

/** Gives each key back its declared deferrability (after checkDeferredKeys: PostgreSQL alters no table with checks pending). */
export async function restoreKeys(trx: Knex.Transaction, keys: ForeignKey[]): Promise<void> {
  for (const k of keys) {
    const mode = !k.deferrable ? 'NOT DEFERRABLE' : `DEFERRABLE INITIALLY ${k.initiallyDeferred ? 'DEFERRED' : 'IMMEDIATE'}`;
    await trx.raw(`ALTER TABLE ?? ALTER CONSTRAINT ?? ${mode}`, [k.table, k.name]);
  }
}
