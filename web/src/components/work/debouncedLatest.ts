/**
 * A debounced loader that keeps only the newest answer (pure, no React): `request()` calls
 * `load` once `delayMs` have passed without another request; an answer is applied only
 * when no later call was made meanwhile, so a slow older answer never overwrites a newer
 * one. Used for the work page's AI status call (spec 000 section 9: debounced 500 ms).
 */
export interface DebouncedLatest {
  /** Asks for a load `delayMs` after the last request. */
  request(): void;
  /** Cancels a pending load; answers still on their way are dropped. */
  dispose(): void;
}

/**
 * `load` runs debounced by `delayMs` (ms); its value goes to `apply`, its error to
 * `onError`, each only for the newest call and before `dispose()`.
 */
export function debouncedLatest<T>(load: () => Promise<T>, apply: (value: T) => void, onError: (err: unknown) => void, delayMs: number): DebouncedLatest {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let calls = 0;
  let disposed = false;
  return {
    request() {
      if (disposed) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const call = ++calls;
        const current = () => !disposed && call === calls;
        load().then((value) => current() && apply(value), (err: unknown) => current() && onError(err));
      }, delayMs);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}
