/**
 * How far a listener got in a saved history (src/player/history.ts historyProgress), the
 * figure behind the progress bar on work cards and the "continue listening" shelf.
 */
import { describe, expect, it } from 'vitest';
import { FINISHED_PROGRESS, historyProgress } from '../../../src/player/index.js';

const queue = (...durations: (number | undefined)[]) => durations.map((duration, i) => ({ hash: `1/${i}`, title: `t${i}`, duration }));

describe('history progress', () => {
  it('counts the tracks before the saved one and the saved seconds, over the whole queue', () => {
    expect(historyProgress({ queue: queue(100, 200, 100), index: 1, seconds: 50 })).toBeCloseTo(150 / 400);
    expect(historyProgress({ queue: queue(100, 200, 100), index: 0, seconds: 0 })).toBe(0);
    expect(historyProgress({ queue: queue(100, 200, 100), index: 2, seconds: 100 })).toBe(1);
  });

  it('clamps seconds past the track and an index past the queue', () => {
    expect(historyProgress({ queue: queue(100, 100), index: 0, seconds: 500 })).toBe(0.5);
    expect(historyProgress({ queue: queue(100, 100), index: 9, seconds: 100 })).toBe(1);
    expect(1 - FINISHED_PROGRESS).toBeGreaterThan(0);
  });

  it('is unknown (no bar) without a history, for an empty queue, or when a duration is missing', () => {
    expect(historyProgress(null)).toBeNull();
    expect(historyProgress({ queue: [], index: 0, seconds: 0 })).toBeNull();
    expect(historyProgress({ queue: queue(100, undefined), index: 0, seconds: 10 })).toBeNull();
    expect(historyProgress({ queue: queue(0, 0), index: 0, seconds: 0 })).toBeNull();
  });
});
