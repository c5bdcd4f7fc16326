/**
 * Copies a whole audiolib database into an empty PostgreSQL one (`audiolib db copy`,
 * src/db/README.md "Moving to PostgreSQL"): both are migrated first; every table of the
 * source except knex's own, the search index and the version counters is copied in
 * foreign-key order, one transaction per table (the target's triggers off meanwhile);
 * then the search index is rebuilt, the catalogue versions bumped, the id sequences set
 * past the copied ids, the source's token secret made the target's (secret.ts), the tables
 * analyzed, and every table's row count compared.
 */
import type { Db } from './knex.js';
import { migrate } from './knex.js';
import { dialectOf } from './dialect/index.js';
import { Conflict, Invalid } from '../model/index.js';

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
async function targetColumns(to: Db, table: string): Promise<Map<string, string>> {
  const { rows } = await to.raw(`SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`, [table]);
  return new Map(rows.map((r: { column_name: string; data_type: string }) => [r.column_name, r.data_type]));
}

/** A SQLite value as the PostgreSQL column of `type` takes it (booleans from 0/1, times from epoch ms). */
function convert(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return Boolean(Number(value));
  if (type?.startsWith('timestamp') && typeof value === 'number') return new Date(value).toISOString();
  return value;
}

const countOf = async (db: Db, table: string) => Number((await db(table).count({ n: '*' }).first())?.n ?? 0);

/**
 * Copies every row of `from` into `to` (a PostgreSQL database). Refuses (Conflict) a
 * target holding rows unless `force` (then its rows are deleted first), and a target that
 * is not PostgreSQL (Invalid). `progress(table, copied, total)` follows each table.
 * `secret`: the source's token signing secret (secret.key beside the SQLite file), which
 * becomes the target's, so sign-in tokens issued before the move stay valid and the
 * copied player passwords, sealed with it, still open. Throws when a table's row count
 * differs after the copy. Answers each table's rows.
 */
export async function copyDatabase(from: Db, to: Db, opts: { force?: boolean; secret?: Uint8Array | null; progress?: (table: string, copied: number, total: number) => void } = {}): Promise<CopyReport> {
  if (dialectOf(to).name !== 'postgres') throw new Invalid('the target must be a PostgreSQL database (postgres://...)');
  await migrate(from);
  await migrate(to);
  const tables = await tablesInOrder(from);
  const present = new Set(await tablesInOrder(to));
  const missing = tables.filter((t) => !present.has(t));
  if (missing.length > 0) throw new Invalid(`the target has no table ${missing.join(', ')}`);
  const filled = [];
  for (const t of tables) if ((await countOf(to, t)) > 0) filled.push(t);
  if (filled.length > 0 && !opts.force) throw new Conflict(`the target database is not empty (${filled.join(', ')}); give --force to replace its rows`);
  if (filled.length > 0) {
    await to.transaction(async (trx) => {
      for (const t of [...tables].reverse()) await trx(t).delete();
    });
  }

  const report: CopiedTable[] = [];
  const serial: string[] = [];
  for (const table of tables) {
    const total = await countOf(from, table);
    const types = await targetColumns(to, table);
    if (types.has('id')) serial.push(table);
    let copied = 0;
    opts.progress?.(table, 0, total);
    await to.transaction(async (trx) => {
      await trx.raw(`ALTER TABLE ?? DISABLE TRIGGER USER`, [table]);
      const page = rowsPerInsert(types.size);
      // pages by keyset (rowid after the last one read): each page an index seek, where
      // OFFSET would walk every row before it (quadratic at millions of rows)
      for (let last = Number.MIN_SAFE_INTEGER; ;) {
        const rows: (Record<string, unknown> & { copy_rowid: number })[] = await from(table).select(from.raw('rowid as copy_rowid'), '*').where(from.raw('rowid'), '>', last).orderByRaw('rowid').limit(page);
        if (rows.length === 0) break;
        last = rows[rows.length - 1]!.copy_rowid;
        const converted = rows.map(({ copy_rowid: _, ...row }) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, convert(v, types.get(k))])));
        await trx(table).insert(converted);
        copied += converted.length;
        opts.progress?.(table, copied, total);
      }
      await trx.raw(`ALTER TABLE ?? ENABLE TRIGGER USER`, [table]);
    });
    report.push({ table, rows: copied });
  }

  await to.transaction(async (trx) => {
    // the search documents in one pass, their indexes built afterwards (far faster than
    // 100,000 GIN insertions); the index definitions are read back, not repeated here
    const { rows: indexes } = await trx.raw(`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'work_search' AND indexname <> 'work_search_pkey'`);
    for (const { name } of indexes as { name: string }[]) await trx.raw('DROP INDEX ??', [name]);
    await trx.raw('SELECT work_search_refresh(ARRAY(SELECT id FROM works))');
    await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const { def } of indexes as { def: string }[]) await trx.raw(def);
    await trx('catalogue_version').update({ version: trx.raw('version + 1') });
    if (opts.secret) await trx('server_secrets').insert({ name: 'token', value: Buffer.from(opts.secret).toString('hex') }).onConflict('name').merge(['value']);
    for (const table of serial) {
      const { rows } = await trx.raw(`SELECT pg_get_serial_sequence(?, 'id') AS seq`, [table]);
      const seq = (rows as { seq: string | null }[])[0]?.seq;
      if (seq) await trx.raw(`SELECT setval(?, coalesce((SELECT max(id) FROM ??), 0) + 1, false)`, [seq, table]);
    }
  });

  await to.raw('ANALYZE'); // planner statistics for the freshly filled tables
  for (const { table, rows } of report) {
    const [a, b] = [await countOf(from, table), await countOf(to, table)];
    if (a !== b || b !== rows) throw new Error(`row counts differ after the copy: ${table} has ${a} rows in the source, ${b} in the target`);
  }
  return { tables: report };
}
