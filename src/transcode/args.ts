/**
 * ffmpeg's command line for one transcode (README.md "The ffmpeg command"): the first
 * audio stream of the file, from `offset` seconds (an input seek, so ffmpeg starts
 * decoding there instead of reading the whole beginning), re-encoded at a constant bit
 * rate into a container that can be written to a pipe, tags and pictures left out.
 */
import { TARGETS, type TranscodeFormat } from './formats.js';

export interface TranscodeOptions {
  format: TranscodeFormat;
  /** kbit/s. */
  bitRate: number;
  /** Seconds into the file to start at (0: the beginning). */
  offset?: number;
}

/** The arguments of `ffmpeg` (without the program name) writing the transcode of `input` (an absolute path) to stdout. */
export function ffmpegArgs(input: string, opts: TranscodeOptions): string[] {
  const target = TARGETS[opts.format];
  const offset = opts.offset && opts.offset > 0 ? ['-ss', String(opts.offset)] : [];
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'error',
    ...offset,
    // the file protocol, so no part of a name is read as another protocol ('concat:', 'http:')
    '-i', `file:${input}`,
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1',
    '-c:a', target.codec, '-b:a', `${opts.bitRate}k`,
    // no Xing header (it is written by seeking back, which a pipe cannot); Opus's rate kept near the asked one
    ...(opts.format === 'mp3' ? ['-write_xing', '0'] : opts.format === 'opus' ? ['-vbr', 'constrained'] : []),
    '-f', target.container, 'pipe:1',
  ];
}
