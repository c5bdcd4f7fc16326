/**
 * Authentication (DESIGN section 6): `Authorization: Bearer <jwt>` or, for media
 * URLs, `?token=`. With `auth: false` every request acts as the admin (spec 000
 * section 6). Throws Unauthorized (401) for a missing or bad token, Forbidden (403) for a
 * role not allowed.
 */
import type Koa from 'koa';
import type { AppContext } from '../context.js';
import { verifyToken } from '../../users/index.js';
import { Forbidden, Unauthorized, say, type User } from '../../model/index.js';

/** Reads the token from the Authorization header, else the `token` query parameter. */
export function readToken(ctx: AppContext): string | null {
  const header = ctx.get('authorization');
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (m) return m[1]!.trim();
  const q = ctx.query.token;
  return typeof q === 'string' && q ? q : null;
}

/** Resolves the caller: the admin when auth is off, the token's user, or null. */
export async function resolveUser(ctx: AppContext): Promise<User | null> {
  const { config, db, secret } = ctx.services;
  if (!config.auth) return { name: 'admin', group: 'admin' };
  const token = readToken(ctx);
  return token ? verifyToken(db, secret, token) : null;
}

/** Requires a signed-in user (any group); sets ctx.state.user. */
export function requireUser(): Koa.Middleware {
  return async (ctx, next) => {
    const user = await resolveUser(ctx as AppContext);
    if (!user) throw new Unauthorized(say('auth.unauthorized'));
    ctx.state.user = user;
    await next();
  };
}

/** Requires a user allowed to write (admin or user); guests get 403. */
export function requireWriter(): Koa.Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user as User | undefined;
    if (!user) throw new Unauthorized(say('auth.unauthorized'));
    if (user.group === 'guest') throw new Forbidden(say('auth.guestReadOnly'));
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
