/**
 * One route of the API table (routes/): its method, its path with `:param`s and, as types
 * only, its request schema (of src/api/schemas: zod over `{body, query, params}`) and its
 * answer (src/model/wire.ts). The clients build a call's URL from the route (pathOf) and
 * type its input (CallInput) and answer (AnswerOf) from it; the server registers the
 * route's paths and method and parses with `validate(route, Schema)`, which only takes
 * the schema the route declares. The schemas stay out of the route objects so that the
 * web bundle, which imports the table, does not carry zod.
 * Pure: zod types only, no node: imports.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query parameters; null and undefined values are left out. */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

/** A request schema: a zod schema reading `{body, query, params}` (each optional). */
export type RequestSchema = z.ZodType<unknown, { body?: unknown; query?: unknown; params?: unknown }>;

declare const ANSWER: unique symbol;
declare const SCHEMA: unique symbol;

export interface Route<M extends Method = Method, P extends string = string, S extends RequestSchema | undefined = RequestSchema | undefined, A = unknown> {
  readonly method: M;
  /** The path the clients call, with `:name` parameters. */
  readonly path: P;
  /** Further paths the server answers the same way (the spec's forms with and without a trailing slash). */
  readonly also: readonly string[];
  /** Type only: the request schema; undefined for a route that reads no input. */
  readonly [SCHEMA]?: S;
  /** 422 `{error, errors}` for failed validation where the spec says so (spec 001 section 8), else 400. */
  readonly invalidStatus?: 422;
  /** Type only: the answer's body. */
  readonly [ANSWER]?: A;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = Route<Method, string, any, any>;

export interface RouteOptions { also?: readonly string[]; invalidStatus?: 422 }

/**
 * Declares a route answering `A` whose request schema is `S`:
 * `route<WorksAnswer, typeof WorksListSchema>()('GET', '/api/works')`.
 * (Two steps so that answer and schema are named and method and path inferred.)
 */
export const route = <A = unknown, S extends RequestSchema | undefined = undefined>() =>
  <M extends Method, P extends string>(method: M, path: P, options: RouteOptions = {}): Route<M, P, S, A> => ({
    method,
    path,
    also: options.also ?? [],
    ...(options.invalidStatus && { invalidStatus: options.invalidStatus }),
  });

/** The `:name` parameters of a path. */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}` ? N | ParamNames<`/${Rest}`> : P extends `${string}:${infer N}` ? N : never;

type Parts<S> = S extends RequestSchema ? z.input<S> : Record<never, never>;
type QueryOf<S> = Parts<S> extends { query?: infer Q } ? (Q extends object ? { [K in keyof Q]?: QueryValue } : Query) : never;
/** A JSON value's type without the index signatures of loose objects (so interfaces such as QueueItem fit). */
type Declared<T> = T extends readonly (infer U)[] ? Declared<U>[] : T extends object ? { [K in keyof T as string extends K ? never : K]: Declared<T[K]> } : T;
type BodyOf<S> = Parts<S> extends { body?: infer B } ? Declared<B> : never;

/** What a call of route R is given: its path parameters, query and body (a form for uploads). */
export type CallInput<R extends AnyRoute> = ([ParamNames<R['path']>] extends [never] ? { params?: undefined } : { params: Record<ParamNames<R['path']>, string | number> }) & {
  query?: QueryOf<SchemaOf<R>>;
  body?: BodyOf<SchemaOf<R>>;
  /** Sent as multipart/form-data instead of a JSON body (file uploads). */
  form?: FormData;
};

/** The request schema route R declares. */
export type SchemaOf<R> = R extends Route<Method, string, infer S, infer _A> ? S : never;

/** The answer of route R. */
export type AnswerOf<R> = R extends Route<Method, string, infer _S, infer A> ? A : never;

/** The path of `route` with its parameters filled in (each URI-encoded); throws on a missing one. */
export function pathOf(route: AnyRoute, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
