import { describe, expect, it } from 'vitest';
import { formatTrackHash, isTrialHash, mediaPath, parseTrackHash, workIdOfHash } from '../../../src/model/index.js';

describe('track hash (spec 000 section 3 "Queue item")', () => {
  it('formats a library hash and the trial form', () => {
    expect(formatTrackHash(265946, 12)).toBe('265946/12');
    expect(formatTrackHash(265946, 12, { trial: false })).toBe('265946/12');
    expect(formatTrackHash(265946, 12, { trial: true })).toBe('rj265946/12');
  });

  it('parses what it formats, in both forms', () => {
    expect(parseTrackHash(formatTrackHash(1012345, 7))).toEqual({ workId: 1012345, fileId: 7, trial: false });
    expect(parseTrackHash(formatTrackHash(1012345, 7, { trial: true }))).toEqual({ workId: 1012345, fileId: 7, trial: true });
  });

  it("takes any letter before the trial 'j', in either case", () => {
    expect(parseTrackHash('RJ12/3')).toEqual({ workId: 12, fileId: 3, trial: true });
    expect(parseTrackHash('vj12/3')).toEqual({ workId: 12, fileId: 3, trial: true });
  });

  it('answers null for anything that is not two decimal ids', () => {
    for (const bad of ['', '12', '12/', '/3', 'a/3', '12/b', '12/3/4', ' 12/3', '12/3 ', '-1/3', '1.5/3', 'rj/3', 'r12/3', 'rjj12/3', 'jr12/3', '12\\3', '1234567890123456/1']) {
      expect(parseTrackHash(bad), bad).toBeNull();
    }
  });

  it('reads the work id and the trial mark', () => {
    expect(workIdOfHash('123456/7')).toBe(123456);
    expect(workIdOfHash('rj123456/7')).toBe(123456);
    expect(workIdOfHash('not a hash')).toBeNull();
    expect(isTrialHash('rj123456/7')).toBe(true);
    expect(isTrialHash('123456/7')).toBe(false);
  });

  it('maps a hash to its media call: trial hashes to the trial catalogue', () => {
    expect(mediaPath('stream', '123456/7')).toBe('/api/media/stream/123456/7');
    expect(mediaPath('check-lrc', '123456/7')).toBe('/api/media/check-lrc/123456/7');
    expect(mediaPath('stream', 'rj123456/7')).toBe('/api/fake/media/stream/rj123456/7');
    expect(mediaPath('small-img', 'RJ123456/7')).toBe('/api/fake/media/small-img/RJ123456/7');
  });
});
