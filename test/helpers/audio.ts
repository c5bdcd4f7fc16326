/**
 * Audio made and measured with the real ffmpeg and ffprobe (Debian's package), for the
 * transcoding tests: tones of a given length and format, and what ffprobe reads of an
 * answer's bytes (codec, duration, bit rate).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes a `seconds` long 440 Hz stereo tone to `file`, encoded by ffmpeg's `codecArgs` (default: 16-bit PCM, by the extension). */
export function makeTone(file: string, seconds: number, codecArgs: string[] = []): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, '-ac', '2', ...codecArgs, '-y', file]);
}

export interface Probed {
  codec: string;
  /** Seconds. */
  duration: number;
  /** bit/s (the format's average). */
  bitRate: number;
}

/** What ffprobe reads of `bytes` (an audio file's content): first audio stream's codec, duration, average bit rate. */
export function probe(bytes: Buffer): Probed {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-probe-'));
  const file = path.join(dir, 'answer');
  try {
    fs.writeFileSync(file, bytes);
    const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name:format=duration,bit_rate', '-of', 'json', file], { encoding: 'utf8' });
    const json = JSON.parse(out) as { streams: { codec_name: string }[]; format: { duration: string; bit_rate: string } };
    return { codec: json.streams[0]?.codec_name ?? '', duration: Number(json.format.duration), bitRate: Number(json.format.bit_rate) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The ids of the running ffmpeg processes whose command line contains `text` (pgrep, procps). */
export function ffmpegPids(text: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', `^ffmpeg .*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** Waits until `check` holds, polling every 50 ms, for at most `ms`; answers whether it held. */
export async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
