/**
 * LRC lyrics (spec 000 section 4 "Lyric loading"): parsing, formatting and the
 * current-line lookup the web player and the TUI share. Pure: runs in Node and
 * in the browser (no node: imports). Times are seconds.
 */

/** One timed lyric line. `time` in seconds from the start of the track. */
export interface LrcLine { time: number; text: string }

// [mm:ss], [mm:ss.x], [mm:ss.xx], [mm:ss.xxx], [mm:ss:xx] and [h:mm:ss.xx]
const STAMP = /\[(\d+:\d{1,2}(?:[.:]\d{1,3})?(?:\.\d{1,3})?)\]/y;
const TAG = /^\[([a-zA-Z#]+):(.*)\]\s*$/;
const WORD_STAMP = /<\d+:\d{1,2}(?:[.:]\d{1,3})?>/g;

/**
 * Seconds of a timestamp body: 'm:ss', 'm:ss.f', 'm:ss:ff' (colon before the fraction)
 * or 'h:mm:ss.f'. The fraction is decimal ('.5' = 0.5 s, ':25' = 0.25 s).
 */
function stampSeconds(body: string): number {
  const [whole, frac] = body.split('.');
  const parts = whole!.split(':');
  let fraction = frac ?? '';
  let hms = parts;
  if (parts.length === 3 && frac === undefined) {
    fraction = parts[2]!;
    hms = parts.slice(0, 2);
  }
  const [h, m, s] = hms.length === 3 ? hms : ['0', ...hms];
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + (fraction ? Number(fraction) / 10 ** fraction.length : 0);
}

/**
 * Reads the metadata tags of an LRC document (`[ti:..]`, `[ar:..]`, `[offset:+500]`, ...).
 * Returns lower-case tag names mapped to their trimmed values.
 */
export function parseLrcTags(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const m = TAG.exec(raw.trim());
    if (m) tags[m[1]!.toLowerCase()] = m[2]!.trim();
  }
  return tags;
}

/**
 * Parses LRC text into lines sorted by time.
 * - A line may carry several timestamps (`[00:01.00][00:09.50]chorus`): one entry each.
 * - `[offset:N]` (milliseconds; positive shows lyrics earlier) is applied to every time,
 *   never below 0.
 * - Metadata tags, blank lines and lines without a timestamp are left out; a timestamp
 *   with no text gives an entry with text '' (it clears the display).
 * - Word timestamps (`<00:01.20>`) inside the text are removed.
 * Input: the whole file as a string (BOM and CRLF accepted). Output: LrcLine[] (seconds).
 */
export function parseLrc(text: string): LrcLine[] {
  const offset = Number(parseLrcTags(text).offset ?? 0);
  const shift = Number.isFinite(offset) ? offset / 1000 : 0;
  const lines: LrcLine[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const times: number[] = [];
    STAMP.lastIndex = 0;
    let m: RegExpExecArray | null;
    let end = 0;
    while ((m = STAMP.exec(line))) {
      times.push(stampSeconds(m[1]!));
      end = STAMP.lastIndex;
    }
    if (!times.length) continue;
    const body = line.slice(end).replace(WORD_STAMP, '').trim();
    for (const t of times) lines.push({ time: Math.max(0, round3(t - shift)), text: body });
  }
  // stable sort keeps the file order of lines sharing a time
  return lines.map((l, i) => ({ l, i })).sort((a, b) => a.l.time - b.l.time || a.i - b.i).map((x) => x.l);
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Formats seconds as an LRC timestamp body `mm:ss.xx` (minutes may exceed 59). */
export function formatLrcTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const m = Math.floor(cs / 6000);
  const s = Math.floor((cs % 6000) / 100);
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
}

/** Writes lines as LRC text: one `[mm:ss.xx]text` per line, '\n' separated, trailing newline. */
export function formatLrc(lines: LrcLine[]): string {
  return lines.map((l) => `[${formatLrcTime(l.time)}]${l.text}`).join('\n') + (lines.length ? '\n' : '');
}

/**
 * Index of the line showing at `seconds`: the last line whose time is at or before it,
 * -1 before the first line (or with no lines). `lines` must be sorted by time (as
 * parseLrc returns them). Binary search: O(log n).
 */
export function currentLineIndex(lines: readonly LrcLine[], seconds: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.time <= seconds) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
