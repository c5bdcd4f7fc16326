/**
 * Bar gestures (spec 000 section 2 "Bar gestures", section 9 thresholds), pure: a press on
 * the player bar is 'idle' until it becomes one of
 * - 'up' (moved 15 px or more upwards, more vertical than horizontal): open the expanded player;
 * - 'down' (15 px or more downwards): close it;
 * - 'seek' (10 px or more sideways, or held 500 ms without moving): drag to seek.
 * Once decided a gesture keeps its kind until release.
 */
export type Gesture = 'idle' | 'up' | 'down' | 'seek';

export const HOLD_MS = 500;
export const VERTICAL_PX = 15;
export const HORIZONTAL_PX = 10;

/** The gesture after a move of (dx, dy) px (screen coordinates: negative dy is up) `heldMs` after the press. */
export function classifyGesture(current: Gesture, dx: number, dy: number, heldMs: number): Gesture {
  if (current !== 'idle') return current;
  if (Math.abs(dy) >= VERTICAL_PX && Math.abs(dy) > Math.abs(dx)) return dy < 0 ? 'up' : 'down';
  if (Math.abs(dx) >= HORIZONTAL_PX) return 'seek';
  if (heldMs >= HOLD_MS) return 'seek';
  return 'idle';
}

/**
 * The position a horizontal drag seeks to: the start position plus the drag's share of
 * the bar width times the duration, clamped to 0..duration (seconds).
 */
export function dragSeekTarget(startSeconds: number, dx: number, barWidth: number, duration: number): number {
  if (!(duration > 0) || !(barWidth > 0)) return startSeconds;
  return Math.min(duration, Math.max(0, startSeconds + (dx / barWidth) * duration));
}
