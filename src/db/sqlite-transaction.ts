/**
 * knex's SQLite transaction, made safe for several writers (src/db/README.md "Writes on
 * SQLite"):
 *
 * - A write transaction takes SQLite's write lock when it begins (`BEGIN IMMEDIATE`), so
 *   a writer that must wait (another process's scan, a CLI command) waits up to
 *   BUSY_TIMEOUT_MS in SQLite's busy handler. A deferred `BEGIN` that reads first and
 *   writes later cannot wait: SQLite refuses the lock upgrade at once (SQLITE_BUSY) when
 *   another connection wrote since the read began.
 * - Within one process, write transactions take turns before they take a pooled
 *   connection (writeTurn): the pool's connections stay free for reads, and no
 *   connection sleeps in SQLite's busy handler on a thread-pool thread waiting for a
 *   sibling connection of the same process.
 * - A read-only transaction (`readOnly: true`, the dialect's `snapshot`) begins
 *   deferred: one snapshot, no write lock, no turn.
 * - Whatever way a top-level transaction ends in failure (a failed statement, a failed
 *   COMMIT, a failed ROLLBACK), its connection is rolled back before it goes back to the
 *   pool; a connection that cannot be rolled back is discarded by the pool. No
 *   connection is ever handed out inside a transaction, holding an old snapshot or the
 *   write lock.
 */
import type { Knex } from 'knex';
import type sqlite3 from 'sqlite3';
import KnexSQLiteTransaction from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';

/** How long a writer waits for the write lock (ms): SQLite's `busy_timeout`, and the same bound on waiting for this process's turn. */
export const BUSY_TIMEOUT_MS = 10_000;

/** The parts of knex's Transaction this class uses (knex ships no types for it). */
interface KnexTransaction {
  client: object;
  outerTx: unknown;
  readOnly?: boolean;
  query(conn: sqlite3.Database, sql: string): Promise<unknown>;
  acquireConnection(config: Knex.TransactionConfig | undefined, cb: (conn: sqlite3.Database) => Promise<unknown>): Promise<unknown>;
}

const Base = KnexSQLiteTransaction as unknown as new (...args: unknown[]) => KnexTransaction;

/** The end of each process-wide queue of write transactions, per knex client. */
const turns = new WeakMap<object, Promise<void>>();

/** Thrown when a write transaction waited BUSY_TIMEOUT_MS for its turn: the same code SQLite gives a writer that waited as long for the lock. */
export class WriteTimeoutError extends Error {
  code = 'SQLITE_BUSY';
  constructor() {
    super('SQLITE_BUSY: database is locked (waited for other writes of this process)');
  }
}

/**
 * Waits for this process's turn to write on `client` (first come, first served) and
 * resolves with the function that ends the turn. Rejects with WriteTimeoutError after
 * BUSY_TIMEOUT_MS; the turn is then given up and the queue goes on.
 */
export async function writeTurn(client: object): Promise<() => void> {
  const before = turns.get(client) ?? Promise.resolve();
  let end!: () => void;
  const mine = new Promise<void>((resolve) => (end = resolve));
  turns.set(client, before.then(() => mine));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), BUSY_TIMEOUT_MS)));
  const first = await Promise.race([before.then(() => 'turn' as const), timedOut]);
  clearTimeout(timer);
  if (first === 'timeout') {
    end(); // the writers queued behind this one wait for those before it, not for it
    throw new WriteTimeoutError();
  }
  return end;
}

/**
 * Rolls `conn` back if it is still inside a transaction. A connection that cannot be
 * rolled back is marked disposed: knex's pool closes it instead of handing it out again.
 */
function rollBackOrDiscard(conn: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => {
    conn.run('ROLLBACK', (err: Error | null) => {
      if (err && !/no transaction is active/.test(err.message)) (conn as unknown as { __knex__disposed: Error }).__knex__disposed = err;
      resolve();
    });
  });
}

/** knex's SQLite transaction with immediate write transactions, turns per process and a clean connection after any failure (see the file's comment). */
export class ImmediateTransaction extends Base {
  /** Top-level transactions only (nested ones are savepoints): BEGIN IMMEDIATE, or BEGIN DEFERRED when read-only. */
  begin(conn: sqlite3.Database): Promise<unknown> {
    return this.query(conn, this.readOnly ? 'BEGIN DEFERRED;' : 'BEGIN IMMEDIATE;');
  }

  /**
   * As knex's: acquires a connection and runs `cb` (the whole transaction, COMMIT or
   * ROLLBACK included) on it. A top-level write transaction waits for its turn first;
   * a top-level transaction that fails leaves its connection rolled back or discarded.
   */
  async acquireConnection(config: Knex.TransactionConfig | undefined, cb: (conn: sqlite3.Database) => Promise<unknown>): Promise<unknown> {
    if (this.outerTx || (config as { connection?: unknown } | undefined)?.connection) return super.acquireConnection(config, cb);
    const endTurn = this.readOnly ? undefined : await writeTurn(this.client);
    try {
      return await super.acquireConnection(config, async (conn) => {
        try {
          return await cb(conn);
        } catch (err) {
          await rollBackOrDiscard(conn);
          throw err;
        }
      });
    } finally {
      endTurn?.();
    }
  }
}
