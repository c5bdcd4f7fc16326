/**
 * Database addresses as people see them (src/db/README.md "Passwords"): the admin settings
 * page shows a postgres:// URL with its password replaced by `***`, and a save that sends
 * that hidden form back keeps the stored address.
 */
import { isPostgresUrl } from './dialect/index.js';

const HIDDEN = '***';

/** `target` (a `db` config value) with the password of a postgres:// URL replaced by `***`; any other value as it is. */
export function hideDbPassword(target: string): string {
  if (!isPostgresUrl(target)) return target;
  try {
    const url = new URL(target);
    if (!url.password) return target;
    url.password = HIDDEN;
    return url.toString();
  } catch {
    return target;
  }
}

/**
 * The `db` value to save when a client sends `incoming` while `stored` is saved: `stored`
 * when `incoming` is its hidden form (the page sent back what it was shown), else `incoming`.
 */
export function keepHiddenDbPassword(stored: string, incoming: unknown): unknown {
  return incoming !== stored && incoming === hideDbPassword(stored) ? stored : incoming;
}
