/**
 * A track's lyric as a player shows it (spec 000 section 4 "Lyric loading"): the timed
 * lines and where they came from, the track's local lyric file or an AI lyric task
 * matched by file name, exactly or loosely ('using loose lyric matching'). Pure: the
 * server's lookup (lookup.ts) and the TUI's remote mode build the same value.
 */
import { parseLrc, type LrcLine } from './lrc.js';
import type { LyricTaskMatch, MatchableTask } from './match.js';

/** A found lyric: its timed lines (seconds) and where they came from. */
export interface TrackLyric { lines: LrcLine[]; source: 'local' | 'ai' | 'ai-loose' }

/** The lyric of an AI task `match` found (matchLyricTask), from the LRC text it serves. */
export function aiTrackLyric(match: LyricTaskMatch<MatchableTask>, lrc: string): TrackLyric {
  return { lines: parseLrc(lrc), source: match.loose ? 'ai-loose' : 'ai' };
}
