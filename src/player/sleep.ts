/**
 * Sleep timer helpers (spec 000 section 4 "Sleep timer"): the listener sets a time of day
 * HH:MM; when the clock reaches it playback pauses and the timer clears. Local time.
 * Beyond the spec, as audiobook players offer: a duration from now (SLEEP_DURATIONS_MINUTES,
 * kept as the time of day it falls due, so every screen shows it as the spec's timer), and
 * "at the end of this track" (the reducer's `sleepAtTrackEnd`).
 */

/** The durations (minutes) the sleep timer offers besides a time of day. */
export const SLEEP_DURATIONS_MINUTES = [15, 30, 45, 60, 90] as const;
/** The longest duration accepted (a day), in minutes. */
export const SLEEP_MAX_MINUTES = 24 * 60;

/** Parses 'HH:MM' (00:00..23:59, one or two digit hour) into hours and minutes, or null. */
export function parseSleepTime(text: string): { hours: number; minutes: number } | null {
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 23 || minutes > 59) return null;
  return { hours, minutes };
}

/** Normalises a valid time to 'HH:MM' (two digits each), or null when invalid. */
export function formatSleepTime(text: string): string | null {
  const t = parseSleepTime(text);
  if (!t) return null;
  return `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}`;
}

/**
 * The instant (ms since epoch) a sleep time set at `setAt` (ms) falls due: the first
 * local HH:MM:00 strictly after `setAt`, so 07:00 set at 23:00 is tomorrow morning.
 * Returns null for an invalid time.
 */
export function sleepDueAt(sleepTime: string, setAt: number): number | null {
  const t = parseSleepTime(sleepTime);
  if (!t) return null;
  const due = new Date(setAt);
  due.setHours(t.hours, t.minutes, 0, 0);
  if (due.getTime() <= setAt) due.setDate(due.getDate() + 1);
  return due.getTime();
}

/** True when a timer due at `dueAt` (ms, or null for no timer) has been reached at `now` (ms). */
export function isSleepDue(dueAt: number | null, now: number): boolean {
  return dueAt !== null && now >= dueAt;
}

/**
 * A timer `minutes` (a whole number 1..SLEEP_MAX_MINUTES) from `now` (ms since epoch):
 * `{time: 'HH:MM' local, dueAt: ms}`, due exactly `minutes` later (seconds kept, so 15
 * minutes are 15 minutes, not up to the next whole minute). Null for other minutes.
 */
export function sleepAfter(minutes: number, now: number): { time: string; dueAt: number } | null {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > SLEEP_MAX_MINUTES || !Number.isFinite(now)) return null;
  const dueAt = now + minutes * 60_000;
  const due = new Date(dueAt);
  return { time: `${String(due.getHours()).padStart(2, '0')}:${String(due.getMinutes()).padStart(2, '0')}`, dueAt };
}
