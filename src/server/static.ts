/**
 * Serves the built web UI (dist/web) with the SPA fallback: any GET outside /api
 * that is not a file answers index.html, so client routes (and the not-found
 * page) work on reload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Koa from 'koa';
import send from 'send';

/** dist/web beside dist/server (same from src/ under vitest, after a build). */
export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'web');

/** Koa middleware for the web UI; a missing build answers a plain hint. */
export function serveWeb(root = webRoot): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const index = path.join(root, 'index.html');
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web UI is not built: run `npm run build`.';
      return;
    }
    const rel = decodeURIComponent(ctx.path);
    const file = path.join(root, rel);
    const isFile = file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
    const target = isFile ? rel : '/index.html';
    // Koa's default status is 404; send only sets the status for 206/304/errors. Not
    // `ctx.status`: Koa would also fix the reason phrase ('OK') for those.
    ctx.res.statusCode = 200;
    ctx.respond = false;
    await new Promise<void>((resolve) => {
      const stream = send(ctx.req, target, {
        root,
        maxAge: target.startsWith('/assets/') ? '365d' : 0,
        immutable: target.startsWith('/assets/'),
      });
      stream.on('error', (err: { status?: number }) => {
        ctx.res.statusCode = err.status ?? 500;
        ctx.res.end();
        resolve();
      });
      stream.on('end', () => resolve());
      ctx.res.on('close', () => resolve());
      stream.pipe(ctx.res);
    });
  };
}
