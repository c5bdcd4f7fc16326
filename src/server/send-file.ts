/**
 * File responses with the `send` package (DESIGN section 6): Range (206, `bytes=N-M`,
 * `bytes=N-`, suffix `bytes=-N`; 416 with `Content-Range: bytes *\/len`), If-Range
 * (ETag or date), conditional GET (ETag/Last-Modified, 304), HEAD, `Accept-Ranges:
 * bytes`. `send` opens the file at the range start and destroys the read stream when
 * the response finishes or the client goes away.
 */
import send from 'send';
import type { AppContext } from './context.js';
import { HttpError } from './middleware/errors.js';
import { say } from '../model/index.js';

export interface SendFileOptions {
  /** Content-Type of the answer (audio types from filetypes.ts mimeTypeOf). */
  type: string;
  /** Cache-Control value; default `private, no-cache` (revalidate with ETag). */
  cacheControl?: string;
}

/**
 * Answers the file at `absPath` (an absolute path the caller has already checked).
 * Resolves when the response is finished or the connection closed. Errors before the
 * answer starts (missing file, 416, 412) are thrown as HttpError for the error handler;
 * the 416 carries `Content-Range: bytes *\/len`.
 */
export async function sendFile(ctx: AppContext, absPath: string, opts: SendFileOptions): Promise<void> {
  const res = ctx.res;
  // Koa starts at 404 and send only sets 206/304 itself. Not `ctx.status`: Koa would also
  // fix the reason phrase ('OK'), which a 206 or 304 would then carry.
  res.statusCode = 200;
  ctx.set('Content-Type', opts.type);
  ctx.set('Cache-Control', opts.cacheControl ?? 'private, no-cache');
  await new Promise<void>((resolve, reject) => {
    // send decodes its path argument like a URL path: encode so '%' or '#' in names survive.
    const stream = send(ctx.req, encodeURIComponent(absPath), { dotfiles: 'allow', index: false });
    stream.on('error', (err: Error & { status?: number; headers?: Record<string, string> }) => {
      if (res.headersSent) {
        res.destroy();
        resolve();
        return;
      }
      // the file's headers go (securityHeaders() sets its own back)
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      const status = err.status ?? 500;
      const text = status === 416 ? say('media.rangeNotSatisfiable') : status === 404 ? say('api.notFound') : say('error.other', { reason: err.message || 'error' });
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      reject(new HttpError(status, text));
    });
    res.once('close', () => resolve());
    ctx.respond = false;
    stream.pipe(res);
  }).catch((err: unknown) => {
    ctx.respond = true;
    throw err;
  });
}
