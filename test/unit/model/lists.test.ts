import { describe, expect, it } from 'vitest';
import {
  FAVOURITE_ORDERS, favouritesOrderParams, lyricPartsOf, lyricStatusesWith, lyricStatusOf, newSeed, PROGRESS_VALUES, SEED_MAX, SEED_MIN,
  withLyricPart, WORK_ORDERS, WORK_SORT_ORDERS, WorkStatus,
} from '../../../src/model/index.js';

describe('the spec lists (spec 000 sections 3 and 9)', () => {
  it('newSeed gives integers 0..99, and over many draws both ends', () => {
    const seeds = Array.from({ length: 5000 }, newSeed);
    expect(seeds.every((s) => Number.isInteger(s) && s >= 0 && s <= 99)).toBe(true);
    expect([SEED_MIN, SEED_MAX]).toEqual([0, 99]);
    expect(Math.min(...seeds)).toBe(0);
    expect(Math.max(...seeds)).toBe(99);
  });

  it('lists the values in the spec order, defaults first', () => {
    expect(PROGRESS_VALUES).toEqual(['marked', 'listening', 'listened', 'replay', 'postponed']);
    expect(WORK_SORT_ORDERS[0]).toBe('release');
    expect(WORK_ORDERS).toEqual([...WORK_SORT_ORDERS, 'betterRandom']);
    expect(FAVOURITE_ORDERS[0]).toBe('updated_at');
  });

  it('favourites sort rule: allage is nsfw ascending, nsfw is nsfw descending, whatever the direction', () => {
    expect(favouritesOrderParams('allage', 'desc')).toEqual({ order: 'nsfw', sort: 'asc' });
    expect(favouritesOrderParams('nsfw', 'asc')).toEqual({ order: 'nsfw', sort: 'desc' });
    expect(favouritesOrderParams('release', 'asc')).toEqual({ order: 'release', sort: 'asc' });
  });

  it('work statuses of DESIGN section 7', () => {
    expect(WorkStatus).toEqual({ NewTrial: 0, DownloadWanted: 1, Downloading: 2, InLibrary: 3, Disliked: 4 });
  });
});

describe('lyric_status (spec 000 section 3)', () => {
  it('joins parts sorted with an underscore', () => {
    expect(lyricStatusOf([])).toBe('');
    expect(lyricStatusOf(['local', 'ai'])).toBe('ai_local');
    expect(lyricStatusOf(['local', 'local'])).toBe('local');
    expect(lyricPartsOf('ai_local')).toEqual(['ai', 'local']);
    expect(lyricPartsOf('')).toEqual([]);
  });

  it('adds or drops one part and keeps the other', () => {
    expect(withLyricPart('', 'local', true)).toBe('local');
    expect(withLyricPart('ai', 'local', true)).toBe('ai_local');
    expect(withLyricPart('ai_local', 'local', false)).toBe('ai');
    expect(withLyricPart('local', 'ai', true)).toBe('ai_local');
    expect(withLyricPart('ai_local', 'ai', false)).toBe('local');
    expect(withLyricPart('ai', 'ai', false)).toBe('');
  });

  it('lists the statuses that hold a part (the list filter)', () => {
    expect(lyricStatusesWith('ai')).toEqual(['ai', 'ai_local']);
    expect(lyricStatusesWith('local')).toEqual(['local', 'ai_local']);
  });
});
