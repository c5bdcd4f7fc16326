/**
 * PostgreSQL features that need a connection of their own, outside the knex pool
 * (src/db/README.md "Several instances"):
 * - session advisory locks: held as long as the connection lives, so a crashed or killed
 *   process releases its lock when the server drops its connection;
 * - LISTEN/NOTIFY: messages every instance on the database receives.
 * On SQLite these answer null / do nothing: one database file has one server.
 * Also `isConnectionLost`: whether a failed database call failed because the server could
 * not be reached (a restart, a network failure) rather than because of the statement.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Knex } from 'knex';
import { dialectOf } from './index.js';

/**
 * The pg driver, loaded on first use rather than imported at the top: requiring pg costs
 * about 60 ms (on node 20 it loads node's internal undici to probe for Cloudflare's
 * runtime), which SQLite users, the TUI's start first (bench/tui), need not pay.
 */
export const requirePg = (): typeof pg => createRequire(import.meta.url)('pg') as typeof pg;

/** A new connection to the database of `db` (PostgreSQL only), outside its pool. */
async function dedicatedClient(db: Knex): Promise<pg.Client> {
  const settings = (db.client as { connectionSettings: string | pg.ClientConfig }).connectionSettings;
  // knex keeps the password as a hidden (non-enumerable) property: a spread alone drops it
  const client = new (requirePg().Client)(typeof settings === 'string' ? { connectionString: settings } : { ...settings, password: settings.password });
  client.on('error', () => undefined); // a dropped connection ends the session; its owner sees 'end'
  await client.connect();
  return client;
}

/**
 * A held advisory lock; `release()` unlocks it and closes its connection. `lost` aborts
 * when that connection ends before `release()` (the server restarted or dropped it, the
 * network failed): the lock is gone then, and another session may take it.
 */
export interface HeldLock { release(): Promise<void>; lost: AbortSignal }

/**
 * Tries to take the session advisory lock `key` (a 64-bit integer) on a connection of its
 * own. Answers the held lock, or null when another session holds it. PostgreSQL only.
 */
export async function tryAdvisoryLock(db: Knex, key: bigint): Promise<HeldLock | null> {
  const client = await dedicatedClient(db);
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [key.toString()]);
    if (!rows[0]?.ok) {
      await client.end();
      return null;
    }
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  let released = false;
  const lost = new AbortController();
  client.on('end', () => {
    if (!released) lost.abort(new Error('the database connection holding the lock ended'));
  });
  return {
    lost: lost.signal,
    async release() {
      if (released) return;
      released = true;
      await client.end().catch(() => undefined); // closing the session unlocks
    },
  };
}

/** Runs `fn` while holding the advisory lock `key`, waiting for it first (PostgreSQL only). */
export async function withAdvisoryLock<T>(db: Knex, key: bigint, fn: () => Promise<T>): Promise<T> {
  const client = await dedicatedClient(db);
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [key.toString()]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether any session holds the advisory lock `key`. PostgreSQL only. */
export async function advisoryLockHeld(db: Knex, key: bigint): Promise<boolean> {
  const hi = Number(key >> 32n);
  const lo = Number(key & 0xffffffffn);
  // pg_locks shows a bigint key as classid (high 32 bits) and objid (low 32 bits), objsubid 1
  const row = await db.first(db.raw('1 AS held')).from('pg_locks').where({ locktype: 'advisory', objsubid: 1, granted: true })
    .whereRaw('classid::bigint = ? AND objid::bigint = ?', [hi, lo]).andWhereRaw('database = (SELECT oid FROM pg_database WHERE datname = current_database())');
  return row !== undefined;
}

/** A channel subscription; `close()` stops listening. */
export interface Listener { close(): Promise<void> }

/**
 * Calls `onMessage(payload)` for every NOTIFY on `channel` (a plain identifier), from
 * any session on the database, this one's own included. The connection is re-opened
 * after a drop, every second until that succeeds (messages sent meanwhile are lost). Answers null on SQLite.
 */
export async function listen(db: Knex, channel: string, onMessage: (payload: string) => void): Promise<Listener | null> {
  if (dialectOf(db).name !== 'postgres') return null;
  let closed = false;
  let client: pg.Client | null = null;
  // after a drop, try again every second until a connection listens (or close() is called)
  const reopen = (): void => { if (!closed) setTimeout(() => void open().catch(reopen), 1000).unref(); };
  const open = async (): Promise<void> => {
    const c = await dedicatedClient(db);
    c.on('notification', (n) => { if (n.channel === channel && n.payload !== undefined) onMessage(n.payload); });
    c.on('end', reopen);
    try {
      if (closed) throw new Error('closed');
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeListener('end', reopen); // one retry path: the caller's catch
      await c.end().catch(() => undefined);
      if (closed) return;
      throw err;
    }
    client = c;
  };
  await open();
  return {
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Largest NOTIFY payload PostgreSQL takes (bytes, less than 8000). */
export const MAX_NOTIFY_BYTES = 7900;

/** Sends `payload` on `channel` to every listener (PostgreSQL; nothing on SQLite). A payload over MAX_NOTIFY_BYTES is not sent (false). */
export async function notify(db: Knex, channel: string, payload: string): Promise<boolean> {
  if (dialectOf(db).name !== 'postgres' || Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) return false;
  await db.raw('SELECT pg_notify(?, ?)', [channel, payload]);
  return true;
}

/** Socket error codes of a connection that could not be made or broke. */
const SOCKET_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * Whether `err`, the rejection of a database call (knex or the pg driver), says the
 * connection to the server was lost or could not be made, rather than the statement
 * failed: SQLSTATE class 08 (connection exception) or 57P01-57P03 (the server shuts down,
 * crashed, or is starting up), a socket that was refused, reset or not found (a connect
 * of the unix socket of a stopped server fails with ENOENT), the pg driver's own
 * "Connection terminated" and "not queryable" errors, and knex's timeout waiting for a
 * connection. False for anything else, SQLite errors included (a local file has no
 * connection to lose). Only for errors of database calls: a file's ENOENT is no lost
 * connection, and is told apart only by its syscall.
 */
export function isConnectionLost(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; syscall?: unknown; name?: unknown; message?: unknown };
  if (typeof e.code === 'string' && (/^08/.test(e.code) || /^57P0[123]$/.test(e.code) || SOCKET_LOST.has(e.code))) return true;
  if (e.syscall === 'connect') return true;
  if (e.name === 'KnexTimeoutError') return true;
  return typeof e.message === 'string' && /Connection terminated|is not queryable/.test(e.message);
}
