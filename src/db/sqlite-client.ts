/**
 * knex's SQLite client with prepared statements kept per connection (CPU per
 * request: bench/README.md section "catalogue").
 *
 * node-sqlite3 runs `db.all(sql, …)` as three jobs on libuv's thread pool, each with its
 * own hop back to the main thread: prepare, step, finalize. A statement prepared once and
 * run again is one job: about a third of the driver's cost a statement. This client keeps
 * the last STATEMENTS_PER_CONNECTION statements of each connection by their SQL text and
 * runs every query (reads, writes, BEGIN and COMMIT alike) through them. Results are the
 * driver's, unchanged: rows for `all`, and `lastID` / `changes` for `run`.
 *
 * Safe to keep: `all` and `run` step a statement to its end, and a statement that fails is
 * reset before its error is answered, so no statement holds a read transaction (and its
 * snapshot) open between queries; SQLite re-prepares a kept statement by itself after a
 * schema change; node-sqlite3 queues the runs of one statement, so concurrent queries on
 * one connection (a transaction's) take turns; a connection's statements are finalized
 * before it closes.
 */
import type { Knex } from 'knex';
import type sqlite3 from 'sqlite3';
// knex's own SQLite client class (not in knex's public types: knex-dialects.d.ts); imported,
// not required, so the TUI bundle holds it with the rest of knex instead of loading a second
// knex from node_modules at start
import KnexSQLite3 from 'knex/lib/dialects/sqlite3/index.js';
import { ImmediateTransaction } from './sqlite-transaction.js';

const ClientSQLite3 = KnexSQLite3 as new (config: Knex.Config) => { destroyRawConnection(connection: sqlite3.Database): Promise<void> };

/** Statements kept per connection (least recently used finalized first). */
const STATEMENTS_PER_CONNECTION = 128;

/** A kept statement; `ready` settles when SQLite has prepared it (rejects with its error). */
interface Kept { statement: sqlite3.Statement; ready: Promise<void>; prepared: boolean }

/** The kept statements of each open connection, by SQL text, in order of last use. */
const kept = new WeakMap<sqlite3.Database, Map<string, Kept>>();

/**
 * The kept statement of `sql` on `conn`, prepared now if absent. One that fails to prepare
 * is dropped (node-sqlite3 then drops the runs queued on it without calling them back, so
 * a run waits for `ready` first).
 */
function keptOf(conn: sqlite3.Database, sql: string): Kept {
  let statements = kept.get(conn);
  if (!statements) kept.set(conn, (statements = new Map()));
  let entry = statements.get(sql);
  if (entry) statements.delete(sql); // re-inserted below as the most recently used
  else {
    const made: Kept = { statement: undefined as unknown as sqlite3.Statement, ready: Promise.resolve(), prepared: false };
    made.ready = new Promise<void>((resolve, reject) => {
      made.statement = conn.prepare(sql, (err) => (err ? reject(err) : resolve()));
    });
    made.ready.then(() => { made.prepared = true; }, () => { if (statements.get(sql) === made) statements.delete(sql); });
    entry = made;
    if (statements.size >= STATEMENTS_PER_CONNECTION) {
      const [oldest, old] = statements.entries().next().value!;
      statements.delete(oldest);
      old.statement.finalize(); // queued after that statement's pending runs
    }
  }
  statements.set(sql, entry);
  return entry;
}

/** What knex's runner hands `_query`: the SQL, its bindings and the call's kind. */
interface QueryObject { sql: string; bindings?: unknown[]; method?: string; returning?: unknown; response?: unknown; context?: { lastID: number; changes: number } }

/** knex's sqlite3 client, its queries run through keptOf. */
export class PreparedSqliteClient extends ClientSQLite3 {
  /** The closes of this client's connections, chained: see destroyRawConnection. */
  private closing: Promise<void> = Promise.resolve();

  /**
   * Finalizes the connection's kept statements, then closes it as knex does: SQLite
   * refuses to close a connection with statements left (and would keep its -wal file).
   * One close at a time: knex destroys a pool's connections all at once, and two
   * connections closing together each see the other still open, so neither is the last
   * close that checkpoints and removes the -wal file (it was left behind about one time
   * in eight).
   */
  destroyRawConnection(connection: sqlite3.Database): Promise<void> {
    const close = async () => {
      const statements = [...(kept.get(connection)?.values() ?? [])];
      kept.delete(connection);
      await Promise.all(statements.map(({ statement }) => new Promise<void>((resolve) => statement.finalize(() => resolve()))));
      await super.destroyRawConnection(connection);
    };
    const closed = this.closing.then(close);
    this.closing = closed.catch(() => undefined);
    return closed;
  }

  /** A transaction of this client: ImmediateTransaction (sqlite-transaction.ts). */
  transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }

  /** As knex's `_query`: resolves `obj` with `response` (rows, or the run's result) and `context` ({lastID, changes}). */
  async _query(connection: sqlite3.Database, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    const write = obj.method === 'counter' || obj.method === 'del' || ((obj.method === 'insert' || obj.method === 'update') && !obj.returning);
    const { statement, ready, prepared } = keptOf(connection, obj.sql);
    if (!prepared) await ready; // rejects with SQLite's preparation error
    return new Promise((resolve, reject) => {
      const done = function (this: sqlite3.RunResult, err: Error | null, response?: unknown) {
        // a statement that failed (SQLITE_BUSY above all) stays active until it is reset, and
        // an active statement keeps its connection's read transaction: reset it first
        if (err) return statement.reset(() => reject(err));
        obj.response = response;
        obj.context = { lastID: this.lastID, changes: this.changes }; // copied: the next run of the statement overwrites them
        resolve(obj);
      };
      if (write) statement.run(obj.bindings ?? [], done);
      else statement.all(obj.bindings ?? [], done);
    });
  }
}
