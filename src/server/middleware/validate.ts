/**
 * The validation step of a route chain (DESIGN section 6): `validate(route, Schema)` after
 * the auth steps parses the request against the request schema the route declares (its
 * entry in the API table, src/api/routes; the schemas in src/api/schemas) and puts the
 * result on `ctx.state.input`, typed for the handler. A schema reads
 * `{body, query, params}`: the JSON body (`{}` when none), the query values as text and
 * the path parameters. A failure throws Invalid (answered 400 `{error: "field: message"}`
 * coded by the issue's kind (`input.wrongType`, `input.tooSmall`, ... or `input.fieldRule`
 * {field, reason} for a schema's own rule: model/issues.ts), `input.nul` {field} for an issue raised with
 * NUL_ISSUE (model/issues.ts), or 422 `{error: message, errors: [{msg}]}` coded `input.rule`
 * {reason} where the route says so: `invalidStatus: 422`) before the handler runs.
 */
import type { RouterMiddleware } from '@koa/router';
import type { z } from 'zod';
import { codedIssue, Invalid, NUL_ISSUE, say } from '../../model/index.js';
import type { AnyRoute, RequestSchema, SchemaOf } from '../../api/route.js';
import type { AppServices, AppState } from '../context.js';

/** What a request schema is given. */
interface RequestParts { body: unknown; query: unknown; params: unknown }

/** The state of a handler behind `validate(S)`: the caller and the parsed input. */
type InputState<S extends z.ZodType> = AppState & { input: z.output<S> };

const PARTS = new Set(['body', 'query', 'params']);

/**
 * Turns a failed parse into Invalid: the first issue as "field: message" (as "message" for
 * a 422 answer, whose `error` is the first issue), every message as an issue.
 */
function invalidOf(error: z.ZodError, status: 400 | 422): Invalid {
  const issues = error.issues.map((i) => i.message);
  const first = error.issues[0];
  if (!first) return new Invalid(say('input.invalid'));
  // a field is named as in its part: `rating`, not `body.rating`
  const path = PARTS.has(String(first.path[0])) ? first.path.slice(1) : first.path;
  const field = path.join('.');
  // a NUL byte a schema found in text it decoded answers as the input guard's refusals do
  const nul = first.code === 'custom' && (first as { params?: Record<string, unknown> }).params?.nul === NUL_ISSUE.nul;
  const text = field && status === 400 ? (nul ? say('input.nul', { field }) : codedIssue(field, first)) : say('input.rule', { reason: first.message });
  return new Invalid(text, { issues });
}

/**
 * The route step parsing the request with `schema`, the request schema `route` declares
 * (src/api/routes; a schema of another type does not compile), into `ctx.state.input`;
 * throws Invalid (400, or 422 for a route with `invalidStatus: 422`, which then applies
 * to every Invalid the route throws).
 */
export function validate<R extends AnyRoute>(route: R, schema: SchemaOf<R> & RequestSchema): RouterMiddleware<InputState<SchemaOf<R> & RequestSchema>, { services: AppServices }> {
  const { invalidStatus } = route;
  return async (ctx, next) => {
    if (invalidStatus) ctx.state.invalidStatus = invalidStatus;
    const parts: RequestParts = { body: ctx.request.body ?? {}, query: ctx.query, params: ctx.params };
    const parsed = schema.safeParse(parts);
    if (!parsed.success) throw invalidOf(parsed.error, invalidStatus ?? 400);
    ctx.state.input = parsed.data;
    await next();
  };
}
