/**
 * The novel section's vocabulary (spec 001 sections 3 and 9, DESIGN section 7): its sort
 * orders, the status of a novel (`process`), the detail page's progress dropdown
 * (`myProcess`) and how it maps to the list screens' progress values, the TXT limit, the
 * spider's success code and the word count in ten-thousands.
 */
import type { Progress } from './lists.js';

/** Novel list sort options, default create_datetime (spec 001 section 9). */
export const NOVEL_SORT_ORDERS = ['create_datetime', 'publish_datetime', 'rate', 'readCount', 'wordCount', 'lastRead_datetime'] as const;
export type NovelOrder = (typeof NOVEL_SORT_ORDERS)[number];

/** A novel's status `process`: 0 complete, 1 serial (spec 001 section 3). */
export const NOVEL_PROCESS = { complete: 0, serial: 1 } as const;
export type NovelProcess = (typeof NOVEL_PROCESS)[keyof typeof NOVEL_PROCESS];

/**
 * The detail page's progress dropdown `myProcess` (spec 001 section 3): 0 watching,
 * 1 watched, 2 shelved, 3 want to watch, stored as the list screens' progress values
 * listening, listened, postponed and marked.
 */
export const MY_PROCESS_PROGRESS = ['listening', 'listened', 'postponed', 'marked'] as const satisfies readonly Progress[];
export type MyProcess = 0 | 1 | 2 | 3;

/** The myProcess of a progress value; null for none or `replay` (no dropdown entry). */
export function myProcessOf(progress: Progress | null | undefined): MyProcess | null {
  const i = (MY_PROCESS_PROGRESS as readonly string[]).indexOf(progress ?? '');
  return i < 0 ? null : (i as MyProcess);
}

/** The progress value stored for a myProcess 0..3. */
export const progressOfMyProcess = (n: MyProcess): Progress => MY_PROCESS_PROGRESS[n];

/** Largest TXT upload in bytes (spec 001 sections 5 and 9: 4 MB). */
export const NOVEL_TXT_MAX_BYTES = 4_194_304;

/** The spider's success code (spec 001 section 7). */
export const SPIDER_OK = 2000;
/** The spider's codes of a failure (spec 001 section 8: a code other than 2000 shows its msg): an address or answer refused, a page that could not be fetched. */
export const SPIDER_REFUSED = 4000;
export const SPIDER_FAILED = 5000;

/** A word count in ten-thousands (万字) with one decimal, trailing '.0' dropped: 123456 -> '12.3', 50000 -> '5'. */
export function wordCountWan(words: number): string {
  return String(Math.round(words / 1000) / 10);
}

/**
 * A novel's publish time in its one stored form, `YYYY-MM-DDTHH:MM` (the add form's
 * datetime-local value; fixed width, so it sorts as a date): from `2024-03-05`,
 * `2024/3/5`, `2024.03.05 18:30`, `2024-03-05T18:30:15Z` (seconds and a zone are
 * dropped: the time as the page wrote it). Answers '' for a blank text and null for
 * anything that is not a real calendar date ('not a date', `2024-02-30`).
 */
export function novelPublishTime(text: string): string | null {
  const t = text.trim();
  if (!t) return '';
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(t);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0] = m.slice(1).map((s) => (s === undefined ? undefined : Number(s))) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${year}-${p2(month!)}-${p2(day!)}T${p2(hour)}:${p2(minute)}`;
}
