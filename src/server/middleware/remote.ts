/**
 * `blockRemoteConnection` (spec 001 section 3): when on, only clients on this
 * machine (loopback addresses) are served; others get 403 {error}. The setting is
 * read per request, so turning it on or off applies at once. The realtime
 * socket checks the same decision (`isRemoteBlocked`) on upgrade.
 */
import net from 'node:net';
import type Koa from 'koa';
import type { Config } from '../../config/index.js';
import type { AppContext } from '../context.js';
import { Forbidden, say } from '../../model/index.js';

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.y.z). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/** Whether a client at `address` (the socket's remote address) is refused under `config`. */
export function isRemoteBlocked(config: Pick<Config, 'blockRemoteConnection'>, address: string | undefined): boolean {
  return config.blockRemoteConnection && !isLoopbackAddress(address);
}

/** Koa middleware answering 403 to non-loopback clients while blockRemoteConnection is on. */
export function blockRemote(): Koa.Middleware {
  return async (ctx, next) => {
    const { config } = (ctx as AppContext).services;
    if (isRemoteBlocked(config, ctx.req.socket.remoteAddress)) throw new Forbidden(say('auth.remoteBlocked'));
    await next();
  };
}
