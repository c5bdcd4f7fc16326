/**
 * The sleep timer beyond the spec's time of day (src/player/sleep.ts, reducer.ts): a
 * duration from now, due exactly that many minutes later and shown as its time of day, and
 * "at the end of this track", which pauses when the playing track ends (moving on to the
 * next one, paused) and clears itself. One timer at a time.
 */
import { describe, expect, it } from 'vitest';
import { initialPlayerState, playerReducer, SLEEP_DURATIONS_MINUTES, sleepAfter, type PlayerAction, type PlayerState } from '../../../src/player/index.js';
import type { QueueItem } from '../../../src/model/index.js';

const tracks: QueueItem[] = [0, 1, 2].map((i) => ({ hash: `265946/${i + 10}`, title: `track ${i}` }));
const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const playing = (index = 0) => run(initialPlayerState(), { type: 'setQueue', queue: tracks, index });
const at = (h: number, m: number, s = 0) => new Date(2026, 10, 21, h, m, s).getTime();

describe('sleep timer by duration', () => {
  it('offers 15, 30, 45, 60 and 90 minutes', () => {
    expect([...SLEEP_DURATIONS_MINUTES]).toEqual([15, 30, 45, 60, 90]);
  });

  it('falls due exactly the minutes later (seconds kept), shown as that time of day, also past midnight', () => {
    const s = run(playing(), { type: 'setSleepAfter', minutes: 30, now: at(23, 50, 20) });
    expect(s.sleepTime).toBe('00:20');
    expect(s.sleepDueAt).toBe(at(23, 50, 20) + 30 * 60_000);
    expect(run(s, { type: 'clock', now: at(23, 50, 20) + 30 * 60_000 - 1 })).toBe(s);
    const due = run(s, { type: 'clock', now: at(23, 50, 20) + 30 * 60_000 });
    expect(due.playing).toBe(false);
    expect([due.sleepTime, due.sleepDueAt]).toEqual([null, null]);
  });

  it('ignores minutes that are not a whole number from 1 to a day', () => {
    const s = playing();
    for (const minutes of [0, -5, 1.5, Number.NaN, 24 * 60 + 1]) expect(run(s, { type: 'setSleepAfter', minutes, now: at(12, 0) })).toBe(s);
    expect(sleepAfter(24 * 60, at(12, 0))?.time).toBe('12:00');
  });
});

describe('sleep timer at the end of this track', () => {
  it('pauses when the track ends, on the next track, and clears itself', () => {
    const s = run(playing(0), { type: 'setSleepAtTrackEnd' });
    expect(s.sleepAtTrackEnd).toBe(true);
    const ended = run(s, { type: 'ended', random: 0 });
    expect(ended.playing).toBe(false);
    expect(ended.queueIndex).toBe(1);
    expect(ended.sleepAtTrackEnd).toBe(false);
    // without it the same end plays on
    expect(run(playing(0), { type: 'ended', random: 0 }).playing).toBe(true);
  });

  it('pauses a repeated track too, and the clock never fires it', () => {
    const s = run(playing(0), { type: 'setPlayMode', mode: 'repeat once' }, { type: 'setSleepAtTrackEnd' });
    expect(run(s, { type: 'clock', now: at(23, 59) })).toBe(s);
    const ended = run(s, { type: 'ended', random: 0 });
    expect([ended.playing, ended.queueIndex, ended.sleepAtTrackEnd]).toEqual([false, 0, false]);
  });

  it('one timer at a time: a time replaces it, it replaces a time, and cancelling clears either', () => {
    const trackEnd = run(playing(), { type: 'setSleepAtTrackEnd' });
    const timed = run(trackEnd, { type: 'setSleepAfter', minutes: 15, now: at(22, 0) });
    expect([timed.sleepTime, timed.sleepAtTrackEnd]).toEqual(['22:15', false]);
    const clock = run(trackEnd, { type: 'setSleepTimer', time: '23:00', now: at(22, 0) });
    expect([clock.sleepTime, clock.sleepAtTrackEnd]).toEqual(['23:00', false]);
    const back = run(timed, { type: 'setSleepAtTrackEnd' });
    expect([back.sleepTime, back.sleepDueAt, back.sleepAtTrackEnd]).toEqual([null, null, true]);
    expect(run(back, { type: 'clearSleepTimer' }).sleepAtTrackEnd).toBe(false);
  });
});
