/**
 * Error handling (DESIGN section 6), the one place errors become answers: every failure
 * answers `{error: message, code, params}` with its status (`code` and `params` of the
 * message catalogue, src/model/messages.ts; `params` only when the text has some; a
 * domain error made from a plain string answers `error.other`). Domain errors
 * (src/model/errors.ts) by kind: Invalid 400 (422 with `errors: [{msg}]` on routes whose
 * validate step asks for it, spec 001 section 8), Unauthorized 401, Forbidden 403,
 * NotFound 404, Conflict 409, Locked 409 (a running scan, as DESIGN section 6 lists no
 * other status for it).
 * HttpError carries statuses of the transport itself (416, 429...); Koa's own client
 * errors (a malformed JSON body) keep their status, coded `request.bad` with their text as
 * `reason`. Anything else answers 500 `server.internal` without internals and is logged.
 * An unmatched /api/ path answers 404 `api.notFound`.
 */
import type Koa from 'koa';
import { DomainError, Invalid, say, textOfError, type CodedText, type ErrorAnswer, type ErrorKind, type ValidationErrorAnswer } from '../../model/index.js';
import type { AppState } from '../context.js';

/** An HTTP-level failure that is no domain error (a range past the end, too many sign-ins). */
export class HttpError extends Error {
  constructor(readonly status: number, readonly text: CodedText) {
    super(text.message);
  }
}

/** The refusal body of a coded text: `{error, code, params}`. */
export function errorBody({ message, code, params }: CodedText): ErrorAnswer {
  return { error: message, code, ...(params && { params }) };
}

const STATUS: Record<ErrorKind, number> = { invalid: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409, locked: 409 };

/** The status and body answering `err`; undefined when it is no known client error. */
function answerOf(err: unknown, state: AppState): { status: number; body: ErrorAnswer | ValidationErrorAnswer } | undefined {
  if (err instanceof Invalid && state.invalidStatus === 422) {
    return { status: 422, body: { ...errorBody(textOfError(err)), errors: err.issues.map((msg) => ({ msg })), ...err.details } };
  }
  if (err instanceof DomainError) return { status: STATUS[err.kind], body: { ...errorBody(textOfError(err)), ...err.details } };
  if (err instanceof HttpError) return { status: err.status, body: errorBody(err.text) };
  const e = err as { status?: number; expose?: boolean; message?: string };
  if (e.status && e.status < 500 && e.expose !== false) return { status: e.status, body: errorBody(say('request.bad', { reason: e.message || 'bad request' })) };
  return undefined;
}

/** Koa middleware turning thrown errors into `{error}` answers. */
export function errorHandler(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = errorBody(say('api.notFound'));
      }
    } catch (err) {
      const answer = answerOf(err, ctx.state);
      if (answer) {
        ctx.status = answer.status;
        ctx.body = answer.body;
      } else {
        ctx.status = 500;
        ctx.body = errorBody(say('server.internal'));
        ctx.app.emit('error', err, ctx);
      }
    }
  };
}
