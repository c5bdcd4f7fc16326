import { describe, expect, it } from 'vitest';
import { edgeMatch, editDistance, lyricNameMatch, matchLyricTask, similarity, TaskStatus } from '../../../src/lyrics/index.js';

const task = (id: number, file_name: string, status: number = TaskStatus.SUCCESS) => ({ id, work_id: 1012345, file_name, status });

describe('similarity measures', () => {
  it('editDistance counts insertions, deletions and substitutions, case-insensitively, by character', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ABC', 'abc')).toBe(0);
    expect(editDistance('耳かき', '耳かきSE')).toBe(2);
  });
  it('similarity is 1 - distance / longer length', () => {
    expect(similarity('abcde', 'abcdX')).toBeCloseTo(0.8);
    expect(similarity('', '')).toBe(1);
  });
  it('edgeMatch measures the shared prefix and suffix against the shorter name', () => {
    expect(edgeMatch('track_rain_long_version', 'track_rain')).toBe(1);
    expect(edgeMatch('abcXXXXyz', 'abcyz')).toBe(1);
    expect(edgeMatch('abcXXXXyz', 'abcYyz')).toBeCloseTo(5 / 6);
    expect(edgeMatch('abcdefghij', 'zzzzzzzzzz')).toBe(0);
  });
});

describe('lyricNameMatch (spec 000 section 9)', () => {
  it('matches equal names and names the audio title contains, ignoring extensions', () => {
    expect(lyricNameMatch('01_プロローグ.mp3', '01_プロローグ.wav')).toBe(true);
    expect(lyricNameMatch('01_プロローグ_高音質.mp3', '01_プロローグ.mp3')).toBe(true);
  });
  it('counts the あり/なし swap as the same track', () => {
    expect(lyricNameMatch('02_耳かき_SEあり.mp3', '02_耳かき_SEなし.mp3')).toBe(true);
    expect(lyricNameMatch('02_耳かき_SEなし.flac', '02_耳かき_SEあり.mp3')).toBe(true);
  });
  it('never matches tracks that differ only in their numbers', () => {
    expect(lyricNameMatch('track01_rain.mp3', 'track02_rain.mp3')).toBe(false);
    expect(lyricNameMatch('Part A.mp3', 'Part B.mp3')).toBe(false);
  });
  it('matches similarity above 0.8 and edge match above 0.9, and nothing weaker', () => {
    expect(lyricNameMatch('おやすみなさいのささやき.mp3', 'おやすみなさいささやき.mp3')).toBe(true); // similarity 11/12
    expect(lyricNameMatch('rain sounds - long take (binaural).mp3', 'rain sounds (binaural).mp3')).toBe(true); // edge match 1
    expect(lyricNameMatch('01_プロローグ.mp3', '03_おやすみ.mp3')).toBe(false);
  });
});

describe('matchLyricTask: stage 1 then stage 2', () => {
  it('stage 1: a successful task with exactly the title, not loose', () => {
    const tasks = [task(1, '02_耳かき_SEなし.mp3'), task(2, '02_耳かき_SEあり.mp3')];
    expect(matchLyricTask('02_耳かき_SEあり.mp3', tasks)).toEqual({ task: tasks[1], loose: false });
  });
  it('stage 2: the fuzzy match, flagged loose', () => {
    const tasks = [task(1, '01_プロローグ.mp3'), task(2, '02_耳かき_SEなし.mp3')];
    expect(matchLyricTask('02_耳かき_SEあり.mp3', tasks)).toEqual({ task: tasks[1], loose: true });
  });
  it('ignores tasks that did not succeed, and answers null when nothing matches', () => {
    const tasks = [task(1, '02_耳かき.mp3', TaskStatus.PENDING), task(2, '02_耳かき.mp3', TaskStatus.ERROR), task(3, '01_プロローグ.mp3')];
    expect(matchLyricTask('02_耳かき.mp3', tasks)).toBeNull();
    expect(matchLyricTask('02_耳かき.mp3', [])).toBeNull();
  });
  it('follows has_lrc when the server says it: a retried task still serves its lyric', () => {
    const retried = { ...task(1, '02_耳かき.mp3', TaskStatus.PENDING), has_lrc: true };
    const failedRetry = { ...task(2, '01_プロローグ.mp3', TaskStatus.ERROR), has_lrc: true };
    const none = { ...task(3, '03_おやすみ.mp3', TaskStatus.SUCCESS), has_lrc: false };
    expect(matchLyricTask('02_耳かき.mp3', [retried])).toEqual({ task: retried, loose: false });
    expect(matchLyricTask('01_プロローグ.mp3', [failedRetry])).toEqual({ task: failedRetry, loose: false });
    expect(matchLyricTask('03_おやすみ.mp3', [none])).toBeNull();
  });
});
