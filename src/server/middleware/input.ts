/**
 * The input guard (DESIGN section 6): the one place where a request's text is refused
 * before any route reads it, for what no route schema can be asked to check:
 *
 * - a NUL byte (U+0000) in the path, a query parameter (name or value) or any string of
 *   the JSON body (keys included): SQLite's full-text search fails on it and PostgreSQL
 *   refuses it in every text column, so it is refused at input on both engines with 400
 *   `input.nul` {field} naming the field (`keyword`, `state.queue.0.title`); text a route
 *   schema decodes further (JSON inside a query parameter) raises NUL_ISSUE there, which
 *   validate.ts answers the same way;
 * - a JSON body nested deeper than MAX_BODY_DEPTH levels: 400 `input.tooDeep` {max}
 *   (serialising such a value again would overflow the stack).
 *
 * The players' API at /rest is left to src/subsonic, which reads its own parameters and
 * refuses NUL bytes there in the Subsonic error format (src/subsonic/params.ts);
 * multipart uploads are checked as they are read (multipart.ts).
 */
import type Koa from 'koa';
import { Invalid, say } from '../../model/index.js';
import type { AppState } from '../context.js';

/**
 * Levels a JSON request body may nest: the body object is level 1, each object or array
 * inside one more. The deepest body a client of the spec sends (play history) has 4.
 */
export const MAX_BODY_DEPTH = 64;

/** A field name as a message shows it: a NUL byte inside the name itself written `\0`. */
const shown = (field: string) => field.replaceAll('\0', '\\0');

/**
 * The refusal of the first `[field, text]` pair whose text holds a NUL byte: Invalid
 * `input.nul` {field}; undefined when none does. Used by every reader of client text
 * (this guard, multipart uploads, the Subsonic parameters map the field to their own
 * error).
 */
export function nulRefusal(pairs: Iterable<readonly [field: string, text: string]>): Invalid | undefined {
  for (const [field, text] of pairs) if (text.includes('\0')) return new Invalid(say('input.nul', { field: shown(field) }));
  return undefined;
}

/** The query parameters of `query` (Koa's parsed query) as `[name, text]` pairs, names checked as values too. */
function* queryPairs(query: Record<string, string | string[] | undefined>): Generator<readonly [string, string]> {
  for (const [name, value] of Object.entries(query)) {
    yield [name, name];
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) yield [name, v];
  }
}

/**
 * Walks a parsed JSON body without recursion (a deep body must not overflow the stack
 * here either): throws Invalid `input.tooDeep` past MAX_BODY_DEPTH levels, or `input.nul`
 * naming the dotted path of the first string or key holding a NUL byte.
 */
export function checkBody(body: unknown): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 1 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      const refused = nulRefusal([[path || 'body', value]]);
      if (refused) throw refused;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_BODY_DEPTH) throw new Invalid(say('input.tooDeep', { max: MAX_BODY_DEPTH }));
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    // pushed in reverse, so the first offending field in document order is the one named
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const childPath = path ? `${path}.${key}` : key;
      const refused = nulRefusal([[childPath, key]]);
      if (refused) throw refused;
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
}

/**
 * Koa middleware (after the body parser) refusing a NUL byte in the path, the query or
 * the JSON body, and a JSON body nested deeper than MAX_BODY_DEPTH, with 400 Invalid
 * (`input.nul` {field}: `path`, the parameter's name, the body field's dotted path;
 * `input.tooDeep` {max}). Paths under /rest are left to src/subsonic.
 */
export function inputGuard(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path === '/rest' || ctx.path.startsWith('/rest/')) return next();
    // ctx.path is still percent-encoded; a NUL can only arrive as %00
    if (/%00/i.test(ctx.path)) throw new Invalid(say('input.nul', { field: 'path' }));
    const refused = nulRefusal(queryPairs(ctx.query));
    if (refused) throw refused;
    const body = (ctx.request as { body?: unknown }).body;
    if (body !== undefined) checkBody(body);
    await next();
  };
}
