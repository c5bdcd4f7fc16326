/**
 * Bearer tokens: HS256 JWTs signed with jose (DESIGN section 6). A token names one
 * account instance and what it was issued for: `sub` the account_id (a random id
 * stamped when the account was created, never reused), `name`, `grp` the group and
 * `ver` the token_version (bumped by a password change), with `iat` and a required
 * `exp`. Every request loads the account; a token is refused when the account is gone,
 * was created again under the same name (another account_id), changed its group or
 * password since, or when the token carries no expiry.
 */
import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../db/index.js';
import { findUser, signedIn, type SignedIn, type UserRow } from './accounts.js';

/**
 * The secret as a Web Crypto HMAC key, imported once per secret: jose verifies with Web
 * Crypto, and turns a raw secret or a node KeyObject into a CryptoKey again on every call
 * (about 80 µs of CPU a request, bench/README.md section "catalogue").
 */
const keys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function keyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])));
  return key;
}

/** Tokens whose signature was checked, by secret: a token text and its claims (at most VERIFIED_KEPT, oldest dropped first). */
const verified = new WeakMap<Uint8Array, Map<string, JWTPayload>>();
const VERIFIED_KEPT = 1000;

/**
 * The claims of `token` once its signature and required claims were checked with jose:
 * from `verified` when this text was checked before, so a request costs no HMAC (Web
 * Crypto runs it as a job of libuv's thread pool: a hand-off that costs the event loop
 * more than the HMAC itself, bench/README.md section "catalogue"). A signature that was
 * valid stays valid; the expiry is checked again on every call. Throws as jwtVerify.
 */
async function checkedClaims(secret: Uint8Array, token: string): Promise<JWTPayload> {
  let seen = verified.get(secret);
  if (!seen) verified.set(secret, (seen = new Map()));
  const known = seen.get(token);
  if (known && (known.exp ?? 0) * 1000 > Date.now()) return known;
  seen.delete(token);
  const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
  seen.set(token, payload);
  if (seen.size > VERIFIED_KEPT) seen.delete(seen.keys().next().value!);
  return payload;
}

/** Signs a token for the account `user` (its account_id, group and token_version) valid `expiresIn` seconds. */
export async function issueToken(secret: Uint8Array, user: Pick<UserRow, 'name' | 'group' | 'token_version' | 'account_id'>, expiresIn: number): Promise<string> {
  return new SignJWT({ name: user.name, grp: user.group, ver: user.token_version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.account_id)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(await keyOf(secret));
}

/** What a token claims: the account's name, account_id (`sub`), token_version (`ver`) and group (`grp`). */
export type TokenClaims = JWTPayload & { name: string };

/** The claims of `token` when its signature holds and it carries `exp`, `sub` and a name; null otherwise (bad, expired). */
export async function tokenClaims(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const payload = await checkedClaims(secret, token);
    return typeof payload.name === 'string' ? (payload as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Whether `claims` still name account `row` as it is: the same account_id, token_version and group. */
export const tokenMatches = (claims: TokenClaims, row: Pick<UserRow, 'account_id' | 'token_version' | 'group'>): boolean =>
  claims.sub === row.account_id && claims.ver === row.token_version && claims.grp === row.group;

/**
 * Verifies a token and loads its account. Returns the user {name, group, marks}, or null
 * for a bad signature, a missing or past `exp`, a token that no longer matches the
 * account (deleted, created again, group or password changed), or an account that could
 * not be read.
 */
export async function verifyToken(db: Db, secret: Uint8Array, token: string): Promise<SignedIn | null> {
  const claims = await tokenClaims(secret, token);
  const row = claims && await findUser(db, claims.name).catch(() => undefined);
  return claims && row && tokenMatches(claims, row) ? signedIn(row) : null;
}
