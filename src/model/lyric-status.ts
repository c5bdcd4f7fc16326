/**
 * A work's `lyric_status` (spec 000 section 3): its lyric parts, 'local' (lyric files
 * beside the audio) and/or 'ai' (a successful AI lyric task), sorted and joined by an
 * underscore: '', 'ai', 'local' or 'ai_local'. The `lyric` list parameter has the same form.
 */
import type { LyricPart } from './lists.js';

/** Every lyric_status value. */
export const LYRIC_STATUSES = ['', 'ai', 'local', 'ai_local'] as const;
export type LyricStatus = (typeof LYRIC_STATUSES)[number];

/** The lyric_status of a set of parts: ['local', 'ai'] -> 'ai_local'; [] -> ''. Repeats count once. */
export function lyricStatusOf(parts: Iterable<LyricPart>): LyricStatus {
  return [...new Set(parts)].sort().join('_') as LyricStatus;
}

/** The parts of a lyric_status: 'ai_local' -> ['ai', 'local']; unknown parts are dropped. */
export function lyricPartsOf(status: string): LyricPart[] {
  return status.split('_').filter((p): p is LyricPart => p === 'ai' || p === 'local');
}

/**
 * The lyric_status with `part` present or not, keeping the other part:
 * ('ai', 'local', true) -> 'ai_local'; ('ai_local', 'local', false) -> 'ai'.
 */
export function withLyricPart(current: string, part: LyricPart, present: boolean): LyricStatus {
  const others = lyricPartsOf(current).filter((p) => p !== part);
  return lyricStatusOf(present ? [...others, part] : others);
}

/** The lyric_status values containing `part`: 'ai' -> ['ai', 'ai_local'] (the list filter). */
export function lyricStatusesWith(part: LyricPart): LyricStatus[] {
  return LYRIC_STATUSES.filter((s) => lyricPartsOf(s).includes(part));
}
