/**
 * Step helpers for keys and buttons: they compute the next value inside the allowed
 * range, so the reducer (which ignores values outside it) always gets a valid one.
 */
import { SPEED_MAX, SPEED_MIN, SPEED_STEP, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from './constants.js';

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Volume after `steps` keyboard steps of 0.04, clamped to 0..1, rounded to 2 decimals. */
export function stepVolume(volume: number, steps: number): number {
  return Math.round(clamp(volume + steps * VOLUME_STEP, VOLUME_MIN, VOLUME_MAX) * 100) / 100;
}

/** Speed after `steps` steps of 0.25x, clamped to 0.5..3. */
export function stepSpeed(speed: number, steps: number): number {
  return Math.round(clamp(speed + steps * SPEED_STEP, SPEED_MIN, SPEED_MAX) * 100) / 100;
}

/** Seconds as 'm:ss' or 'h:mm:ss' (negative and non-finite as 0:00). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
