/**
 * Work codes (DESIGN section 5, spec 000 section 2): `RJ`, `VJ` or `BJ` followed by
 * 6 or 8 digits, any case, anywhere in a name. The numeric part is the work id.
 */

export type CodePrefix = 'RJ' | 'VJ' | 'BJ';
export interface WorkCode { prefix: CodePrefix; id: number }

// Not preceded or followed by another digit or letter, so "RJ1234567" (7 digits) and "XRJ123456" do not count.
const CODE_RE = /(?<![A-Za-z0-9])(RJ|VJ|BJ)(\d{8}|\d{6})(?!\d)/i;

/** Finds the first work code in a folder or file name; null when there is none. */
export function parseWorkCode(name: string): WorkCode | null {
  const m = CODE_RE.exec(name);
  if (!m) return null;
  return { prefix: m[1]!.toUpperCase() as CodePrefix, id: Number(m[2]) };
}

/** The name with every work code in it removed (nothing else changed). */
export function removeWorkCodes(name: string): string {
  return name.replace(new RegExp(CODE_RE.source, 'gi'), '');
}

/**
 * Formats a work code as the spec shows it: prefix plus the id padded to 6 digits,
 * or 8 when the id is above 1,000,000. `formatWorkCode(1012345)` -> 'RJ01012345'.
 */
export function formatWorkCode(id: number, prefix: string = 'RJ'): string {
  return prefix + String(id).padStart(id > 1_000_000 ? 8 : 6, '0');
}

/**
 * Reads a work id typed by a person: '01012345', 'RJ01012345', 'rj299717', '299717', and
 * the 8-digit codes written without their leading zero ('1012345', 'RJ1012345': the
 * number as it reads). Returns the numeric id, or null when the text is not a work code.
 */
export function parseWorkIdInput(text: string): number | null {
  const m = /^\s*(?:RJ|VJ|BJ)?(\d{6,8})\s*$/i.exec(text);
  return m ? Number(m[1]) : null;
}
