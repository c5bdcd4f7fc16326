/**
 * Players, as Navidrome's (src/transcode/README.md "Per player"): each Subsonic client
 * name (`c`) a user signs in with at /rest is a player of that user, recorded when first
 * seen; each carries a default transcoding (maximum bit rate, format) that its streams
 * use when the call itself names none (the lower bit rate wins when both do). The user
 * sets them on /players, the admin also with `audiolib user player-transcode`.
 */
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { NotFound, say, type PlayerFormat, type PlayerInfo } from '../model/index.js';
import { accountOf, findUser, type SignedIn } from './accounts.js';
import { dbTime, readTime } from '../db/time.js';

/** A player's client name: 1 to 255 characters. */
export const playerClientSchema = z.string({ error: 'player name must be text' }).trim().min(1, 'player name must not be empty').max(255, 'player name length at most 255');

/** A player's transcoding settings. */
export interface PlayerTranscode {
  /** kbit/s, 0: no limit. */
  maxBitRate: number;
  format: PlayerFormat | null;
}

/** Player sightings are recorded at most this often (ms) per user and client, so a playing phone does not write on every call. */
const SEEN_STEP_MS = 60 * 60 * 1000;
/** When each account and client was last recorded by this process (by account id: a user deleted and made again under the same name is another account). */
const lastNoted = new Map<string, number>();

interface PlayerRow { id: number; client: string; max_bit_rate: number; format: PlayerFormat | null; created_at: string | number | Date; last_seen_at: string | number | Date | null }

const present = (row: PlayerRow): PlayerInfo => ({
  id: row.id, client: row.client, maxBitRate: Number(row.max_bit_rate), format: row.format ?? null,
  created_at: readTime(row.created_at)!, last_seen_at: readTime(row.last_seen_at) ?? null,
});

/**
 * Records that `user` (as signed in: name and account) called /rest with client name
 * `client` (the player is added when new; its `last_seen_at` moves at most once an hour
 * per account). One statement: concurrent first calls of one player add one row. A name
 * longer than 255 characters is cut. Throws the database's error (the sighting is then
 * recorded on a later call).
 */
export async function notePlayer(db: Db, signedIn: SignedIn, client: string): Promise<void> {
  const name = client.trim().slice(0, 255);
  if (!name) return;
  const user = signedIn.name;
  const key = `${accountOf(signedIn)}\0${name}`;
  const now = Date.now();
  if (now - (lastNoted.get(key) ?? 0) < SEEN_STEP_MS) return;
  lastNoted.set(key, now);
  const seen = dbTime(now);
  try {
    await db('players').insert({ user_name: user, client: name, last_seen_at: seen, created_at: seen }).onConflict(['user_name', 'client']).merge(['last_seen_at']);
  } catch (err) {
    lastNoted.delete(key); // the next call tries again
    throw err;
  }
}

/** `user`'s players, most recently seen first (never seen last). */
export async function listPlayers(db: Db, user: string): Promise<PlayerInfo[]> {
  const rows: PlayerRow[] = await db('players').where({ user_name: user })
    .orderByRaw('CASE WHEN last_seen_at IS NULL THEN 1 ELSE 0 END').orderBy('last_seen_at', 'desc').orderBy('id')
    .select('id', 'client', 'max_bit_rate', 'format', 'created_at', 'last_seen_at');
  return rows.map(present);
}

/** The defaults of `user`'s player `client`; no limit and no format when it has none (or no such player). */
export async function playerTranscode(db: Db, user: string, client: string | undefined): Promise<PlayerTranscode> {
  const row = client ? await db('players').where({ user_name: user, client: client.trim().slice(0, 255) }).first<PlayerRow | undefined>('max_bit_rate', 'format') : undefined;
  return { maxBitRate: row ? Number(row.max_bit_rate) : 0, format: row?.format ?? null };
}

/**
 * Sets the defaults of `user`'s player `id` that `settings` names (one statement; a field
 * left out keeps its value, none given changes nothing); answers the player. Throws
 * NotFound (`playerAccess.playerNotFound`) when `user` has no such player.
 */
export async function updatePlayer(db: Db, user: string, id: number, settings: Partial<PlayerTranscode>): Promise<PlayerInfo> {
  const change = {
    ...(settings.maxBitRate !== undefined && { max_bit_rate: settings.maxBitRate }),
    ...(settings.format !== undefined && { format: settings.format }),
  };
  const columns = ['id', 'client', 'max_bit_rate', 'format', 'created_at', 'last_seen_at'];
  const mine = db('players').where({ user_name: user, id });
  const rows: PlayerRow[] = Object.keys(change).length ? await mine.update(change).returning(columns) : await mine.select(columns);
  if (!rows.length) throw new NotFound(say('playerAccess.playerNotFound'));
  return present(rows[0]!);
}

/**
 * Sets the defaults of `user`'s player named `client`, adding the player when it has not
 * connected yet (the CLI); answers the player. Throws NotFound for an unknown user.
 */
export async function setPlayerTranscode(db: Db, user: string, client: string, settings: PlayerTranscode): Promise<PlayerInfo> {
  if (!(await findUser(db, user))) throw new NotFound(say('user.notFound', { names: user }));
  const rows: PlayerRow[] = await db('players').insert({ user_name: user, client, max_bit_rate: settings.maxBitRate, format: settings.format, created_at: dbTime() })
    .onConflict(['user_name', 'client']).merge(['max_bit_rate', 'format'])
    .returning(['id', 'client', 'max_bit_rate', 'format', 'created_at', 'last_seen_at']);
  return present(rows[0]!);
}
