/**
 * Security headers on every answer: no MIME sniffing, no referrer to
 * other sites, no framing, and a content security policy for the web UI that
 * allows what the app uses: its own scripts, its own styles plus the style tags
 * Mantine injects ('unsafe-inline' for styles only), images from itself, blob:
 * and data: (covers, canvas snapshots), media from itself and blob: (the player,
 * desktop lyrics' picture-in-picture video), and its own API and WebSocket.
 */
import type Koa from 'koa';

/** The content security policy of the web UI, one directive per entry. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Sets the security headers on an answer. */
function setHeaders(ctx: Koa.Context): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
}

/**
 * Koa middleware setting the headers before the answer is produced (so streamed files
 * carry them too), and again afterwards, thrown errors included, while the headers are
 * not sent yet: an answer that cleared its headers on the way (a file answer turned
 * into a 416 or 404 error, send-file.ts) still carries them.
 */
export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    setHeaders(ctx);
    try {
      await next();
    } finally {
      if (!ctx.headerSent) setHeaders(ctx);
    }
  };
}
