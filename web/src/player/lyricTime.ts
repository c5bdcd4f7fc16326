/**
 * The lyric clock (spec 000 sections 3 and 5 "lyric offset"): the line showing is the one
 * at track time minus the listener's offset. A positive offset delays the lyric (it came
 * too early), a negative one brings it forward. Pure.
 */
import { currentLineIndex, type LrcLine } from '../../../src/lyrics/lrc.js';

/** Lyric time (s) = track time (s) - offset (s). */
export function lyricTime(seconds: number, offset: number): number {
  return seconds - offset;
}

/** Index of the line showing at `seconds` of the track with lyric `offset` (seconds); -1 before the first. */
export function lineAt(lines: readonly LrcLine[], seconds: number, offset: number): number {
  return currentLineIndex(lines, lyricTime(seconds, offset));
}
