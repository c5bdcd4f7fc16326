/**
 * Gzip for API answers (config `enableGzip`, spec 001 section 3): JSON and text
 * bodies of at least 1 KiB are gzipped when the client accepts gzip. Read per
 * request, so turning it on or off applies at once. Streams and files (media,
 * the web UI, which have their own caching and ranges) are left alone.
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import type Koa from 'koa';
import type { AppContext } from '../context.js';

const gzip = promisify(zlib.gzip);

/** Smallest body worth compressing, in bytes. */
export const GZIP_THRESHOLD = 1024;

/** Koa middleware compressing JSON and text answers while `enableGzip` is on. */
export function compressAnswers(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    const { config } = (ctx as AppContext).services;
    const body: unknown = ctx.body;
    if (!config.enableGzip || ctx.method === 'HEAD' || ctx.response.get('Content-Encoding')) return;
    if (body === null || body === undefined || body instanceof Readable || Buffer.isBuffer(body)) return;
    if (typeof body !== 'string' && typeof body !== 'object') return;
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    if (Buffer.byteLength(text) < GZIP_THRESHOLD) return;
    const type = ctx.type || (typeof body === 'string' ? 'text/plain' : 'application/json');
    ctx.body = await gzip(text);
    ctx.type = type;
    ctx.set('Content-Encoding', 'gzip');
  };
}
