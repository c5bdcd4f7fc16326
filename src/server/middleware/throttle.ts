/**
 * Login throttling on POST /api/auth/me (README "Security"). A refused attempt answers
 * 429 {error: 'too many failed sign-ins, try again in N s'} with Retry-After (seconds)
 * BEFORE the password is checked, so a refusal never tells a guesser whether a
 * password was right. Failures are answers 401; malformed requests (400) do not count.
 *
 * The rule, for an attempt on account `name` from client address `address`:
 * - A known pair (`name` signed in successfully from `address` within `knownMs`, 30
 *   days by default) is refused only when that pair itself failed `limit` (10) times
 *   within `windowMs` (60 s): the real user at their usual address is held up neither
 *   by guessers elsewhere nor by others' failures at a shared address.
 * - Any other attempt is refused while the address failed `limit` times within
 *   `windowMs` (any accounts: one guesser at one address gets 10 tries a minute), or
 *   while the account is in backoff: once it failed `accountFree` (20) times within
 *   `accountWindowMs` (1 h) from any addresses, each further failure makes the next
 *   attempt from a new address wait `backoffMs` (1 s), doubling per failure up to
 *   `maxBackoffMs` (5 min). Guessing one account from many addresses is slowed to a
 *   few tries an hour; the account's owner still signs in from an address used before
 *   and, from a new one, after the wait.
 * The address is Koa's ctx.ip: the connecting socket, or with `trustProxy` the last
 * X-Forwarded-For entry (the one the nearest proxy added). Counts live in memory, per
 * server process: a restart forgets failures and known pairs.
 */
import type Koa from 'koa';
import { routes } from '../../api/routes/index.js';
import { HttpError } from './errors.js';
import { Unauthorized, say } from '../../model/index.js';

export interface ThrottleOptions {
  /** Failures allowed per address (and per known account+address pair) in the window; the next attempt gets 429. Default 10. */
  limit?: number;
  /** That window, in ms. Default 60000. */
  windowMs?: number;
  /** Failures of one account (any addresses) in `accountWindowMs` before its backoff starts. Default 20. */
  accountFree?: number;
  /** Window of the account's failures, in ms. Default 3600000 (1 h). */
  accountWindowMs?: number;
  /** First backoff wait after the free failures, in ms; doubles per further failure. Default 1000. */
  backoffMs?: number;
  /** Longest backoff wait, in ms. Default 300000 (5 min). */
  maxBackoffMs?: number;
  /** How long an account+address pair stays known after a successful sign-in, in ms. Default 30 days. */
  knownMs?: number;
  /** Clock in ms (defaults to Date.now). */
  now?: () => number;
}

/** Above this many keys, a failure first sweeps out keys whose failures all expired. */
const MAX_TRACKED = 1000;
/** Keys kept at most by one counter (the oldest go first): memory stays bounded under a flood of names. */
const MAX_KEYS = 100_000;
/** Known account+address pairs kept at most (the least recently signed-in go first). */
const MAX_KNOWN = 10_000;

/**
 * Failure times per key within `windowMs`: `blockedFor(key)` -> ms left until fewer
 * than `limit` failures remain (0 when allowed), `times(key)` -> the failure times in
 * the window (ms, oldest first), `fail(key)`, `succeed(key)` (forgets the key).
 */
export function failureCounter({ limit = 10, windowMs = 60_000, now = Date.now }: Pick<ThrottleOptions, 'limit' | 'windowMs' | 'now'> = {}) {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    blockedFor(key: string): number {
      const list = recent(key);
      return list.length >= limit ? list[list.length - limit]! + windowMs - now() : 0;
    },
    times(key: string): readonly number[] {
      return recent(key);
    },
    fail(key: string): void {
      failures.set(key, [...recent(key), now()]);
      if (failures.size > MAX_TRACKED) for (const k of [...failures.keys()]) recent(k); // drop keys with no recent failure
      for (const k of failures.keys()) {
        if (failures.size <= MAX_KEYS) break;
        failures.delete(k);
      }
    },
    /** Keys with failures kept (for tests and diagnostics). */
    get tracked(): number {
      return failures.size;
    },
    succeed(key: string): void {
      failures.delete(key);
    },
  };
}

/**
 * The sign-in rule of this file's comment: `waitFor(name, address)` -> ms the attempt
 * must wait (0: check the password), then `fail(name, address)` after a wrong name or
 * password, `succeed(name, address)` after a sign-in.
 */
export function loginGuard(options: ThrottleOptions = {}) {
  const { limit = 10, windowMs = 60_000, accountFree = 20, accountWindowMs = 3_600_000 } = options;
  const { backoffMs = 1000, maxBackoffMs = 300_000, knownMs = 30 * 86_400_000, now = Date.now } = options;
  const byAddress = failureCounter({ limit, windowMs, now });
  const byPair = failureCounter({ limit, windowMs, now });
  const byAccount = failureCounter({ limit: accountFree, windowMs: accountWindowMs, now });
  const known = new Map<string, number>(); // pair -> time of its last sign-in, oldest first
  const pairOf = (name: string, address: string) => JSON.stringify([name, address]);
  const isKnown = (pair: string) => {
    const since = known.get(pair);
    if (since !== undefined && now() - since < knownMs) return true;
    known.delete(pair);
    return false;
  };
  const backoff = (name: string) => {
    const failed = byAccount.times(name);
    if (failed.length < accountFree) return 0;
    const wait = Math.min(backoffMs * 2 ** (failed.length - accountFree), maxBackoffMs);
    return Math.max(0, failed[failed.length - 1]! + wait - now());
  };
  return {
    waitFor(name: string, address: string): number {
      const pair = pairOf(name, address);
      if (isKnown(pair)) return byPair.blockedFor(pair);
      return Math.max(byAddress.blockedFor(address), backoff(name));
    },
    fail(name: string, address: string): void {
      const pair = pairOf(name, address);
      if (isKnown(pair)) byPair.fail(pair);
      byAddress.fail(address);
      byAccount.fail(name);
    },
    succeed(name: string, address: string): void {
      const pair = pairOf(name, address);
      byPair.succeed(pair);
      known.delete(pair);
      known.set(pair, now());
      if (known.size > MAX_KNOWN) known.delete(known.keys().next().value!);
    },
  };
}

/** The sign-in rule of one server, shared by every way in (see loginGuard). */
export type LoginGuard = ReturnType<typeof loginGuard>;

/** The 429 answer's error for `wait` ms left, with its Retry-After header (seconds) set on `ctx`. */
export function tooManyFailures(ctx: Koa.Context, wait: number): HttpError {
  const seconds = Math.ceil(wait / 1000);
  ctx.set('Retry-After', String(seconds));
  return new HttpError(429, say('auth.throttled', { seconds }));
}

/**
 * Koa middleware applying `loginGuard` to POST /api/auth/me (see the file comment).
 * Runs after the body parser: the account is the body's `name` ('' when absent).
 * `guard` shares the counts with the players' API (src/subsonic/auth.ts), so a guesser
 * has one budget whichever way they sign in.
 */
export function loginThrottle(options: ThrottleOptions & { guard?: LoginGuard } = {}): Koa.Middleware {
  const guard = options.guard ?? loginGuard(options);
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== routes.auth.login.path) return next();
    const body = ctx.request.body as { name?: unknown } | undefined;
    const name = typeof body?.name === 'string' ? body.name : '';
    const address = ctx.ip;
    const wait = guard.waitFor(name, address);
    if (wait > 0) throw tooManyFailures(ctx, wait);
    try {
      await next();
    } catch (err) {
      if (err instanceof Unauthorized) guard.fail(name, address);
      throw err;
    }
    if (ctx.status === 401) guard.fail(name, address);
    else if (ctx.status === 200) guard.succeed(name, address);
  };
}
