/**
 * The two database engines' differences the domains need at run time, in one place
 * (src/db/README.md "Two engines"; the DDL side is migrations/lib/dialect.js):
 * - keyword search: a condition "the work's search document contains the text";
 * - ordered id list: one aggregate turning an ordered subquery's ids into one text;
 * - JSON list of {id, name} objects from a correlated subquery;
 * - a list of integer ids as one bound value (no limit on the number of bindings);
 * - a read-only snapshot transaction (the catalogue cache's patches, src/catalogue/changes.ts).
 * Change tracking (catalogue_version) and upserts (knex onConflict) read the same on both.
 * Seeded random orders are plain integer arithmetic on 64-bit values (CAST AS BIGINT), the
 * same on both engines (src/catalogue/order.ts).
 */
import type { Knex } from 'knex';

export type EngineName = 'sqlite' | 'postgres';

export interface Dialect {
  name: EngineName;
  /**
   * A condition on the works alias `w`: the search document (index table `index`, one
   * row per work) contains `text`, case-insensitive. SQLite: FTS5 trigram MATCH for 3+
   * characters, else LIKE over the documents; PostgreSQL: ILIKE, served by the pg_trgm
   * GIN index (CJK substrings included, no word segmentation). `only`: a table or CTE
   * whose column `id` lists the works to look at (the cache's patches evaluate a filter
   * for a few changed works, src/catalogue/patch.ts); the documents of others are not read.
   */
  searchMatch(index: string, text: string, only?: string): { sql: string; bindings: string[] };
  /** An aggregate of column `id` of subquery rows into one comma-separated text, in the rows' order. */
  idList: string;
  /** A correlated subquery (`from`: FROM ... with alias x) answering a JSON list of `{id, name}`, in the order of x.id (the same on both engines, whatever the plan). */
  jsonRefs(from: string): string;
  /** A SELECT answering `ids` as rows of one column `id`, the ids bound as one value (SQLite json_each, PostgreSQL unnest of an array). */
  idRows(ids: readonly number[]): { sql: string; bindings: unknown[] };
  /** Transaction settings under which every statement reads one snapshot (SQLite: a deferred transaction in WAL mode, taking no write lock; PostgreSQL: repeatable read). */
  snapshot: Knex.TransactionConfig;
}

/** Escapes LIKE wildcards; use with `ESCAPE '\'`. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const sqlite: Dialect = {
  name: 'sqlite',
  searchMatch(index, text, only) {
    const among = only ? ` AND rowid IN (SELECT id FROM ${only})` : '';
    if ([...text].length >= 3) return { sql: `w.id IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ?${among})`, bindings: [`"${text.replace(/"/g, '""')}"`] };
    return { sql: `w.id IN (SELECT rowid FROM ${index} WHERE doc LIKE ? ESCAPE '\\'${among})`, bindings: [likeContains(text)] };
  },
  idList: 'group_concat(id)',
  jsonRefs: (from) => `(SELECT json_group_array(json_object('id', x.id, 'name', x.name) ORDER BY x.id) ${from})`,
  idRows: (ids) => ({ sql: 'SELECT value AS id FROM json_each(?)', bindings: [JSON.stringify(ids)] }),
  snapshot: { readOnly: true },
};

const postgres: Dialect = {
  name: 'postgres',
  searchMatch: (index, text, only) => ({ sql: `w.id IN (SELECT work_id FROM ${index} WHERE doc ILIKE ? ESCAPE '\\'${only ? ` AND work_id IN (SELECT id FROM ${only})` : ''})`, bindings: [likeContains(text)] }),
  // the aggregate reads the subquery's rows in its ORDER BY (PostgreSQL documents this for a sorted subquery)
  idList: `string_agg(id::text, ',')`,
  jsonRefs: (from) => `(SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.id), '[]'::json) ${from})`,
  idRows: (ids) => ({ sql: 'SELECT unnest(?::integer[]) AS id', bindings: [[...ids]] }),
  snapshot: { isolationLevel: 'repeatable read', readOnly: true },
};

/** Whether `target` (a --db value) names a PostgreSQL database. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target);

/** The dialect of an open knex instance. */
export const dialectOf = (db: Knex): Dialect => ((db.client as { dialect?: string }).dialect === 'postgresql' ? postgres : sqlite);

/**
 * Makes the transaction `trx` wait until it holds the lock `key` (a 64-bit integer; each
 * use names its own), kept until the transaction ends: the transactions that take the same
 * key run their statements after it one at a time, across processes and instances. What
 * a statement after it reads, such as the largest id, is then not read by another of them
 * before this one commits. PostgreSQL: a transaction-level advisory lock
 * (`pg_advisory_xact_lock`); at READ COMMITTED each later statement sees what the previous
 * holder committed. SQLite: nothing to take, since one database file has one writer at a
 * time and a write transaction that read before another committed cannot commit over it.
 * Rejects as the statement does (the connection lost).
 */
export async function lockForTransaction(trx: Knex.Transaction, key: bigint): Promise<void> {
  if (dialectOf(trx).name === 'postgres') await trx.raw('SELECT pg_advisory_xact_lock(?::bigint)', [key.toString()]);
}
