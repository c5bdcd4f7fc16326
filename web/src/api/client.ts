/**
 * The web UI's instance of the shared API client (src/api/client.ts; spec 000 sections 6 to 8).
 * - The token lives in localStorage ('token'); every call carries it as a bearer token.
 * - A 401 is an expired session: the token is dropped and the app goes to /login
 *   silently (unless the caller asks to handle it, as the login form does).
 * - Any other failure throws an ApiError whose message is the response's `error`, else
 *   'status statusText', else the exception message; its notification text is that
 *   message in the UI language when the answer carries a `code` (i18n/serverText.ts).
 * Media URLs (covers, streams, downloads) carry the token as `?token=`.
 */
import { notifications } from '@mantine/notifications';
import { ApiClient, ApiError, type Method, type Query, type RequestOptions as CallOptions, type TokenStore } from '../../../src/api/client';
import { isServerText, serverText, type ServerText } from '../i18n/serverText';

import { coverApi, type Section } from './section';

export { ApiError, type Query } from '../../../src/api/client';

const TOKEN_KEY = 'token';

const tokenStore: TokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token) => {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  },
};

let onUnauthorized: () => void = () => window.location.assign('/login');

/** The client every page calls through. */
export const client = new ApiClient({
  token: tokenStore,
  onUnauthorized: () => {
    tokenStore.set(null);
    onUnauthorized();
  },
});

export function getToken(): string | null {
  return client.token;
}

export function setToken(token: string | null): void {
  client.token = token;
}

/** Sets what a 401 does (the router installs a client-side navigation to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions extends CallOptions {
  method?: Method;
}

/**
 * Calls the API and answers the parsed JSON body (T).
 * Throws ApiError (message per the error catalogue); on 401 with on401 'hook' (default)
 * it also clears the token and redirects.
 */
export function api<T>(path: string, { method = 'GET', ...opts }: RequestOptions = {}): Promise<T> {
  return client.request<T>(method, path, opts);
}

/** The notification text of any thrown value (error catalogue), in the UI language when the server coded it. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError && isServerText(err.body)) return serverText({ code: err.body.code, params: err.body.params, error: err.message });
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Shows the red error notification for a failed call; 401s are silent (the redirect already happened). */
export function notifyError(err: unknown): void {
  if (err instanceof ApiError && err.status === 401) return;
  if (err instanceof DOMException && err.name === 'AbortError') return;
  notifications.show({ color: 'red', message: errorText(err) });
}

/** A green notice: the page's own text, or a server answer's message in the UI language. */
export function notifySuccess(text: string | ServerText): void {
  notifications.show({ color: 'green', message: serverText(text) });
}

/** Adds the token (and `query`) to a media URL (stream, download, cover, small image). */
export function mediaUrl(url: string, query?: Query): string {
  return client.mediaUrl(url, query);
}

/** GET /api/cover/{id}?type=main|sam|240x240&token= (the trial catalogue's: /api/fake/cover/{id}). */
export function coverUrl(workId: number, type: 'main' | 'sam' | '240x240' = 'main', section: Section = 'library'): string {
  return client.mediaUrl(coverApi(section, workId), { type });
}
