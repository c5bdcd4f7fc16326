/**
 * The work page's AI status call (spec 000 section 9: debounced 500 ms): many reasons in a
 * burst make one call, and a slow older answer never overwrites a newer one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debouncedLatest } from '../../../web/src/components/work/debouncedLatest.js';
import { AI_STATUS_DEBOUNCE_MS } from '../../../web/src/api/lyric.js';

/** A load whose answers the test releases by hand, in any order. */
function manualLoad() {
  const pending: Array<() => void> = [];
  let n = 0;
  const load = vi.fn(() => {
    const label = `answer ${++n}`;
    return new Promise<string>((resolve) => pending.push(() => resolve(label)));
  });
  /** Answers call `i` (0-based) and lets its continuation run. */
  const release = async (i: number) => {
    pending[i]!();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { load, release };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debouncedLatest', () => {
  it('is the spec\'s 500 ms', () => {
    expect(AI_STATUS_DEBOUNCE_MS).toBe(500);
  });

  it('makes one call 500 ms after the last of a burst of requests', async () => {
    const load = vi.fn(async () => 'tasks');
    const apply = vi.fn();
    const loader = debouncedLatest(load, apply, () => undefined, AI_STATUS_DEBOUNCE_MS);
    for (let i = 0; i < 5; i++) {
      loader.request();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(399);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith('tasks');
    // a request after the answer calls again
    loader.request();
    await vi.advanceTimersByTimeAsync(AI_STATUS_DEBOUNCE_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that arrives after a later call was made', async () => {
    const { load, release } = manualLoad();
    const apply = vi.fn();
    const loader = debouncedLatest(load, apply, () => undefined, AI_STATUS_DEBOUNCE_MS);
    loader.request();
    await vi.advanceTimersByTimeAsync(AI_STATUS_DEBOUNCE_MS); // call 1 (e.g. on opening the page), slow
    loader.request();
    await vi.advanceTimersByTimeAsync(AI_STATUS_DEBOUNCE_MS); // call 2 (after creating tasks)
    expect(load).toHaveBeenCalledTimes(2);
    await release(1);
    expect(apply.mock.calls).toEqual([['answer 2']]);
    await release(0);
    expect(apply.mock.calls).toEqual([['answer 2']]);
  });

  it('after dispose: no pending call, no late answer, no error', async () => {
    const { load, release } = manualLoad();
    const apply = vi.fn();
    const onError = vi.fn();
    const loader = debouncedLatest(load, apply, onError, AI_STATUS_DEBOUNCE_MS);
    loader.request();
    await vi.advanceTimersByTimeAsync(AI_STATUS_DEBOUNCE_MS);
    loader.request();
    loader.dispose();
    await vi.advanceTimersByTimeAsync(AI_STATUS_DEBOUNCE_MS * 2);
    expect(load).toHaveBeenCalledTimes(1);
    await release(0);
    expect(apply).not.toHaveBeenCalled();
    const failing = debouncedLatest(() => Promise.reject(new Error('offline')), apply, onError, AI_STATUS_DEBOUNCE_MS);
    failing.request();
    await vi.advanceTimersByTimeAsync(AI_STATUS_DEBOUNCE_MS);
    expect(onError).toHaveBeenCalledWith(new Error('offline'));
  });
});
