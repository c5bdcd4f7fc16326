/**
 * Who may speak the AI lyric worker protocol (DESIGN section 7, README "Security"): the
 * admin (a sign-in token, or anyone while `auth` is off), or a worker key an admin
 * created (src/lyrics/worker-keys.ts), sent like a token: `Authorization: Bearer
 * alw_...` (or `?token=`). Listeners and guests may not: they would forge lyrics.
 */
import type Koa from 'koa';
import type { AppContext } from '../context.js';
import { readToken, resolveUser } from './auth.js';
import { authenticateWorkerKey, looksLikeWorkerKey } from '../../lyrics/worker-keys.js';
import { Forbidden, Unauthorized, say } from '../../model/index.js';

/**
 * Requires a worker: a worker key that is known and not revoked (else 401
 * {error: 'unknown or revoked worker key'}), or the admin; another signed-in user
 * gets 403, no or a bad token 401. Sets ctx.state.user for the admin.
 */
export function requireWorker(): Koa.Middleware {
  return async (ctx, next) => {
    const c = ctx as AppContext;
    const token = readToken(c);
    if (c.services.config.auth && token && looksLikeWorkerKey(token)) {
      if (!(await authenticateWorkerKey(c.services.db, token))) throw new Unauthorized(say('worker.unknownKey'));
      return next();
    }
    const user = await resolveUser(c);
    if (!user) throw new Unauthorized(say('auth.unauthorized'));
    if (user.group !== 'admin') throw new Forbidden(say('worker.only'));
    ctx.state.user = { name: user.name, group: user.group };
    await next();
  };
}
