/**
 * A small concurrency bound for async work: at most `n` calls of `fn` run at once.
 */

/** Returns a wrapper of `fn` that runs at most `n` calls at the same time (n >= 1). */
export function limited<A extends unknown[], R>(n: number, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (...args: A) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn(...args);
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
