/**
 * The time typed at the seek prompt (`:`): `1:23:45` (hours, minutes, seconds), `83:45`
 * (minutes may pass 59 when no hours are given), `45` (seconds); a fraction of a second
 * (`1:02.5`) is kept. Minutes and seconds after a colon are 0..59.
 */

/** The seconds of a typed time, or null when `text` is no time. */
export function parseSeekTime(text: string): number | null {
  const m = /^(?:(?:(\d+):)?(\d+):)?(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const [, h, min, sec] = m;
  const seconds = Number(sec);
  const minutes = min === undefined ? 0 : Number(min);
  if (min !== undefined && seconds >= 60) return null;
  if (h !== undefined && minutes >= 60) return null;
  return (h === undefined ? 0 : Number(h) * 3600) + minutes * 60 + seconds;
}
