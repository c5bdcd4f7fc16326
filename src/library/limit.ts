/**
 * Concurrency bounds: a counting semaphore (the crawler's requests in flight), a wrapper
 * bounding a function (the scanner's duration reads and writes) and a bounded worker pool
 * (the crawler's works in progress). All honour an AbortSignal.
 */

/** Throws the signal's reason when it has been aborted. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason;
}

/**
 * A counting semaphore: at most `size` holders at once, FIFO for the waiting ones.
 * `acquire` resolves to a release function (call it exactly once); it rejects with the
 * signal's reason if the signal aborts while waiting. Waiters sharing a signal share one
 * 'abort' listener on it (added with the first, removed with the last), so any number of
 * waiters on one run's signal add one listener, not one each.
 */
export class Semaphore {
  private free: number;
  private readonly waiting: Array<{ grant: () => void; signal?: AbortSignal; reject: (reason: unknown) => void }> = [];
  /** The one 'abort' listener of each signal some waiter holds, with how many waiters hold it. */
  private readonly listeners = new Map<AbortSignal, { onAbort: () => void; waiters: number }>();

  constructor(size: number) {
    this.free = Math.max(1, Math.floor(size));
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    throwIfAborted(signal);
    if (this.free > 0) {
      this.free--;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const entry = {
        signal,
        reject,
        grant: () => {
          this.unwatch(signal);
          resolve();
        },
      };
      this.watch(signal);
      this.waiting.push(entry);
    });
    return this.releaser();
  }

  /** Counts one more waiter on `signal`, adding the signal's listener for the first. */
  private watch(signal?: AbortSignal): void {
    if (!signal) return;
    const held = this.listeners.get(signal);
    if (held) {
      held.waiters++;
      return;
    }
    const onAbort = () => {
      // every waiter of this signal leaves the queue, rejected with its reason
      this.listeners.delete(signal);
      for (let i = this.waiting.length - 1; i >= 0; i--) {
        const entry = this.waiting[i]!;
        if (entry.signal !== signal) continue;
        this.waiting.splice(i, 1);
        entry.reject(signal.reason);
      }
    };
    this.listeners.set(signal, { onAbort, waiters: 1 });
    signal.addEventListener('abort', onAbort, { once: true });
  }

  /** Counts one waiter fewer on `signal`, removing the signal's listener with the last. */
  private unwatch(signal?: AbortSignal): void {
    const held = signal && this.listeners.get(signal);
    if (!held || --held.waiters > 0) return;
    this.listeners.delete(signal);
    signal.removeEventListener('abort', held.onAbort);
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next) next.grant(); // the slot passes straight to the next waiter
      else this.free++;
    };
  }
}

/**
 * Runs `fn` on every item with at most `limit` calls in progress, in item order.
 * Resolves when all calls settled (errors of `fn` must be handled inside it: a rejection
 * is rethrown after the other workers finished). Stops taking new items once `signal`
 * aborts, then rejects with the signal's reason.
 */
export async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !signal?.aborted && !failure) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const workers = Array.from({ length: Math.min(Math.max(1, Math.floor(limit)), items.length) }, worker);
  await Promise.all(workers);
  throwIfAborted(signal);
  if (failure) throw (failure as { error: unknown }).error;
}

/** Returns a wrapper of `fn` that runs at most `n` calls at the same time (n >= 1), FIFO. */
export function limited<A extends unknown[], R>(n: number, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const semaphore = new Semaphore(n);
  return async (...args: A) => {
    const release = await semaphore.acquire();
    try {
      return await fn(...args);
    } finally {
      release();
    }
  };
}
