/**
 * API keys (OpenSubsonic apiKeyAuthentication, src/subsonic/README.md "Authentication"):
 * random keys a user creates for a player and revokes one by one. A key is shown once,
 * when created; only its SHA-256 hash is stored (a key carries 192 random bits, so a fast
 * hash is enough and a lookup is one indexed query).
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import { NotFound, say, type ApiKeyInfo, type Group } from '../model/index.js';
import { dbTime, readTime } from '../db/time.js';
import { findUser, signedIn, type SignedIn } from './accounts.js';

/** Uses of a key are recorded at most this often (ms), so a playing phone does not write on every request. */
const LAST_USED_STEP_MS = 60 * 60 * 1000;

const hashOf = (key: string) => crypto.createHash('sha256').update(key, 'utf8').digest('hex');

interface KeyRow { id: number; name: string; created_at: string | number | Date; last_used_at: string | number | Date | null }

const present = (row: KeyRow): ApiKeyInfo => ({ id: row.id, name: row.name, created_at: readTime(row.created_at)!, last_used_at: readTime(row.last_used_at) ?? null });

/** Creates a key for `user`; answers the key (shown once) and its listing. Throws NotFound for an unknown user. */
export async function createApiKey(db: Db, user: string, name: string): Promise<{ key: string; apiKey: ApiKeyInfo }> {
  if (!(await findUser(db, user))) throw new NotFound(say('user.notFound', { names: user }));
  const key = `al_${crypto.randomBytes(24).toString('base64url')}`;
  const created_at = dbTime();
  const [inserted] = await db('api_keys').insert({ user_name: user, name, key_hash: hashOf(key), created_at }).returning('id');
  const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
  return { key, apiKey: present({ id, name, created_at, last_used_at: null }) };
}

/** `user`'s keys, oldest first (never the keys themselves). */
export async function listApiKeys(db: Db, user: string): Promise<ApiKeyInfo[]> {
  const rows: KeyRow[] = await db('api_keys').where({ user_name: user }).orderBy('id').select('id', 'name', 'created_at', 'last_used_at');
  return rows.map(present);
}

/** Revokes `user`'s key `id` at once. Throws NotFound when `user` has no such key. */
export async function revokeApiKey(db: Db, user: string, id: number): Promise<void> {
  if (!(await db('api_keys').where({ user_name: user, id }).del())) throw new NotFound(say('playerAccess.keyNotFound', { id, user }));
}

/** A key's row with its owner's account, as apiKeyOwner selects it. */
export interface ApiKeyOwnerRow { id: number; name: string; group: Group; account_id: string; marks_version: number | string; last_used_at: string | number | Date | null }

/**
 * The query of key `key`'s row with its owner's account (group as stored now; at most one
 * row of ApiKeyOwnerRow), for a caller that reads more in the same statement; keyUser
 * then records the use.
 */
export function apiKeyOwner(db: Db, key: string) {
  return db('api_keys as k').join('users as u', 'u.name', 'k.user_name').where('k.key_hash', hashOf(key))
    .select('k.id', 'u.name', 'u.group', 'u.account_id', 'u.marks_version', 'k.last_used_at');
}

/** The user of a key's row read with apiKeyOwner; records the use (at most once per LAST_USED_STEP_MS). */
export async function keyUser(db: Db, row: ApiKeyOwnerRow): Promise<SignedIn> {
  const last = readTime(row.last_used_at);
  if (!last || Date.now() - Date.parse(last) > LAST_USED_STEP_MS) await db('api_keys').where({ id: row.id }).update({ last_used_at: dbTime() });
  return signedIn(row);
}
