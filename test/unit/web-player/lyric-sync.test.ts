/** The lyric sync tool (spec 000 section 4): ready -> measure -> done -> apply -> ready. */
import { describe, expect, it } from 'vitest';
import { appliedOffset, formatDelta, SYNC_READY, syncReducer } from '../../../web/src/player/lyricSync.js';
import { lyricTime } from '../../../web/src/player/lyricTime.js';

describe('lyric sync tool', () => {
  it('goes ready -> measure -> done with the measured delta', () => {
    const measuring = syncReducer(SYNC_READY, { type: 'start', first: 'lyric', now: 1000 });
    expect(measuring).toEqual({ phase: 'measure', first: 'lyric', startedAt: 1000 });
    expect(syncReducer(measuring, { type: 'mark', now: 1250 })).toEqual({ phase: 'done', first: 'lyric', deltaMs: 250 });
  });
  it('ignores actions out of phase and resets to ready', () => {
    expect(syncReducer(SYNC_READY, { type: 'mark', now: 5 })).toBe(SYNC_READY);
    const done = syncReducer(syncReducer(SYNC_READY, { type: 'start', first: 'audio', now: 0 }), { type: 'mark', now: 10 });
    expect(syncReducer(done, { type: 'start', first: 'lyric', now: 20 })).toBe(done);
    expect(syncReducer(done, { type: 'reset' })).toEqual({ phase: 'ready' });
  });
  it('a lyric that came first is delayed, one that came late brought forward, rounded to 4 decimals', () => {
    expect(appliedOffset(0, { first: 'lyric', deltaMs: 250 })).toBe(0.25);
    expect(appliedOffset(0.1, { first: 'audio', deltaMs: 333.33333 })).toBe(-0.2333);
    // applied: the line that showed 0.25 s early now shows at the voice
    expect(lyricTime(10.25, appliedOffset(0, { first: 'lyric', deltaMs: 250 }))).toBe(10);
  });
  it('shows a delta under 1 ms blank', () => {
    expect(formatDelta(0.4)).toBe('');
    expect(formatDelta(1)).toBe('0.001 s');
    expect(formatDelta(1250)).toBe('1.250 s');
  });
});
