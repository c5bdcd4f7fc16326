/**
 * Login throttling (issue 8): after `limit` failed sign-ins (answers 401) from
 * one address within `windowMs`, POST /api/auth/me answers 429 {error} with
 * Retry-After until the oldest failure leaves the window. A successful sign-in
 * clears the address's failures. Counts live in memory, per server.
 */
import type Koa from 'koa';
import { HttpError } from './errors.js';
import { Unauthorized } from '../../model/index.js';

export interface ThrottleOptions {
  /** Failures allowed in the window; the next attempt gets 429. Default 10. */
  limit?: number;
  /** Window length in ms. Default 60000. */
  windowMs?: number;
  /** Clock in ms (defaults to Date.now). */
  now?: () => number;
}

/** Above this many addresses, a failure first sweeps out addresses whose failures all expired. */
const MAX_TRACKED = 1000;

/**
 * Failure counts per address: `blockedFor(address)` -> ms left (0 when allowed),
 * `fail(address)`, `succeed(address)`.
 */
export function failureCounter({ limit = 10, windowMs = 60_000, now = Date.now }: ThrottleOptions = {}) {
  const failures = new Map<string, number[]>();
  const recent = (address: string) => {
    const since = now() - windowMs;
    const list = (failures.get(address) ?? []).filter((t) => t > since);
    if (list.length) failures.set(address, list);
    else failures.delete(address);
    return list;
  };
  return {
    blockedFor(address: string): number {
      const list = recent(address);
      return list.length >= limit ? list[list.length - limit]! + windowMs - now() : 0;
    },
    fail(address: string): void {
      failures.set(address, [...recent(address), now()]);
      if (failures.size > MAX_TRACKED) for (const a of [...failures.keys()]) recent(a); // drop addresses with no recent failure
    },
    /** Addresses with failures kept (for tests and diagnostics). */
    get tracked(): number {
      return failures.size;
    },
    succeed(address: string): void {
      failures.delete(address);
    },
  };
}

/** The failures of sign-ins per address, shared by every way in (see failureCounter). */
export type FailureCounter = ReturnType<typeof failureCounter>;

/** The 429 answer's error for `wait` ms left, with its Retry-After header set on `ctx`. */
export function tooManyFailures(ctx: Koa.Context, wait: number): HttpError {
  const seconds = Math.ceil(wait / 1000);
  ctx.set('Retry-After', String(seconds));
  return new HttpError(429, `too many failed sign-ins, try again in ${seconds} s`);
}

/**
 * Koa middleware throttling failed sign-ins on POST /api/auth/me (see the file comment).
 * `counter` shares the counts with the players' API (src/subsonic/auth.ts), so each
 * address has one budget of failures whichever way it signs in.
 */
export function loginThrottle(options: ThrottleOptions & { counter?: FailureCounter } = {}): Koa.Middleware {
  const counter = options.counter ?? failureCounter(options);
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== '/api/auth/me') return next();
    const address = ctx.ip;
    const wait = counter.blockedFor(address);
    if (wait > 0) throw tooManyFailures(ctx, wait);
    try {
      await next();
    } catch (err) {
      if (err instanceof Unauthorized) counter.fail(address);
      throw err;
    }
    if (ctx.status === 401) counter.fail(address);
    else if (ctx.status === 200) counter.succeed(address);
  };
}
