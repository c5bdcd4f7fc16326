/**
 * Sleep timer helpers (spec 000 section 4 "Sleep timer"): the listener sets a time of day
 * HH:MM; when the clock reaches it playback pauses and the timer clears. Local time.
 */

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
