/**
 * One ffmpeg process (README.md "Process lifetime"): spawned with its arguments, its
 * stdout the transcoded bytes, its stderr kept (the last 2 KB) for the error message.
 * `stop()` kills it (SIGKILL: the output is not wanted any more); the process also ends
 * when its output is read to the end. `exited` settles once the process is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

/** The ffmpeg program run (Debian's package: /usr/bin/ffmpeg on the PATH). */
export const FFMPEG = 'ffmpeg';
/** The ffprobe program (the same package). */
export const FFPROBE = 'ffprobe';

const STDERR_KEPT = 2048;

/** A running transcode. */
export interface FfmpegRun {
  /** The transcoded bytes. */
  stdout: Readable;
  /** Kills the process (idempotent). */
  stop(): void;
  /** Resolves with the exit code (null when killed) and the end of stderr once the process is gone. */
  exited: Promise<{ code: number | null; stderr: string }>;
  /** The process id (tests check it is gone). */
  pid: number | undefined;
}

/** Starts `ffmpeg args`. A spawn failure (no ffmpeg installed) shows as `exited` with code null and the error's message. */
export function runFfmpeg(args: string[]): FfmpegRun {
  const child: ChildProcess = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.once('error', (err) => resolve({ code: null, stderr: err.message }));
    child.once('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
  return {
    stdout: child.stdout!,
    pid: child.pid,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * The duration in seconds of the audio file at `file` read by ffprobe (for files whose
 * duration the scanner did not record), or null when ffprobe cannot tell within 10 s.
 */
export async function probeDuration(file: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', `file:${file}`], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => { out += chunk; });
    child.once('error', () => resolve(null));
    child.once('close', () => {
      const seconds = Number.parseFloat(out);
      resolve(Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    });
  });
}
