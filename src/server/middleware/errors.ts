/**
 * Error handling (DESIGN section 6): every failure answers `{error: message}` with
 * its status; unexpected errors answer 500 without internals and are logged.
 */
import type Koa from 'koa';
import { ZodError } from 'zod';

/** An error with an HTTP status, answered as `{error: message}`. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly extra?: Record<string, unknown>) {
    super(message);
  }
}

/** Shorthands for the common statuses. */
export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'unauthorized') => new HttpError(401, m);
export const forbidden = (m = 'forbidden') => new HttpError(403, m);
export const notFound = (m = 'not found') => new HttpError(404, m);

/** Formats the first zod issue as "field: message". */
export function zodMessage(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'invalid input';
  const where = issue.path.join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Koa middleware turning thrown errors into `{error}` answers. */
export function errorHandler(): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { error: 'not found' };
      }
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.body = { error: err.message, ...err.extra };
      } else if (err instanceof ZodError) {
        ctx.status = 400;
        ctx.body = { error: zodMessage(err) };
      } else {
        const e = err as { status?: number; expose?: boolean; message?: string };
        if (e.status && e.status < 500 && e.expose !== false) {
          ctx.status = e.status;
          ctx.body = { error: e.message || 'bad request' };
        } else {
          ctx.status = 500;
          ctx.body = { error: 'internal server error' };
          ctx.app.emit('error', err, ctx);
        }
      }
    }
  };
}
