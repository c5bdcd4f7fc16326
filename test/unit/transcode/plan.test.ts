/**
 * The transcoding decision and ffmpeg's command line (src/transcode/plan.ts, args.ts):
 * raw first, the lower of two rates, a file at or under the rate as stored (5% allowance),
 * defaults and clamps; the command seeks on input, reads a file: URL and writes to a pipe.
 */
import { describe, expect, it } from 'vitest';
import { ffmpegArgs, planStream, sourceBitRate } from '../../../src/transcode/index.js';

/** A 60 s file of `kbps` average bit rate named `name`. */
const file = (name: string, kbps: number, duration: number | null = 60) => ({ name, size: (kbps * 1000 * 60) / 8, duration });
const WAV = file('a.wav', 1411);

describe('planStream', () => {
  it.each([
    ['nothing asked', WAV, {}, {}, { transcode: false }],
    ['raw asked', WAV, { format: 'raw', maxBitRate: 64 }, {}, { transcode: false }],
    ["the player's raw", WAV, { maxBitRate: 64 }, { format: 'raw' }, { transcode: false }],
    ["the call's format over the player's raw", WAV, { format: 'mp3' }, { format: 'raw' }, { transcode: true, format: 'mp3', bitRate: 192 }],
    ['a rate alone', WAV, { maxBitRate: 64 }, {}, { transcode: true, format: 'mp3', bitRate: 64 }],
    ['the lower of two rates', WAV, { maxBitRate: 128 }, { maxBitRate: 96, format: 'opus' }, { transcode: true, format: 'opus', bitRate: 96 }],
    ['an unknown format ignored', WAV, { format: 'flv' }, {}, { transcode: false }],
    ['an mp3 under the rate', file('a.mp3', 128), { maxBitRate: 192, format: 'mp3' }, {}, { transcode: false }],
    ['an mp3 up to 5% over', file('a.mp3', 67), { maxBitRate: 64 }, {}, { transcode: false }],
    ['an mp3 more than 5% over', file('a.mp3', 68), { maxBitRate: 64 }, {}, { transcode: true, format: 'mp3', bitRate: 64 }],
    ['an mp3 asked as opus', file('a.mp3', 64), { format: 'opus' }, {}, { transcode: true, format: 'opus', bitRate: 192 }],
    ['a FLAC under a high rate', file('a.flac', 300), { maxBitRate: 320 }, {}, { transcode: false }],
    ['an unknown duration', file('a.flac', 900, null), { maxBitRate: 320 }, {}, { transcode: true, format: 'mp3', bitRate: 320 }],
    ['opus clamped to 256', WAV, { format: 'opus', maxBitRate: 320 }, {}, { transcode: true, format: 'opus', bitRate: 256 }],
    ['a rate clamped to 32', WAV, { maxBitRate: 8 }, {}, { transcode: true, format: 'mp3', bitRate: 32 }],
  ] as const)('%s', (_name, source, request, player, plan) => {
    expect(planStream(source, request, player)).toEqual(plan);
  });

  it('takes the bit rate over the whole file', () => {
    expect(sourceBitRate(file('a.mp3', 128))).toBeCloseTo(128);
    expect(sourceBitRate(file('a.mp3', 128, null))).toBeNull();
  });
});

describe('ffmpegArgs', () => {
  it('seeks on input, reads the file by the file protocol, keeps one audio stream, writes the container to stdout', () => {
    const args = ffmpegArgs('/lib/concat:x.wav', { format: 'mp3', bitRate: 64, offset: 12.5 });
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args[args.indexOf('-ss') + 1]).toBe('12.5');
    expect(args[args.indexOf('-i') + 1]).toBe('file:/lib/concat:x.wav');
    expect(args).toEqual(expect.arrayContaining(['-map', '0:a:0', '-c:a', 'libmp3lame', '-b:a', '64k', '-write_xing', '0', '-f', 'mp3', 'pipe:1']));
    expect(ffmpegArgs('/a.wav', { format: 'opus', bitRate: 96 })).toEqual(expect.arrayContaining(['-c:a', 'libopus', '-f', 'ogg', '-vbr', 'constrained']));
    expect(ffmpegArgs('/a.wav', { format: 'aac', bitRate: 128 })).toEqual(expect.arrayContaining(['-c:a', 'aac', '-f', 'adts']));
    expect(ffmpegArgs('/a.wav', { format: 'aac', bitRate: 128, offset: 0 })).not.toContain('-ss');
  });
});
