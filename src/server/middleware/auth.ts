/**
 * Authentication (DESIGN section 6): `Authorization: Bearer <jwt>` or, for media
 * URLs, `?token=`. With `auth: false` every request acts as the admin (spec 000
 * section 6). Throws Unauthorized (401) for a missing or bad token, Forbidden (403) for a
 * role not allowed.
 */
import type Koa from 'koa';
import type { AppContext } from '../context.js';
import type { SignedIn } from '../../users/index.js';
import { assertWriter } from '../../model/index.js';
import { readContext } from '../../catalogue/index.js';
import { tokenSession, type Session } from './session-read.js';
import { Forbidden, Unauthorized, say, type User } from '../../model/index.js';

/** Reads the token from the Authorization header, else the `token` query parameter. */
export function readToken(ctx: AppContext): string | null {
  const header = ctx.get('authorization');
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (m) return m[1]!.trim();
  const q = ctx.query.token;
  return typeof q === 'string' && q ? q : null;
}

/** The caller's session: the admin when auth is off (no version read), the token's account (session-read.ts), or null. */
async function resolveSession(ctx: AppContext): Promise<Session | null> {
  const { config, db, secret } = ctx.services;
  if (!config.auth) return { user: { name: 'admin', group: 'admin' }, versions: {} };
  const token = readToken(ctx);
  return token ? tokenSession(db, secret, token) : null;
}

/** Resolves the caller: the admin when auth is off, the token's user, or null. */
export async function resolveUser(ctx: AppContext): Promise<SignedIn | null> {
  return (await resolveSession(ctx))?.user ?? null;
}

/**
 * Requires a signed-in user (any group); sets ctx.state.user {name, group} and
 * ctx.state.read, the request's read context (src/catalogue/context.ts) for the caller,
 * with the audio catalogue's version read in the account's statement (session-read.ts).
 */
export function requireUser(): Koa.Middleware {
  return async (ctx, next) => {
    const c = ctx as AppContext;
    const session = await resolveSession(c);
    if (!session) throw new Unauthorized(say('auth.unauthorized'));
    const user = { name: session.user.name, group: session.user.group };
    c.state.user = user;
    c.state.read = readContext(c.services.db, user, session.versions);
    await next();
  };
}

/** Requires a user allowed to write (src/model/policy.ts: admin or user); guests get 403 `auth.guestReadOnly`. */
export function requireWriter(): Koa.Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user as User | undefined;
    if (!user) throw new Unauthorized(say('auth.unauthorized'));
    assertWriter(user);
    await next();
  };
}

/** Requires the admin group; others get 403. */
export function requireAdmin(): Koa.Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user as User | undefined;
    if (!user) throw new Unauthorized(say('auth.unauthorized'));
    if (user.group !== 'admin') throw new Forbidden(say('auth.adminOnly'));
    await next();
  };
}
