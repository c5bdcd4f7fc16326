/**
 * Finding the AI lyric of a track (spec 000 section 4 "Lyric loading", section 9
 * "Lyric fuzzy match"). Pure: Node and browser.
 *
 * Stage 1: a task of the work serving a lyric whose file name is the track's title.
 * Stage 2: the work's tasks serving a lyric whose file name matches the title loosely
 * (similarity above 0.8 or edge match above 0.9, the あり/なし swap counted as the same);
 * the player then shows 'using loose lyric matching'.
 */
import { TaskStatus } from './status.js';

/**
 * What matching needs of a task (a LyricTask of src/model/wire.ts has these fields).
 * `has_lrc` says whether it serves a lyric (a retried task keeps its last one); without
 * it, a successful task does.
 */
export interface MatchableTask { id: number; work_id: number; file_name: string; status: number; has_lrc?: boolean }

/** A file name without its last extension ('01_a.mp3' -> '01_a'; 'a' -> 'a'). */
export function stripExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Levenshtein distance between two strings, case-insensitive, by code point. */
export function editDistance(a: string, b: string): number {
  const s = [...a.toLowerCase()];
  const t = [...b.toLowerCase()];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[t.length]!;
}

/** Similarity 0..1: 1 - editDistance / length of the longer string (1 for two empty strings). */
export function similarity(a: string, b: string): number {
  const longer = Math.max([...a].length, [...b].length);
  return longer === 0 ? 1 : (longer - editDistance(a, b)) / longer;
}

/**
 * Edge match 0..1: how much of the shorter string the two strings share at their edges,
 * that is (common prefix + common suffix, at most the shorter length) / shorter length.
 * 'track01_rain_SE' and 'track01_rain' -> 1 (all of the shorter is a shared prefix).
 */
export function edgeMatch(a: string, b: string): number {
  const s = [...a.toLowerCase()];
  const t = [...b.toLowerCase()];
  const shorter = Math.min(s.length, t.length);
  if (shorter === 0) return s.length === t.length ? 1 : 0;
  let prefix = 0;
  while (prefix < shorter && s[prefix] === t[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter && s[s.length - 1 - suffix] === t[t.length - 1 - suffix]) suffix++;
  return Math.min(shorter, prefix + suffix) / shorter;
}

/**
 * Whether a lyric task's file name belongs to an audio title, loosely (spec 000 section 9).
 * Both names are compared without extension.
 * - equal, or the audio name contains the task name: match;
 * - equal after swapping あり and なし (a track with and without sound effects): match;
 * - names that differ only in their digits, or have the same length and differ by at most
 *   2 edits, are different tracks of a series ('track01' vs 'track02'): no match;
 * - otherwise similarity above 0.8 or edge match above 0.9: match.
 */
export function lyricNameMatch(audioTitle: string, taskFileName: string): boolean {
  const a = stripExtension(audioTitle);
  const t = stripExtension(taskFileName);
  if (a === t || (t && a.includes(t))) return true;
  if (a.replace(/あり/g, 'なし') === t.replace(/あり/g, 'なし')) return true;
  const digits = /\d/g;
  if (/\d/.test(a) && /\d/.test(t) && a.replace(digits, '') === t.replace(digits, '')) return false;
  if ([...a].length === [...t].length && editDistance(a, t) <= 2) return false;
  return similarity(a, t) > 0.8 || edgeMatch(a, t) > 0.9;
}

/** The result of a lookup: the task whose LRC to load, and whether stage 2 (loose) found it. */
export interface LyricTaskMatch<T extends MatchableTask> { task: T; loose: boolean }

/**
 * Picks the AI lyric task for a track (spec 000 section 4 "Lyric loading").
 * `fileTitle` is the track title (its file name, e.g. '01_プロローグ.mp3'); `tasks` are
 * the tasks of the track's work (GET /api/lyric/translate/work/:id). Only tasks serving
 * a lyric count (has_lrc; status success when has_lrc is absent). Stage 1: file name
 * equal to the title -> {task, loose: false}. Stage 2: the first task passing
 * lyricNameMatch -> {task, loose: true}. Null when neither finds one.
 */
export function matchLyricTask<T extends MatchableTask>(fileTitle: string, tasks: readonly T[]): LyricTaskMatch<T> | null {
  const done = tasks.filter((t) => t.has_lrc ?? t.status === TaskStatus.SUCCESS);
  const exact = done.find((t) => t.file_name === fileTitle);
  if (exact) return { task: exact, loose: false };
  const loose = done.find((t) => lyricNameMatch(fileTitle, t.file_name));
  return loose ? { task: loose, loose: true } : null;
}
