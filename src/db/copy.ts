/**
 * Copies a whole audiolib database from a SQLite file into a PostgreSQL one (`audiolib db
 * copy`, src/db/README.md "Moving to PostgreSQL"): both are migrated first; then, in ONE
 * transaction on the target, every table of the source except knex's own, the search
 * index and the version counters is copied in foreign-key order (the target's user
 * triggers off meanwhile; keys the table order cannot satisfy, such as a table referring
 * to itself, deferred: copy/deferred.ts), the search index rebuilt, the catalogue versions
 * bumped, the source's token secret made the target's (secret.ts), the tables analyzed,
 * every table's row count compared, and the id sequences set past the copied ids. Any
 * failure rolls the whole transaction back, so the target keeps what it held, and is
 * reported as one sentence naming the table and row (copy/failure.ts).
 */
import type { Knex } from 'knex';
import type { Db } from './knex.js';
import { migrate } from './knex.js';
import { dialectOf } from './dialect/index.js';
import { Conflict, Invalid } from '../model/index.js';
import { ConfigError, describeOsError, isOsError } from '../config/index.js';
import { checkDeferredKeys, deferKeys, foreignKeys, keysToDefer, restoreKeys } from './copy/deferred.js';
import { CopyError, reasonOf, rowLabel } from './copy/failure.js';
import { dbTime } from './time.js';


/** Tables never copied: knex's bookkeeping, derived data rebuilt after the copy, per-engine secrets. */
const SKIP = /^(knex_migrations|knex_migrations_lock|work_search(_.*)?|catalogue_version|catalogue_changes|server_secrets|sqlite_.*)$/;

/** Rows per INSERT: as many as fit PostgreSQL's 65,535 bind parameters, at most 1,000. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.min(1000, Math.floor(60_000 / Math.max(1, columns))));

export interface CopiedTable { table: string; rows: number }
export interface CopyReport { tables: CopiedTable[] }

/** The tables of `db` in an order where every table comes after the tables it references. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const names: string[] = dialectOf(db).name === 'sqlite'
    ? (await db.raw(`SELECT name FROM sqlite_master WHERE type = 'table'`)).map((r: { name: string }) => r.name)
    : (await db.raw(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`)).rows.map((r: { name: string }) => r.name);
  const tables = names.filter((n) => !SKIP.test(n)).sort();
  const refs = new Map<string, string[]>();
  for (const t of tables) {
    const fks = dialectOf(db).name === 'sqlite'
      ? (await db.raw(`SELECT "table" AS ref FROM pragma_foreign_key_list(?)`, [t])).map((r: { ref: string }) => r.ref)
      : (await db.raw(`SELECT ccu.table_name AS ref FROM information_schema.table_constraints tc
          JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
          WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = ?`, [t])).rows.map((r: { ref: string }) => r.ref);
    refs.set(t, fks.filter((r: string) => r !== t && tables.includes(r)));
  }
  const ordered: string[] = [];
  const visit = (t: string, path: string[]) => {
    if (ordered.includes(t) || path.includes(t)) return;
    for (const r of refs.get(t) ?? []) visit(r, [...path, t]);
    ordered.push(t);
  };
  tables.forEach((t) => visit(t, []));
  return ordered;
}

/** The columns of `table` in the PostgreSQL target and their types. */
async function targetColumns(to: Db | Knex.Transaction, table: string): Promise<Map<string, string>> {
  const { rows } = await to.raw(`SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`, [table]);
  return new Map(rows.map((r: { column_name: string; data_type: string }) => [r.column_name, r.data_type]));
}

/** A SQLite value as the PostgreSQL column of `type` takes it (booleans from 0/1, times from epoch ms). */
function convert(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return Boolean(Number(value));
  if (type?.startsWith('timestamp') && typeof value === 'number') return dbTime(value);
  return value;
}

const countOf = async (db: Db | Knex.Transaction, table: string) => Number((await db(table).count({ n: '*' }).first())?.n ?? 0);

/** The primary-key columns of every table of the target's current schema, in key order. */
async function primaryKeys(trx: Knex.Transaction): Promise<Map<string, string[]>> {
  const { rows } = await trx.raw(`SELECT c.relname AS "table", a.attname::text AS name
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indisprimary AND c.relnamespace = current_schema()::regnamespace
    ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`);
  const keys = new Map<string, string[]>();
  for (const { table, name } of rows as { table: string; name: string }[]) keys.set(table, [...(keys.get(table) ?? []), name]);
  return keys;
}

/**
 * Inserts `rows` into `table` under a savepoint. When the target refuses the batch, the
 * savepoint is rolled back and the rows are inserted again one at a time, so that the
 * CopyError thrown names the row refused (`key`: the table's primary-key columns, for
 * rows without an id); the transaction is then left for the caller to roll back.
 */
async function insertBatch(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[], key: string[]): Promise<void> {
  await trx.raw('SAVEPOINT copy_batch');
  try {
    await trx(table).insert(rows);
  } catch (err) {
    await trx.raw('ROLLBACK TO SAVEPOINT copy_batch');
    for (const row of rows) {
      try {
        await trx(table).insert(row);
      } catch (rowErr) {
        throw new CopyError(table, rowLabel(row, key), reasonOf(rowErr));
      }
    }
    throw new CopyError(table, null, reasonOf(err)); // refused as a batch, accepted row by row
  }
  await trx.raw('RELEASE SAVEPOINT copy_batch');
}

/**
 * Copies the rows of `table` from the SQLite source into the target's transaction, in
 * batches of rowsPerInsert rows read by keyset (the rowid after the last one read: each
 * page an index seek, where OFFSET would walk every row before it, quadratic at millions
 * of rows). Answers the number of rows copied; throws CopyError when the target refuses one.
 */
async function copyTable(from: Db, trx: Knex.Transaction, table: string, types: Map<string, string>, key: string[], progress?: (table: string, copied: number, total: number) => void): Promise<number> {
  const total = await countOf(from, table);
  const page = rowsPerInsert(types.size);
  let copied = 0;
  progress?.(table, 0, total);
  for (let last = Number.MIN_SAFE_INTEGER; ;) {
    const rows: (Record<string, unknown> & { copy_rowid: number })[] = await from(table).select(from.raw('rowid as copy_rowid'), '*').where(from.raw('rowid'), '>', last).orderByRaw('rowid').limit(page);
    if (rows.length === 0) break;
    last = rows[rows.length - 1]!.copy_rowid;
    const converted = rows.map(({ copy_rowid: _, ...row }) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, convert(v, types.get(k))])));
    await insertBatch(trx, table, converted, key);
    copied += converted.length;
    progress?.(table, copied, total);
  }
  return copied;
}

/**
 * Migrates the copy's `side` database. One that cannot be reached or migrated throws
 * ConfigError (CLI exit 2, as for any database that cannot be opened): `cannot open the
 * target database: 127.0.0.1:5432: connection refused`.
 */
async function openMigrated(db: Db, side: 'source' | 'target'): Promise<void> {
  try {
    await migrate(db);
  } catch (err) {
    const { address, port } = err as { address?: string; port?: number };
    const where = address ? `${address}${port === undefined ? '' : `:${port}`}: ` : '';
    throw new ConfigError(`cannot open the ${side} database: ${where}${isOsError(err) ? describeOsError(err) : reasonOf(err)}`);
  }
}

/**
 * Copies every row of `from` (a SQLite database) into `to` (a PostgreSQL database), in one
 * transaction on `to`. Refuses (Conflict) a target holding rows unless `force` (then its
 * rows are deleted first, in the same transaction), a target that is not PostgreSQL or
 * lacks a table of the source (Invalid), and a database that cannot be opened or migrated
 * (ConfigError); these checks come before anything is written but the migrations.
 * `progress(table, copied, total)` follows each table (rows; `copied === total` when the
 * table is done, before the transaction commits). `secret`: the source's token signing secret (secret.key beside the SQLite file), which becomes the
 * target's, so sign-in tokens issued before the move stay valid and the copied player
 * passwords, sealed with it, still open. Throws CopyError when the copy fails: a row the
 * target refuses, a reference to a missing row, a table whose row count differs after the
 * copy (the source changed meanwhile), a lost connection; the target is then as it was
 * (but for the migrations run first). Answers each table's rows.
 */
export async function copyDatabase(from: Db, to: Db, opts: { force?: boolean; secret?: Uint8Array | null; progress?: (table: string, copied: number, total: number) => void } = {}): Promise<CopyReport> {
  if (dialectOf(to).name !== 'postgres') throw new Invalid('the target must be a PostgreSQL database (postgres://...)');
  await openMigrated(from, 'source');
  await openMigrated(to, 'target');
  const tables = await tablesInOrder(from);
  const present = new Set(await tablesInOrder(to));
  const missing = tables.filter((t) => !present.has(t));
  if (missing.length > 0) throw new Invalid(`the target has no table ${missing.join(', ')}`);
  const filled = [];
  for (const t of tables) if ((await countOf(to, t)) > 0) filled.push(t);
  if (filled.length > 0 && !opts.force) throw new Conflict(`the target database is not empty (${filled.join(', ')}); give --force to replace its rows`);

  const report: CopiedTable[] = [];
  // what the transaction is doing, for a failure that is no row's: a table, or a later step
  let table: string | null = null;
  let step = 'starting the copy';
  try {
    await to.transaction(async (trx) => {
      step = 'emptying the target';
      if (filled.length > 0) for (const t of [...tables].reverse()) await trx(t).delete();
      step = 'preparing the target';
      const keys = await primaryKeys(trx);
      for (const t of tables) await trx.raw(`ALTER TABLE ?? DISABLE TRIGGER USER`, [t]);
      const deferred = keysToDefer(await foreignKeys(trx), tables);
      await deferKeys(trx, deferred);

      const serial: string[] = [];
      for (const t of tables) {
        table = t;
        const types = await targetColumns(trx, t);
        if (types.has('id')) serial.push(t);
        report.push({ table: t, rows: await copyTable(from, trx, t, types, keys.get(t) ?? [], opts.progress) });
      }
      table = null;
      step = 'checking the references';
      await checkDeferredKeys(trx, deferred, (t) => keys.get(t) ?? []);
      await restoreKeys(trx, deferred);
      for (const t of tables) await trx.raw(`ALTER TABLE ?? ENABLE TRIGGER USER`, [t]);

      step = 'rebuilding the search index';
      // the search documents in one pass, their indexes built afterwards (far faster than
      // 100,000 GIN insertions); the index definitions are read back, not repeated here
      const { rows: indexes } = await trx.raw(`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'work_search' AND indexname <> 'work_search_pkey'`);
      for (const { name } of indexes as { name: string }[]) await trx.raw('DROP INDEX ??', [name]);
      await trx.raw('SELECT work_search_refresh(ARRAY(SELECT id FROM works))');
      await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const { def } of indexes as { def: string }[]) await trx.raw(def);
      step = 'writing the catalogue versions and the token secret';
      await trx('catalogue_version').update({ version: trx.raw('version + 1') });
      if (opts.secret) await trx('server_secrets').insert({ name: 'token', value: Buffer.from(opts.secret).toString('hex') }).onConflict('name').merge(['value']);
      step = 'analyzing the tables';
      await trx.raw('ANALYZE'); // planner statistics for the freshly filled tables (ANALYZE counts the transaction's own rows)

      step = 'comparing the row counts';
      for (const { table: t, rows } of report) {
        const [a, b] = [await countOf(from, t), await countOf(trx, t)];
        if (a !== b || b !== rows) throw new CopyError(t, null, `the source has ${a} rows and the target ${b} after copying ${rows} (did the source change during the copy?)`);
      }
      // last: a sequence's new value is kept even when the transaction rolls back
      step = 'setting the id sequences';
      for (const t of serial) {
        const { rows } = await trx.raw(`SELECT pg_get_serial_sequence(?, 'id') AS seq`, [t]);
        const seq = (rows as { seq: string | null }[])[0]?.seq;
        if (seq) await trx.raw(`SELECT setval(?, coalesce((SELECT max(id) FROM ??), 0) + 1, false)`, [seq, t]);
      }
      step = 'committing';
    });
  } catch (err) {
    if (err instanceof CopyError) throw err;
    throw table ? new CopyError(table, null, reasonOf(err)) : new CopyError(null, null, `${reasonOf(err)} (while ${step})`);
  }
  return { tables: report };
}
