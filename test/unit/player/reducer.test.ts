import { describe, expect, it } from 'vitest';
import {
  initialPlayerState, playerReducer, currentTrack, nextPlayMode, type PlayerAction, type PlayerState,
} from '../../../src/player/index.js';
import type { QueueItem } from '../../../src/model/index.js';

const tracks: QueueItem[] = [0, 1, 2, 3].map((i) => ({ hash: `265946/${i + 10}`, title: `track ${i}`, workTitle: 'サキュバスアカデミア' }));
const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const queued = (index = 0, extra: Partial<PlayerState> = {}) => run(initialPlayerState(extra), { type: 'setQueue', queue: tracks, index });

describe('play mode cycle (spec 000 section 4)', () => {
  it('cycles order -> all repeat -> repeat once -> shuffle -> order', () => {
    const modes = [];
    let s = initialPlayerState();
    for (let i = 0; i < 5; i++) { modes.push(s.playMode); s = playerReducer(s, { type: 'cyclePlayMode' }); }
    expect(modes).toEqual(['order', 'all repeat', 'repeat once', 'shuffle', 'order']);
    expect(nextPlayMode('shuffle')).toBe('order');
  });
});

describe('end of track per mode', () => {
  it('order: goes to the next track and keeps playing', () => {
    const s = run(queued(1), { type: 'ended', random: 0 });
    expect(s.queueIndex).toBe(2);
    expect(s.playing).toBe(true);
    expect(currentTrack(s)?.title).toBe('track 2');
  });
  it('order: pauses on the last track', () => {
    const before = queued(3);
    const s = run(before, { type: 'ended', random: 0 });
    expect(s.queueIndex).toBe(3);
    expect(s.playing).toBe(false);
    expect(s.trackSerial).toBe(before.trackSerial);
  });
  it('all repeat: wraps from the last to the first', () => {
    const s = run(queued(3, { playMode: 'all repeat' }), { type: 'ended', random: 0 });
    expect(s.queueIndex).toBe(0);
    expect(s.playing).toBe(true);
  });
  it('repeat once: restarts the same track with a seek to 0', () => {
    const before = run(queued(2, { playMode: 'repeat once' }), { type: 'durationChange', duration: 600 }, { type: 'timeUpdate', seconds: 600 });
    const s = run(before, { type: 'ended', random: 0.9 });
    expect(s.queueIndex).toBe(2);
    expect(s.playing).toBe(true);
    expect(s.currentTime).toBe(0);
    expect(s.seekRequest?.seconds).toBe(0);
    expect(s.seekRequest?.serial).not.toBe(before.seekRequest?.serial);
  });
  it('shuffle: picks the track the random source points at (and reloads it)', () => {
    const before = queued(0, { playMode: 'shuffle' });
    expect(run(before, { type: 'ended', random: 0.6 }).queueIndex).toBe(2);
    expect(run(before, { type: 'ended', random: 0.99 }).queueIndex).toBe(3);
    const same = run(before, { type: 'ended', random: 0.1 });
    expect(same.queueIndex).toBe(0);
    expect(same.trackSerial).toBe(before.trackSerial + 1);
  });
});

describe('queue rules', () => {
  it('removing the playing track stops playback and resets the index to 0', () => {
    const s = run(queued(2), { type: 'removeFromQueue', index: 2 });
    expect(s.playing).toBe(false);
    expect(s.queueIndex).toBe(0);
    expect(s.queue.map((t) => t.title)).toEqual(['track 0', 'track 1', 'track 3']);
  });
  it('removing an earlier track shifts the index down and keeps the same track playing', () => {
    const before = queued(2);
    const s = run(before, { type: 'removeFromQueue', index: 0 });
    expect(s.queueIndex).toBe(1);
    expect(currentTrack(s)?.title).toBe('track 2');
    expect(s.playing).toBe(true);
    expect(s.trackSerial).toBe(before.trackSerial);
  });
  it('removing a later track leaves the index alone', () => {
    expect(run(queued(1), { type: 'removeFromQueue', index: 3 }).queueIndex).toBe(1);
  });
  it('next stops at the last track, previous at the first', () => {
    const last = queued(3);
    expect(run(last, { type: 'next' })).toBe(last);
    const first = queued(0);
    expect(run(first, { type: 'previous' })).toBe(first);
    expect(run(first, { type: 'next' }).queueIndex).toBe(1);
    expect(run(last, { type: 'previous' }).queueIndex).toBe(2);
  });
  it('setting a track outside the queue is ignored', () => {
    const s = queued(1);
    expect(run(s, { type: 'setTrack', index: 4 })).toBe(s);
    expect(run(s, { type: 'setTrack', index: -1 })).toBe(s);
    expect(run(s, { type: 'setTrack', index: 1.5 })).toBe(s);
    expect(run(s, { type: 'setTrack', index: 3 }).queueIndex).toBe(3);
  });
  it('a volume outside 0..1 is ignored', () => {
    const s = queued();
    expect(run(s, { type: 'setVolume', volume: 1.2 })).toBe(s);
    expect(run(s, { type: 'setVolume', volume: -0.1 })).toBe(s);
    expect(run(s, { type: 'setVolume', volume: Number.NaN })).toBe(s);
    expect(run(s, { type: 'setVolume', volume: 0.37 }).volume).toBe(0.37);
  });
  it('play next inserts after the current track; add appends', () => {
    const extra = { hash: '1012345/1', title: 'extra' };
    expect(run(queued(1), { type: 'playNext', items: [extra] }).queue[2]).toEqual(extra);
    expect(run(queued(1), { type: 'addToQueue', items: [extra] }).queue[4]).toEqual(extra);
  });
  it('reordering keeps the playing track current', () => {
    const s = run(queued(1), { type: 'moveInQueue', from: 1, to: 3 });
    expect(s.queueIndex).toBe(3);
    expect(currentTrack(s)?.title).toBe('track 1');
    const t = run(queued(1), { type: 'moveInQueue', from: 3, to: 0 });
    expect(currentTrack(t)?.title).toBe('track 1');
  });
  it('emptying the queue stops playback', () => {
    const s = run(queued(2), { type: 'emptyQueue' });
    expect(s.queue).toEqual([]);
    expect(s.playing).toBe(false);
    expect(s.queueIndex).toBe(0);
  });
  it('play with an empty queue does nothing', () => {
    const s = initialPlayerState();
    expect(run(s, { type: 'play' })).toBe(s);
  });
});

describe('seek and speed', () => {
  it('clamps a seek to 0..duration', () => {
    const s = run(queued(), { type: 'durationChange', duration: 600 }, { type: 'timeUpdate', seconds: 590 });
    expect(run(s, { type: 'seekBy', seconds: 30 }).currentTime).toBe(600);
    expect(run(s, { type: 'seek', seconds: -5 }).currentTime).toBe(0);
    expect(run(s, { type: 'seekBy', seconds: -5 }).seekRequest?.seconds).toBe(585);
  });
  it('accepts a speed within 0.5..3 and ignores others', () => {
    const s = queued();
    expect(run(s, { type: 'setSpeed', speed: 0.4 })).toBe(s);
    expect(run(s, { type: 'setSpeed', speed: 3.1 })).toBe(s);
    expect(run(s, { type: 'setSpeed', speed: 2.5 }).speed).toBe(2.5);
  });
  it('rounds the lyric offset to 4 decimals and steps it by 0.1 s', () => {
    const s = run(queued(), { type: 'stepLyricOffset', steps: 3 });
    expect(s.lyricOffset).toBe(0.3);
    expect(run(s, { type: 'setLyricOffset', offset: 1.234567 }).lyricOffset).toBe(1.2346);
  });
});

describe('sleep timer', () => {
  const at = (h: number, m: number, s = 0) => new Date(2026, 10, 21, h, m, s).getTime();
  it('pauses and clears itself when the clock reaches the time', () => {
    const s = run(queued(), { type: 'setSleepTimer', time: '23:30', now: at(23, 0) });
    expect(s.sleepTime).toBe('23:30');
    expect(run(s, { type: 'clock', now: at(23, 29, 59) })).toBe(s);
    const due = run(s, { type: 'clock', now: at(23, 30) });
    expect(due.playing).toBe(false);
    expect(due.sleepTime).toBeNull();
  });
  it('an earlier time of day falls due tomorrow; invalid times are ignored; it can be cancelled', () => {
    const s = run(queued(), { type: 'setSleepTimer', time: '7:05', now: at(23, 0) });
    expect(s.sleepTime).toBe('07:05');
    expect(s.sleepDueAt).toBe(new Date(2026, 10, 22, 7, 5).getTime());
    expect(run(s, { type: 'setSleepTimer', time: '25:00', now: at(23, 0) })).toBe(s);
    expect(run(s, { type: 'clearSleepTimer' }).sleepTime).toBeNull();
  });
});

describe('history resume', () => {
  it('restores queue and index, asks for a seek to the saved seconds, and resumes until loaded', () => {
    const s = run(initialPlayerState(), { type: 'restoreHistory', state: { queue: tracks, index: 2, seconds: 123.5 }, play: false });
    expect(s.queueIndex).toBe(2);
    expect(s.playing).toBe(false);
    expect(s.seekRequest?.seconds).toBe(123.5);
    expect(s.resuming).toBe(true);
    expect(run(s, { type: 'trackLoaded' }).resuming).toBe(false);
  });
  it('an out-of-range saved index falls back to the first track', () => {
    const s = run(initialPlayerState(), { type: 'restoreHistory', state: { queue: tracks, index: 9, seconds: 0 } });
    expect(s.queueIndex).toBe(0);
    expect(s.playing).toBe(true);
  });
});
