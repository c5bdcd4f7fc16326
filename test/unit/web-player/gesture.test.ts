/** Bar gestures (spec 000 section 9: hold 500 ms, vertical 15 px, horizontal 10 px). */
import { describe, expect, it } from 'vitest';
import { classifyGesture, dragSeekTarget } from '../../../web/src/player/gesture.js';

describe('classifyGesture', () => {
  it('stays idle under every threshold', () => {
    expect(classifyGesture('idle', 9, 14, 499)).toBe('idle');
    expect(classifyGesture('idle', -9, -14, 0)).toBe('idle');
  });
  it('up and down from 15 px of vertical movement', () => {
    expect(classifyGesture('idle', 0, -15, 10)).toBe('up');
    expect(classifyGesture('idle', 3, 15, 10)).toBe('down');
    expect(classifyGesture('idle', 0, -14, 10)).toBe('idle');
  });
  it('horizontal drag (seek) from 10 px sideways, or after a 500 ms hold', () => {
    expect(classifyGesture('idle', 10, 0, 10)).toBe('seek');
    expect(classifyGesture('idle', -12, 5, 10)).toBe('seek');
    expect(classifyGesture('idle', 0, 0, 500)).toBe('seek');
  });
  it('more vertical than horizontal past both thresholds is vertical', () => {
    expect(classifyGesture('idle', 12, -20, 10)).toBe('up');
    expect(classifyGesture('idle', 20, -16, 10)).toBe('seek');
  });
  it('a decided gesture keeps its kind', () => {
    expect(classifyGesture('seek', 0, -40, 10)).toBe('seek');
    expect(classifyGesture('up', 40, 0, 10)).toBe('up');
  });
});

describe('dragSeekTarget', () => {
  it('moves by the drag share of the bar times the duration, clamped', () => {
    expect(dragSeekTarget(100, 50, 500, 600)).toBe(160);
    expect(dragSeekTarget(100, -1000, 500, 600)).toBe(0);
    expect(dragSeekTarget(100, 1000, 500, 600)).toBe(600);
    expect(dragSeekTarget(7, 50, 500, 0)).toBe(7);
  });
});
