/**
 * Signing in, on every call (README.md "Authentication"): `apiKey` (OpenSubsonic
 * apiKeyAuthentication; with `u` too: code 43; unknown or revoked: code 44), or `u` with
 * `p` (plain or `enc:` hex; the player password or the login password) or with `t` and `s`
 * (t = md5(player password + s); a user without a player password: code 41). A wrong
 * name or password answers code 40; no `u` and no `apiKey`, code 10. Password and token
 * sign-ins go through the server's sign-in guard, the one of POST /api/auth/me
 * (src/server/middleware/throttle.ts: per address, per account with backoff, sparing an
 * account at an address it signed in from before): a refused attempt answers HTTP 429
 * with code 0 and Retry-After before the password is checked. An API key (192 random
 * bits: nothing to guess) is looked up first: a valid one is never refused; an unknown
 * one counts as a failure of account '' at the address and is refused like a password.
 * With `auth: false` every call acts as the admin.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../server/context.js';
import { tooManyFailures, type LoginGuard } from '../server/middleware/throttle.js';
import { authenticate, readPlayerPassword, signedIn } from '../users/index.js';
import { accountSession, apiKeySession, type Session } from '../server/middleware/session-read.js';
import { Code, SubsonicError, missing } from './errors.js';
import type { Params } from './params.js';

/** Equal texts, compared in constant time (through their digests, so lengths may differ). */
function sameText(a: string, b: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}

/** The password of `p`: plain, or `enc:` followed by its UTF-8 bytes in hex; null for bad hex. */
function plainPassword(p: string): string | null {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : null;
}

/**
 * The session of `u` + `p`: the player password first (no hashing cost; the account read
 * with the catalogue's version, session-read.ts), then the login password (no version read).
 */
async function byPassword(ctx: AppContext, name: string, p: string): Promise<Session | null> {
  const { db, secret } = ctx.services;
  const password = plainPassword(p);
  if (password === null) return null;
  const player = await readPlayerPassword(db, secret, name);
  if (player !== null && sameText(player, password)) {
    const found = await accountSession(db, name);
    return found ? { user: signedIn(found.row), versions: found.versions } : null;
  }
  const row = await authenticate(db, name, password);
  return row ? { user: signedIn(row), versions: {} } : null;
}

/** The session of `u` + `t` + `s` (the account read with the catalogue's version); throws code 41 when the user has no player password to check the token with. */
async function byToken(ctx: AppContext, name: string, token: string, salt: string): Promise<Session | null> {
  const { db, secret } = ctx.services;
  const found = await accountSession(db, name);
  if (!found) return null;
  const player = await readPlayerPassword(db, secret, name);
  if (player === null) {
    throw new SubsonicError(Code.TokenNotSupported, 'token authentication needs a player password: set one in the web settings or with `audiolib user player-password`');
  }
  const expected = crypto.createHash('md5').update(player + salt, 'utf8').digest('hex');
  return sameText(expected, token.toLowerCase()) ? { user: signedIn(found.row), versions: found.versions } : null;
}

/**
 * The caller's session of a call with `params` (session-read.ts: the user, and the audio
 * catalogue's version read with the account, except after a login-password sign-in or
 * with auth off), or a SubsonicError (codes 10, 40, 41, 43, 44; 0 with HTTP 429 while
 * `guard` refuses). A wrong credential counts as a failed sign-in.
 */
export async function signIn(ctx: AppContext, params: Params, guard: LoginGuard): Promise<Session> {
  if (!ctx.services.config.auth) return { user: { name: 'admin', group: 'admin' }, versions: {} };
  const apiKey = params.get('apiKey');
  const name = params.get('u');
  if (apiKey !== undefined && name !== undefined) throw new SubsonicError(Code.ConflictingAuth, 'give either apiKey or u, not both');
  if (apiKey === undefined && !name) throw missing('u');
  const p = params.get('p');
  const [token, salt] = [params.get('t'), params.get('s')];
  if (apiKey === undefined && p === undefined && !(token && salt)) throw missing(token ? 's' : 'p');

  const keySession = apiKey === undefined ? null : await apiKeySession(ctx.services.db, apiKey);
  const account = apiKey === undefined ? name! : '';
  const wait = keySession ? 0 : guard.waitFor(account, ctx.ip);
  if (wait > 0) throw new SubsonicError(Code.Generic, tooManyFailures(ctx, wait).message, 429);
  let session: Session | null;
  if (apiKey !== undefined) session = keySession;
  else if (p !== undefined) session = await byPassword(ctx, name!, p);
  else session = await byToken(ctx, name!, token!, salt!);
  if (!session) {
    guard.fail(account, ctx.ip);
    throw apiKey !== undefined ? new SubsonicError(Code.InvalidApiKey, 'invalid API key') : new SubsonicError(Code.WrongCredentials, 'Wrong username or password');
  }
  guard.succeed(session.user.name, ctx.ip);
  return session;
}
