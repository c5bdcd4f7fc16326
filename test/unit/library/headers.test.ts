/**
 * The header duration readers (src/library/headers) on the fixture library's audio and
 * on files ffmpeg makes in a temp dir, each compared with ffprobe's duration; formats
 * the headers cannot tell answer null, and the duration reader then parses the file in full.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseFile } from 'music-metadata';
import { beforeAll, describe, expect, it } from 'vitest';
import { headerDuration } from '../../../src/library/headers/index.js';
import { durationReader } from '../../../src/library/duration-pool.js';
import { libraryDir } from '../../helpers/server.js';
import { ffprobeDuration, tempDir } from './helpers.js';

/** Half a millisecond: durations agree with ffprobe's six decimals. */
const TOLERANCE = 0.0005;

const headerOf = (file: string) => headerDuration(file, fs.statSync(file).size);

function audioFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(mp3|flac|ogg|opus|m4a|wav)$/i.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('header durations of the fixture library', () => {
  const files = audioFiles(libraryDir);
  it('covers every format of the fixtures', () => {
    expect(new Set(files.map((f) => path.extname(f)))).toEqual(new Set(['.mp3', '.flac', '.ogg', '.opus', '.m4a', '.wav']));
  });
  it.each(files.map((f) => [path.relative(libraryDir, f), f]))('%s matches ffprobe', (_name, file) => {
    const d = headerOf(file);
    expect(d).not.toBeNull();
    expect(Math.abs(d! - ffprobeDuration(file))).toBeLessThan(TOLERANCE);
  });
});

describe('header durations of files made by ffmpeg', () => {
  let dir: string;
  /** A 7 s signal whose loudness changes every second, so a VBR encoder changes bitrate. */
  const source = ['-f', 'lavfi', '-i', "anoisesrc=d=7:c=pink:a=0.4,volume='if(lt(mod(t,2),1),1,0.02)':eval=frame", '-f', 'lavfi', '-i', 'sine=f=440:d=7', '-filter_complex', 'amix=inputs=2'];
  const make = (name: string, ...args: string[]) => {
    const file = path.join(dir, name);
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...source, ...args, file]);
    return file;
  };
  beforeAll(() => {
    dir = tempDir('audiolib-headers-');
  });

  it.each([
    ['VBR mp3 with a Xing header', 'vbr.mp3', ['-c:a', 'libmp3lame', '-q:a', '5']],
    ['CBR mp3 with an Info header', 'cbr-info.mp3', ['-c:a', 'libmp3lame', '-b:a', '128k']],
    ['CBR MPEG-2 mono mp3, no Info header', 'mpeg2.mp3', ['-c:a', 'libmp3lame', '-b:a', '32k', '-ar', '22050', '-ac', '1', '-write_xing', '0']],
    ['flac', 'a.flac', ['-c:a', 'flac']],
    ['flac with an ID3v2 tag', 'id3.flac', ['-c:a', 'flac', '-write_id3v2', '1', '-metadata', 'title=x']],
    ['ogg vorbis', 'a.ogg', ['-c:a', 'libvorbis', '-q:a', '3']],
    ['opus', 'a.opus', ['-c:a', 'libopus', '-b:a', '48k']],
    ['m4a (aac)', 'a.m4a', ['-c:a', 'aac', '-b:a', '96k']],
    ['m4a with moov at the front', 'faststart.m4a', ['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart']],
    ['wav (16-bit PCM)', 'a.wav', ['-c:a', 'pcm_s16le']],
    ['wav (24-bit, extensible)', 'b.wav', ['-c:a', 'pcm_s24le', '-ac', '6']],
    ['wav (float)', 'c.wav', ['-c:a', 'pcm_f32le']],
  ])('%s matches ffprobe', (_what, name, args) => {
    const file = make(name, ...args);
    const d = headerOf(file);
    expect(d).not.toBeNull();
    expect(Math.abs(d! - ffprobeDuration(file))).toBeLessThan(TOLERANCE);
  });

  it('a CBR mp3 with ID3v2 and ID3v1 tags and no Info header: its frames, without the tags', async () => {
    const file = make('cbr-tags.mp3', '-c:a', 'libmp3lame', '-b:a', '96k', '-write_xing', '0', '-id3v2_version', '3', '-write_id3v1', '1', '-metadata', 'title=雨音', '-metadata', 'artist=Circle');
    const d = headerOf(file)!;
    // ffprobe estimates from the size with the 128-byte ID3v1 tag counted as audio (10.7 ms at 96 kb/s)
    expect(Math.abs(d + (128 * 8) / 96_000 - ffprobeDuration(file))).toBeLessThan(TOLERANCE);
    // music-metadata counts the frames one by one
    const parsed = await parseFile(file, { duration: true });
    expect(Math.abs(d - parsed.format.duration!)).toBeLessThan(TOLERANCE);
  });

  it('a VBR mp3 without a Xing header is left to the full parser, which counts its frames', async () => {
    const withXing = make('counted.mp3', '-c:a', 'libmp3lame', '-q:a', '5');
    const bare = make('bare.mp3', '-c:a', 'libmp3lame', '-q:a', '5', '-write_xing', '0');
    expect(headerOf(bare)).toBeNull();
    const { duration } = await durationReader(0).read(bare, fs.statSync(bare).size);
    // the same frames as the file with a Xing header (ffprobe only estimates the bare one from its bitrate)
    expect(Math.abs(duration! - ffprobeDuration(withXing))).toBeLessThan(0.03);
  });

  it('formats without a header reader (wma, ADPCM wav) answer null', () => {
    expect(headerOf(make('a.wma', '-c:a', 'wmav2'))).toBeNull();
    expect(headerOf(make('adpcm.wav', '-c:a', 'adpcm_ms'))).toBeNull();
  });

  it('a broken file answers null or throws no garbage', () => {
    const junk = path.join(dir, 'junk.mp3');
    fs.writeFileSync(junk, Buffer.alloc(5000, 7));
    expect(headerOf(junk)).toBeNull();
    const empty = path.join(dir, 'empty.flac');
    fs.writeFileSync(empty, '');
    expect(headerOf(empty)).toBeNull();
  });
});
