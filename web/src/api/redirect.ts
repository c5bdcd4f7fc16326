/**
 * Returning to the page that was asked for after signing in (beyond the spec, which always
 * goes to /main): the guard and the 401 handler send a signed-out visitor to
 * `/login?redirect=<path>`, and the login form goes there on success. Only a path of this
 * site is followed, never another origin (no open redirect): anything else goes to /main.
 */
import { API_PREFIX } from '../../../src/api/routes';

/** The page a successful sign-in goes to when none (or no acceptable one) was asked for. */
export const AFTER_LOGIN = '/main';
/** The query parameter of /login that names the page to return to. */
export const REDIRECT_PARAM = 'redirect';

const PROBE_ORIGIN = 'http://audiolib.invalid';

/**
 * `value` when it is a same-origin relative path of the web UI (starts with one '/', no
 * backslash or control character, not /login, not the API), normalised to path, query and
 * hash; else `fallback`. `//host`, `/\host`, `https://host`, `javascript:`, and encoded
 * tricks that resolve to another origin are all refused.
 */
export function safeRedirect(value: string | null | undefined, fallback: string = AFTER_LOGIN): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = url.pathname;
  if (path === '/login' || path.startsWith('/login/') || path.startsWith(`${API_PREFIX}/`) || path === API_PREFIX || path.startsWith('/rest')) return fallback;
  return `${path}${url.search}${url.hash}`;
}

/** The /login address that returns to `here` (path, query and hash of the current page) after signing in. */
export function loginPathFor(here: string): string {
  const target = safeRedirect(here, '');
  return target && target !== AFTER_LOGIN ? `/login?${REDIRECT_PARAM}=${encodeURIComponent(target)}` : '/login';
}
