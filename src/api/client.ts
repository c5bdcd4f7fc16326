/**
 * The one client of the audiolib HTTP API (spec 000 sections 6 to 8, DESIGN section 6),
 * used by the web UI, the TUI's remote mode, the `audiolib translate` worker and the API
 * tests. Pure: the global `fetch`, no node: imports, so the web bundle takes it as is.
 * - Every call carries `Authorization: Bearer <token>` when the client holds a token;
 *   media URLs carry it as `?token=` (mediaUrl).
 * - A failed call throws ApiError: `status` the HTTP status (0 when the server was not
 *   reached), `message` the answer's `error`, else `errors[0].msg` (422), else
 *   'status statusText', else the exception's message.
 * - `call(route, input)` sends a call of the route table (routes/): the URL from the
 *   route's path, its parameters and query, the body typed by its schema.
 * - A 401 first calls the client's `onUnauthorized` hook (the web drops its session
 *   there), unless the call asks `on401: 'throw'`.
 */
import { pathOf, type AnswerOf, type AnyRoute, type CallInput, type Method, type Query } from './route.js';
import { authRoutes } from './routes/auth.js';

export type { Method, Query } from './route.js';

/**
 * A failed call: `message` is the text to show, `status` the HTTP status (0 for network
 * errors, with the network error as `cause`), `body` the parsed answer.
 */
export class ApiError extends Error {
  readonly body?: unknown;
  constructor(message: string, readonly status: number, { body, cause }: { body?: unknown; cause?: unknown } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.body = body;
  }
}

/** Where a client keeps its bearer token (the web: localStorage; elsewhere: memory). */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

/** A token held in memory, starting with `token`. */
export function memoryToken(token: string | null = null): TokenStore {
  return { get: () => token, set: (next) => { token = next; } };
}

export interface ApiClientOptions {
  /** The server's origin, such as 'http://127.0.0.1:8888'; '' (default) for the page's own origin. */
  baseUrl?: string;
  /** Where the token lives; default: memory, empty. */
  token?: TokenStore;
  /** Called with the error before a 401 is thrown (unless the call asks `on401: 'throw'`). */
  onUnauthorized?: (err: ApiError) => void;
}

/** What a call may add to its input: the 401 behaviour and an abort signal. */
export type CallOptions = Pick<RequestOptions, 'on401' | 'signal'>;

/** The input of call(route): required when the route's path has parameters. */
export type CallArgs<R extends AnyRoute> = CallInput<R> extends { params: object } ? [CallInput<R> & CallOptions] : [(CallInput<R> & CallOptions)?];

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of a JSON body (file uploads). */
  form?: FormData;
  /** 'hook' (default): call the client's onUnauthorized, then throw; 'throw': only throw. */
  on401?: 'hook' | 'throw';
  signal?: AbortSignal;
}

/** Builds 'path?k=v' leaving out null and undefined values. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/** An answer's body: the parsed JSON, the text when it is not JSON, undefined when empty. */
export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The text to show for a failed answer with parsed `body` (spec 000 section 8). */
function errorMessage(res: Response, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, errors } = body as { error?: unknown; errors?: { msg?: unknown }[] };
    if (typeof error === 'string' && error) return error;
    if (Array.isArray(errors) && typeof errors[0]?.msg === 'string' && errors[0].msg) return errors[0].msg;
  }
  return `${res.status} ${res.statusText}`;
}

/** A client of one server (baseUrl) holding one user's token. */
export class ApiClient {
  readonly baseUrl: string;
  private readonly tokens: TokenStore;
  private readonly onUnauthorized: (err: ApiError) => void;

  constructor(opts: ApiClientOptions = {}) {
    this.baseUrl = (opts.baseUrl ?? '').replace(/\/+$/, '');
    this.tokens = opts.token ?? memoryToken();
    this.onUnauthorized = opts.onUnauthorized ?? (() => undefined);
  }

  /** The bearer token, or null (signed out, or authentication off). */
  get token(): string | null { return this.tokens.get(); }
  set token(token: string | null) { this.tokens.set(token); }

  /** The URL of `path` (starting with '/api/') with `query`. */
  url(path: string, query?: Query): string {
    return this.baseUrl + withQuery(path, query);
  }

  /** A media URL (stream, download, cover, small image): `url` plus `?token=` when a token is held. */
  mediaUrl(path: string, query?: Query): string {
    return this.url(path, { ...query, token: this.token });
  }

  /**
   * Sends one call and answers the Response whatever its status, body unread.
   * Throws ApiError with status 0 when the server cannot be reached (or `signal` aborted:
   * then the abort error itself, so callers can tell it apart).
   */
  async send(method: Method, path: string, opts: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    const token = this.token;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (opts.body !== undefined && !opts.form) headers['Content-Type'] = 'application/json';
    try {
      return await fetch(this.url(path, opts.query), {
        method,
        headers,
        body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        signal: opts.signal,
      });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw new ApiError(err instanceof Error ? err.message : String(err), 0, { cause: err });
    }
  }

  /**
   * Sends one call and answers the Response of a 2xx answer, body unread (audio
   * downloads, lyric bytes). Throws ApiError for any other status (see the file header).
   */
  async response(method: Method, path: string, opts: RequestOptions = {}): Promise<Response> {
    const res = await this.send(method, path, opts);
    if (res.ok) return res;
    const body = await readBody(res).catch(() => undefined);
    const err = new ApiError(errorMessage(res, body), res.status, { body });
    if (res.status === 401 && (opts.on401 ?? 'hook') === 'hook') this.onUnauthorized(err);
    throw err;
  }

  /** Sends one call and answers its parsed JSON body (T; undefined for an empty answer such as 204). Throws ApiError. */
  async request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
    return (await readBody(await this.response(method, path, opts))) as T;
  }

  /** Shorthands of request(): GET with a query, POST, PUT and DELETE with a JSON body. */
  get<T>(path: string, opts?: Omit<RequestOptions, 'body'>): Promise<T> { return this.request<T>('GET', path, opts); }
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> { return this.request<T>('POST', path, { ...opts, body }); }
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> { return this.request<T>('PUT', path, { ...opts, body }); }
  del<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> { return this.request<T>('DELETE', path, { ...opts, body }); }

  /** The URL of a call of `route` (path parameters filled in, with the query). */
  routeUrl<R extends AnyRoute>(route: R, input: CallInput<R>): string {
    return this.url(pathOf(route, input.params), input.query);
  }

  /** The media URL of `route` (stream, download, cover, small image, zip): routeUrl plus `?token=`. */
  mediaRouteUrl<R extends AnyRoute>(route: R, input: CallInput<R>): string {
    return this.mediaUrl(pathOf(route, input.params), input.query);
  }

  /** Sends a call of `route` and answers the Response of a 2xx answer, body unread (lyric bytes, text files). Throws ApiError. */
  routeResponse<R extends AnyRoute>(route: R, input: CallInput<R> & CallOptions): Promise<Response> {
    const { params, ...opts } = input;
    return this.response(route.method, pathOf(route, params), opts);
  }

  /** Sends a call of `route` and answers its parsed JSON body, typed by the table. Throws ApiError (see the file header). */
  call<R extends AnyRoute>(route: R, ...[input]: CallArgs<R>): Promise<AnswerOf<R>> {
    const { params, ...opts } = (input ?? {}) as CallInput<R> & CallOptions;
    return this.request<AnswerOf<R>>(route.method, pathOf(route, params), opts);
  }

  /**
   * POST /api/auth/me {name, password}: stores and answers the token. A wrong name or
   * password throws ApiError 401 with the server's error (the hook is not called).
   */
  async login(name: string, password: string): Promise<string> {
    const { token } = await this.call(authRoutes.login, { body: { name, password }, on401: 'throw' });
    this.token = token;
    return token;
  }
}
