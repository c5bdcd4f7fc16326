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
import { ApiClient, ApiError, type CallArgs, type CallOptions, type Query, type TokenStore } from '../../../src/api/client';
import { pathOf, type AnswerOf, type AnyRoute } from '../../../src/api/route';
import { isServerText, serverText, type ServerText } from '../i18n/serverText';

import { coverRoute, type Scope } from './scope';

export { ApiError, type Query } from '../../../src/api/client';
export { routes } from '../../../src/api/routes';

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

/**
 * Calls a route of the API table (src/api/routes): the URL from the route, the input and
 * the answer typed by it. Throws ApiError (message per the error catalogue); on 401 with
 * on401 'hook' (default) it also clears the token and redirects.
 */
export function call<R extends AnyRoute>(route: R, ...input: CallArgs<R>): Promise<AnswerOf<R>> {
  return client.call(route, ...input);
}

/** A call chosen at run time (a site's or a catalogue's route, catalogue.tsx and scope.ts): the route, its path parameters and query. */
export interface Call { route: AnyRoute; params?: Record<string, string | number>; query?: Query }

/** Sends a Call (with a body, a form, the 401 behaviour, a signal) and answers its body as T. Throws as call() does. */
export function send<T>({ route, params, ...opts }: Call & CallOptions & { body?: unknown; form?: FormData }): Promise<T> {
  return client.request<T>(route.method, pathOf(route, params), opts);
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

/** Adds the token (and `query`) to a media URL (stream, download, cover, small image) the server answered. */
export function mediaUrl(url: string, query?: Query): string {
  return client.mediaUrl(url, query);
}

/** The media URL of a Call (a cover, a zip, a TXT download), with the token. */
export function callMediaUrl({ route, params, query }: Call): string {
  return client.mediaUrl(pathOf(route, params), query);
}

/** GET /api/cover/{id}?type=main|sam|240x240&token= (the trial catalogue's: /api/fake/cover/{id}). */
export function coverUrl(workId: number, type: 'main' | 'sam' | '240x240' = 'main', scope: Scope = 'library'): string {
  return callMediaUrl({ route: coverRoute(scope), params: { id: workId }, query: { type } });
}
