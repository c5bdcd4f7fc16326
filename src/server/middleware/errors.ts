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
 * `reason`. A write that waited the database's whole busy timeout for another process's
 * write lock (SQLITE_BUSY, src/db/README.md "Writes on SQLite") answers 503 `server.busy`
 * with `Retry-After`: nothing was written, and the client may send it again.
 * Anything else answers 500 `server.internal` without internals and is logged.
 * An unmatched /api/ path answers 404 `api.notFound`.
 * No answer carries a server path it was not given: text that comes from some other
 * error's message (`error.other`, `request.bad`, and every `reason` parameter) has its
 * absolute paths cut to their last segment (`withoutPaths`) before it goes out.
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

/** An absolute path inside quotes ('/tmp/x y/z.txt', as Node's system errors quote them): group 2. */
const QUOTED_PATH = /(['"`])(\/[^'"`\n]*|[A-Za-z]:\\[^'"`\n]*)\1/g;
/** An absolute path standing alone: a `/` that starts no URL and follows no name (`files/a`, `1/2` and `https://h/p` stay). */
const BARE_PATH = /(?<![\w.~:/\\-])(\/[^\s'"`,;()[\]{}<>]+|[A-Za-z]:\\[^\s'"`,;()[\]{}<>]+)/g;

/** The last segment of a path (`/tmp/a/dup.txt` -> `dup.txt`; `/` alone -> `/`). */
const lastSegment = (p: string) => p.split(/[\\/]/).filter(Boolean).pop() ?? p;

/**
 * `text` with each absolute path (POSIX `/a/b`, Windows `C:\a\b`) cut to its last
 * segment, so an error message can go to a client without showing where the server
 * keeps its files: `EEXIST: file already exists, open '/tmp/x/.partial-1/dup.txt'` ->
 * `EEXIST: file already exists, open 'dup.txt'`. Relative names and URLs are kept.
 */
export function withoutPaths(text: string): string {
  return text.replace(QUOTED_PATH, (_m, quote: string, p: string) => quote + lastSegment(p) + quote).replace(BARE_PATH, (p) => lastSegment(p));
}

/** Codes whose whole text is some other error's message. */
const FOREIGN_TEXT = new Set(['error.other', 'request.bad']);

/**
 * The text of an answer as it may leave the server: for `error.other` and `request.bad`
 * the message and its `reason` without absolute paths; for any other code its `reason`
 * parameter (the words of an underlying error) likewise, in the message too; each coded
 * param (`paramTexts`) likewise. Other parameters (a root folder path the admin gave)
 * are kept as they are.
 */
export function publicText(text: CodedText): CodedText {
  if (text.paramTexts) {
    const { paramTexts, ...plain } = text;
    return { ...publicText(plain), paramTexts: Object.fromEntries(Object.entries(paramTexts).map(([name, inner]) => [name, publicText(inner)])) };
  }
  const reason = text.params?.reason;
  if (FOREIGN_TEXT.has(text.code)) {
    return { ...text, message: withoutPaths(text.message), ...(typeof reason === 'string' && { params: { ...text.params, reason: withoutPaths(reason) } }) };
  }
  if (typeof reason !== 'string') return text;
  const clean = withoutPaths(reason);
  return { ...text, message: text.message.split(reason).join(clean), params: { ...text.params, reason: clean } };
}

/** The refusal body of a coded text: `{error, code, params}`. */
export function errorBody({ message, code, params }: CodedText): ErrorAnswer {
  return { error: message, code, ...(params && { params }) };
}

const STATUS: Record<ErrorKind, number> = { invalid: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409, locked: 409 };

/** Seconds a client is asked to wait before sending a write the database was too busy for. */
const BUSY_RETRY_S = 2;

/** The status and body answering `err` (and a Retry-After in seconds); undefined when it is no known error of the client or of the moment. */
function answerOf(err: unknown, state: AppState): { status: number; body: ErrorAnswer | ValidationErrorAnswer; retryAfter?: number } | undefined {
  if (err instanceof Invalid && state.invalidStatus === 422) {
    return { status: 422, body: { ...errorBody(publicText(textOfError(err))), errors: err.issues.map((msg) => ({ msg: withoutPaths(msg) })), ...err.details } };
  }
  if (err instanceof DomainError) return { status: STATUS[err.kind], body: { ...errorBody(publicText(textOfError(err))), ...err.details } };
  if (err instanceof HttpError) return { status: err.status, body: errorBody(publicText(err.text)) };
  const e = err as { status?: number; expose?: boolean; message?: string; code?: unknown };
  if (e.code === 'SQLITE_BUSY') return { status: 503, body: errorBody(say('server.busy')), retryAfter: BUSY_RETRY_S };
  if (e.status && e.status < 500 && e.expose !== false) return { status: e.status, body: errorBody(publicText(say('request.bad', { reason: e.message || 'bad request' }))) };
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
      // the routers' answer to a method a path does not take (405, its Allow header kept;
      // 501 for a method no route takes) is as JSON as any other refusal
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null && ctx.path.startsWith('/api/')) {
        const status = ctx.status;
        ctx.body = errorBody(say(status === 405 ? 'api.methodNotAllowed' : 'api.methodNotImplemented', { method: ctx.method }));
        ctx.status = status;
      }
    } catch (err) {
      const answer = answerOf(err, ctx.state);
      if (answer) {
        ctx.status = answer.status;
        ctx.body = answer.body;
        if (answer.retryAfter) ctx.set('Retry-After', String(answer.retryAfter));
      } else {
        ctx.status = 500;
        ctx.body = errorBody(say('server.internal'));
        ctx.app.emit('error', err, ctx);
      }
    }
  };
}
