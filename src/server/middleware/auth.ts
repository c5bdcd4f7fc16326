/**
 * Authentication (DESIGN section 6): `Authorization: Bearer <jwt>` or, for media
 * URLs, `?token=`. With `auth: false` every request acts as the admin (spec 000
 * section 6). Throws Unauthorized (401) for a missing or bad token, Forbidden (403) for a
 * role not allowed.
 */
import type Koa from 'koa';
import type { AppContext } from '../context.js';
import { verifyToken, type SignedIn, type Stamp } from '../../users/index.js';
import { assertWriter } from '../../users/policy.js';
import { catalogueCache, versionColumn, type CatalogueCache } from '../../catalogue/index.js';
import { Forbidden, Unauthorized, say, type User } from '../../model/index.js';

/** Reads the token from the Authorization header, else the `token` query parameter. */
export function readToken(ctx: AppContext): string | null {
  const header = ctx.get('authorization');
  const m = /^Bearer\s+(.+)$/i.exec(header);
  if (m) return m[1]!.trim();
  const q = ctx.query.token;
  return typeof q === 'string' && q ? q : null;
}

/**
 * Resolves the caller: the admin when auth is off, the token's user, or null. With
 * `stamp`, the user carries the value it read in the account's statement (users `Stamp`).
 */
export async function resolveUser(ctx: AppContext, stamp?: Stamp): Promise<SignedIn | null> {
  const { config, db, secret } = ctx.services;
  if (!config.auth) return { name: 'admin', group: 'admin' };
  const token = readToken(ctx);
  return token ? verifyToken(db, secret, token, stamp) : null;
}

/**
 * Requires a signed-in user (any group); sets ctx.state.user {name, group} and, read in
 * the same statement as the account, the audio catalogue's version for requestCatalogue.
 */
export function requireUser(): Koa.Middleware {
  return async (ctx, next) => {
    const c = ctx as AppContext;
    const user = await resolveUser(c, versionColumn(c.services.db));
    if (!user) throw new Unauthorized(say('auth.unauthorized'));
    c.state.user = { name: user.name, group: user.group };
    if ('stamp' in user) c.state.catalogueVersion = user.stamp as number | string | null;
    await next();
  };
}

/**
 * The audio catalogue's cache for this request (catalogue/cache.ts), opened once with the
 * version requireUser read with the account, or read now when it read none (auth off).
 */
export function requestCatalogue(ctx: AppContext): Promise<CatalogueCache> {
  return (ctx.state.catalogue ??= catalogueCache(ctx.services.db, 1, ctx.state.catalogueVersion));
}

/** Requires a user allowed to write (src/users/policy.ts: admin or user); guests get 403 `auth.guestReadOnly`. */
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
