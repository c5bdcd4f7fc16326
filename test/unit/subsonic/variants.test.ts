/**
 * Which copy of a work's tracks its album lists (src/subsonic/variants.ts): sibling
 * folders with the same names below them and formats of their own are copies; the
 * preference, then the bit rate, then the name pick the one listed; each file left out
 * maps to its counterpart.
 */
import { describe, expect, it } from 'vitest';
import { unlistedCopies, type VariantFile } from '../../../src/subsonic/variants.js';

/** Files from relpaths: `kbps` sets each file's size for 10 s at that bit rate. */
const files = (paths: string[], kbps = 128): VariantFile[] => paths.map((relpath) => ({ relpath, duration: 10, size: (kbps * 1000 * 10) / 8 }));

describe('unlistedCopies', () => {
  it('leaves out the lossy copy by default and the lossless one for lossy, each file mapped to its counterpart', () => {
    const work = [...files(['mp3/01 a.mp3', 'mp3/02 b.mp3']), ...files(['WAV/01 A.wav', 'WAV/02 b.wav'], 1411)];
    expect(unlistedCopies(work, 'lossless')).toEqual(new Map([['mp3/01 a.mp3', 'WAV/01 A.wav'], ['mp3/02 b.mp3', 'WAV/02 b.wav']]));
    expect(unlistedCopies(work, 'lossy')).toEqual(new Map([['WAV/01 A.wav', 'mp3/01 a.mp3'], ['WAV/02 b.wav', 'mp3/02 b.mp3']]));
  });

  it('takes the higher bit rate within a class, then the first name', () => {
    const work = [...files(['mp3 128/01.mp3'], 128), ...files(['opus/01.opus'], 96), ...files(['m4a/01.m4a'], 256)];
    expect([...unlistedCopies(work, 'lossy').keys()].sort()).toEqual(['mp3 128/01.mp3', 'opus/01.opus']);
    const even = [...files(['b/01.flac']), ...files(['a/01.wav'])];
    expect([...unlistedCopies(even, 'lossless').keys()]).toEqual(['b/01.flac']);
  });

  it('compares names without case and in NFC', () => {
    const work = [...files(['mp3/ガ.mp3'.normalize('NFD')]), ...files(['wav/ガ.WAV'])];
    expect([...unlistedCopies(work, 'lossless').keys()]).toEqual(['mp3/ガ.mp3'.normalize('NFD')]);
  });

  it('finds no copies in one format, with a track more, or among loose files', () => {
    expect(unlistedCopies(files(['SE有り/01.mp3', 'SE無し/01.mp3']), 'lossless').size).toBe(0);
    expect(unlistedCopies(files(['mp3/01.mp3', 'mp3/02.mp3', 'wav/01.wav']), 'lossless').size).toBe(0);
    expect(unlistedCopies(files(['01.mp3', '01.wav']), 'lossless').size).toBe(0);
    expect(unlistedCopies(files(['mixed/01.mp3', 'mixed/02.wav', 'wav/01.wav', 'wav/02.wav']), 'lossless').size).toBe(0);
  });

  it('finds copies nested below a folder, and none inside a copy left out', () => {
    const work = files(['本編/mp3/01.mp3', '本編/wav/01.wav', '特典/01.mp3', 'mp3/x/1.mp3', 'mp3/y/1.mp3', 'wav/x/1.wav', 'wav/y/1.wav']);
    expect(unlistedCopies(work, 'lossless')).toEqual(new Map([
      ['mp3/x/1.mp3', 'wav/x/1.wav'], ['mp3/y/1.mp3', 'wav/y/1.wav'], ['本編/mp3/01.mp3', '本編/wav/01.wav'],
    ]));
  });
});
