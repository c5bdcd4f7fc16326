/**
 * The requests whose handlers are still running (the middleware chain not yet settled),
 * so that a graceful stop (app.ts stopServer) closes the database only after them: a
 * client that goes away mid-request ends its connection, not its handler, which may still
 * be waiting for a database connection.
 */
import type Koa from 'koa';

export interface InFlight {
  /** The middleware that counts; first in the chain. */
  middleware: Koa.Middleware;
  /** Resolves once no handler runs (at once when none does). */
  settled(): Promise<void>;
}

/** A counter of handlers in flight for one app. */
export function handlersInFlight(): InFlight {
  let running = 0;
  let waiting: (() => void)[] = [];
  return {
    middleware: async (_ctx, next) => {
      running++;
      try {
        await next();
      } finally {
        if (--running === 0) {
          for (const resolve of waiting) resolve();
          waiting = [];
        }
      }
    },
    settled: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}
