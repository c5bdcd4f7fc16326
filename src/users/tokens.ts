/**
 * Bearer tokens: HS256 JWTs signed with jose (DESIGN section 6). A token names the
 * user and the user's token version; tokens issued before the user's last password
 * change (which bumps the version) or for a deleted user are refused.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/index.js';
import type { User } from '../model/index.js';
import { findUser } from './accounts.js';

/** Signs a token for `user` (with its current token_version) valid `expiresIn` seconds. */
export async function issueToken(secret: Uint8Array, user: User & { token_version: number }, expiresIn: number): Promise<string> {
  return new SignJWT({ name: user.name, ver: user.token_version })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(secret);
}

/**
 * Verifies a token and loads its user. Returns the user (group as stored now),
 * or null for a bad, expired or revoked token.
 */
export async function verifyToken(db: Db, secret: Uint8Array, token: string): Promise<User | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.name !== 'string') return null;
    const row = await findUser(db, payload.name);
    if (!row || payload.ver !== row.token_version) return null;
    return { name: row.name, group: row.group };
  } catch {
    return null;
  }
}
