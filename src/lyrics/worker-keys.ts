/**
 * Worker keys (README "Security"): the credentials of AI lyric workers that are not the
 * admin. An admin creates a named key (`audiolib translate-key add`, the admin page);
 * the key itself, `alw_` + 43 base64url characters (32 random bytes), is shown once and
 * only its SHA-256 is stored. A worker sends it as `Authorization: Bearer <key>` to the
 * worker protocol routes (src/server/middleware/worker.ts); a revoked key never works
 * again and keeps its row for the list. One active key per name. Node only; errors are
 * Invalid, Conflict and NotFound (src/model/errors.ts).
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import { Conflict, Invalid, NotFound, say, type WorkerKey } from '../model/index.js';
import { dbTime, readTime } from '../db/time.js';

/** The prefix of every worker key: tells it apart from a sign-in token. */
export const WORKER_KEY_PREFIX = 'alw_';

/** Longest key name (characters). */
export const KEY_NAME_MAX = 64;

/** last_used_at is written at most this often per key (ms): a heartbeat every few seconds need not write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A worker_keys row. */
interface KeyRow {
  id: number;
  name: string;
  revoked: boolean | number;
  created_at: string | Date | number;
  last_used_at: string | Date | number | null;
}

const COLUMNS = ['id', 'name', 'revoked', 'created_at', 'last_used_at'] as const;

/** Presents a row (never the hash). */
function presentKey(row: KeyRow): WorkerKey {
  return {
    id: row.id,
    name: row.name,
    created_at: readTime(row.created_at),
    last_used_at: row.last_used_at === null ? null : readTime(row.last_used_at),
    revoked: Boolean(row.revoked),
  };
}

/** True for text shaped like a worker key (the prefix): the caller then checks it with authenticateWorkerKey. */
export function looksLikeWorkerKey(text: string): boolean {
  return text.startsWith(WORKER_KEY_PREFIX);
}

/** Hex SHA-256 of a key, as stored. */
const hashKey = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * A key name: trimmed, 1 to 64 characters, no control characters. Output: the trimmed
 * name. Throws Invalid.
 */
export function checkKeyName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || [...trimmed].length > KEY_NAME_MAX || /\p{Cc}/u.test(trimmed)) {
    throw new Invalid(say('workerKey.badName', { max: KEY_NAME_MAX }));
  }
  return trimmed;
}

/**
 * Creates a key named `name` (checkKeyName). Output: {key (the record), token (the key
 * itself: shown this once, never stored)}. Throws Invalid for a bad name, Conflict when
 * an active key has that name.
 */
export async function createWorkerKey(db: Db, name: string): Promise<{ key: WorkerKey; token: string }> {
  const clean = checkKeyName(name);
  const token = WORKER_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  const id = await db.transaction(async (trx) => {
    if (await trx('worker_keys').where({ name: clean, revoked: false }).first('id')) {
      throw new Conflict(say('workerKey.nameTaken', { name: clean }));
    }
    const [inserted] = await trx('worker_keys').insert({ name: clean, key_hash: hashKey(token), revoked: false, created_at: dbTime() }).returning('id');
    return typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
  });
  const row = (await db('worker_keys').where({ id }).first(COLUMNS)) as KeyRow;
  return { key: presentKey(row), token };
}

/** Every key, revoked ones included, oldest first. */
export async function listWorkerKeys(db: Db): Promise<WorkerKey[]> {
  const rows = (await db('worker_keys').orderBy('id').select(COLUMNS)) as KeyRow[];
  return rows.map(presentKey);
}

/**
 * Revokes a key by id (the admin page; a key already revoked is answered as it is) or
 * by name (the CLI: the active key of that name). From then on the key answers 401.
 * Output: the key. Throws NotFound.
 */
export async function revokeWorkerKey(db: Db, which: { id: number } | { name: string }): Promise<WorkerKey> {
  const find = () => ('id' in which ? db('worker_keys').where({ id: which.id }) : db('worker_keys').where({ name: which.name.trim(), revoked: false }));
  const row = (await find().first(COLUMNS)) as KeyRow | undefined;
  if (!row) throw new NotFound('id' in which ? say('workerKey.notFound', { id: which.id }) : say('workerKey.nameNotFound', { name: which.name.trim() }));
  if (!row.revoked) await db('worker_keys').where({ id: row.id }).update({ revoked: true, revoked_at: dbTime() });
  return presentKey((await db('worker_keys').where({ id: row.id }).first(COLUMNS)) as KeyRow);
}

/**
 * Checks a key a worker sent: answers its record when it is a known, active key (and
 * notes the use in last_used_at, at most once a minute), else null.
 */
export async function authenticateWorkerKey(db: Db, token: string): Promise<WorkerKey | null> {
  if (!looksLikeWorkerKey(token)) return null;
  const row = (await db('worker_keys').where({ key_hash: hashKey(token), revoked: false }).first(COLUMNS)) as KeyRow | undefined;
  if (!row) return null;
  const now = Date.now();
  const stale = dbTime(now - LAST_USED_RESOLUTION_MS);
  await db('worker_keys').where({ id: row.id }).andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', stale)).update({ last_used_at: dbTime(now) });
  return presentKey(row);
}
