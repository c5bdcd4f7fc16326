/**
 * Player passwords (src/subsonic/README.md "Authentication"): a second password per user
 * for music players. Subsonic's token sign-in sends md5(password + salt), which the server
 * can only check when it can read the password, so this one is stored encrypted, never
 * hashed: AES-256-GCM (node:crypto) under a key derived with HKDF-SHA256 from the server's
 * secret.key (config/load.ts loadSecret), the user name as additional authenticated data
 * (a row copied to another user does not decrypt). It must differ from the login password,
 * which stays a one-way scrypt hash.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import { Invalid, NotFound, say } from '../model/index.js';
import { findUser } from './accounts.js';
import { verifyPassword } from './password.js';
import { dbTime } from '../db/time.js';

const FORMAT = 'v1';

/** The AES key of player passwords: HKDF-SHA256 of the server secret, 32 bytes. */
function keyOf(secret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'audiolib player password', 32));
}

/** Encrypts `password` of `user`: 'v1.{iv}.{tag}.{ciphertext}', base64url parts. */
export function sealPlayerPassword(secret: Uint8Array, user: string, password: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(user, 'utf8'));
  const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Decrypts a sealed player password of `user`; null when it does not open (another secret.key, another user, a damaged row). */
export function openPlayerPassword(secret: Uint8Array, user: string, sealed: string): string | null {
  const [format, iv, tag, data] = sealed.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(user, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Sets `user`'s player password (already checked by `passwordSchema`: 5+ characters).
 * Throws NotFound for an unknown user, Invalid 'the player password must differ from the
 * login password' when it is the login password.
 */
export async function setPlayerPassword(db: Db, secret: Uint8Array, user: string, password: string): Promise<void> {
  const row = await findUser(db, user);
  if (!row) throw new NotFound(say('user.notFound', { names: user }));
  if (await verifyPassword(password, row.password)) throw new Invalid(say('playerAccess.samePassword'));
  const now = dbTime();
  await db('player_passwords')
    .insert({ user_name: user, secret: sealPlayerPassword(secret, user, password), updated_at: now })
    .onConflict('user_name')
    .merge(['secret', 'updated_at']);
}

/** Removes `user`'s player password; false when there was none. */
export async function clearPlayerPassword(db: Db, user: string): Promise<boolean> {
  return (await db('player_passwords').where({ user_name: user }).del()) > 0;
}

/** Whether `user` has a player password. */
export async function hasPlayerPassword(db: Db, user: string): Promise<boolean> {
  return Boolean(await db('player_passwords').where({ user_name: user }).first('user_name'));
}

/** `user`'s player password in clear, for a token check; null when none is set or it no longer opens. */
export async function readPlayerPassword(db: Db, secret: Uint8Array, user: string): Promise<string | null> {
  const row = await db('player_passwords').where({ user_name: user }).first<{ secret: string } | undefined>('secret');
  return row ? openPlayerPassword(secret, user, row.secret) : null;
}
