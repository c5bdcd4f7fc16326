/**
 * The shared API client (spec 000 sections 6 to 8).
 * - Every call carries `Authorization: Bearer <token>` from localStorage ('token').
 * - A 401 is an expired session: the token is dropped and the app goes to /login
 *   silently (unless the caller asks to handle it, as the login form does).
 * - Any other failure throws an ApiError whose message is the notification text:
 *   the response's `error`, else 'status statusText', else the exception message.
 * Media URLs (covers, streams, downloads) carry the token as `?token=`.
 */
import { notifications } from '@mantine/notifications';

const TOKEN_KEY = 'token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/** A failed call: `message` is the text to show, `status` the HTTP status (0 for network errors). */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly body?: unknown) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: () => void = () => window.location.assign('/login');

/** Sets what a 401 does (the router installs a client-side navigation to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** 'redirect' (default): drop the token and go to /login; 'throw': let the caller handle the ApiError. */
  on401?: 'redirect' | 'throw';
  signal?: AbortSignal;
}

/** Builds '/api/x?k=v' skipping null/undefined values. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

/**
 * Calls the API and answers the parsed JSON body (T).
 * Throws ApiError (message per the error catalogue); on 401 with on401 'redirect'
 * it also clears the token and redirects.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    throw new ApiError(err instanceof Error ? err.message : String(err), 0);
  }
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const serverError = body && typeof body === 'object' && 'error' in body && typeof (body as { error: unknown }).error === 'string'
      ? (body as { error: string }).error
      : body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
        ? String(((body as { errors: { msg?: string }[] }).errors[0]?.msg) ?? '')
        : '';
    const err = new ApiError(serverError || `${res.status} ${res.statusText}`, res.status, body);
    if (res.status === 401 && (opts.on401 ?? 'redirect') === 'redirect') {
      setToken(null);
      onUnauthorized();
    }
    throw err;
  }
  return body as T;
}

/** The notification text of any thrown value (error catalogue). */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Shows the red error notification for a failed call; 401s are silent (the redirect already happened). */
export function notifyError(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) return;
  if (err instanceof DOMException && err.name === 'AbortError') return;
  notifications.show({ color: 'red', message: errorText(err) });
}

/** A green notice (success notifications show the server's message field). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

/** Adds the token to a media URL (stream, download, cover, small image). */
export function mediaUrl(url: string): string {
  const token = getToken();
  return token ? withQuery(url, { token }) : url;
}

/** GET /api/cover/{id}?type=main|sam|240x240&token= */
export function coverUrl(workId: number, type: 'main' | 'sam' | '240x240' = 'main'): string {
  return mediaUrl(withQuery(`/api/cover/${workId}`, { type }));
}
