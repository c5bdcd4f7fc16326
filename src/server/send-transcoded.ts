/**
 * Transcoded answers (src/transcode/README.md "Answers"): the bytes ffmpeg writes, sent
 * while it runs (no temporary file), with the target's Content-Type and
 * `Accept-Ranges: none` (a transcode is sought by restarting at an offset, never by
 * Range). The process is killed when the client goes away, waiting or not; a HEAD answers
 * the headers without starting one.
 */
import path from 'node:path';
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import type { AppContext } from './context.js';
import { Invalid, say } from '../model/index.js';
import { TARGETS, transcoderOf, type FfmpegRun, type TranscodeFormat } from '../transcode/index.js';

export interface TranscodedAnswer {
  /** The absolute, checked path of the stored file. */
  path: string;
  /** The stored file's duration in seconds (null: unknown). */
  duration: number | null;
  format: TranscodeFormat;
  /** kbit/s. */
  bitRate: number;
  /** Seconds into the file the answer starts at (0: the beginning). */
  offset: number;
  /**
   * Answer a Content-Length estimated from the bit rate and the duration left (Subsonic
   * `estimateContentLength`); the bytes are then cut or padded with zeros to that length.
   */
  estimateContentLength?: boolean;
}

/** Bytes of `bitRate` kbit/s audio lasting `seconds`. */
export function estimatedLength(bitRate: number, seconds: number): number {
  return Math.ceil((bitRate * 1000 * Math.max(0, seconds)) / 8);
}

/** Passes exactly `length` bytes: cuts what comes after, pads a short output with zeros (decoders skip them). */
class ExactLength extends Transform {
  constructor(private left: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.left > 0) this.push(chunk.subarray(0, this.left));
    this.left -= Math.min(this.left, chunk.length);
    done();
  }

  override _flush(done: TransformCallback): void {
    while (this.left > 0) {
      const pad = Math.min(this.left, 64 * 1024);
      this.push(Buffer.alloc(pad));
      this.left -= pad;
    }
    done();
  }
}

/** The first chunk ffmpeg writes, or null when it exits having written nothing. */
function firstChunk(run: FfmpegRun): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      cleanup();
      run.stdout.pause();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const cleanup = () => {
      run.stdout.off('data', onData);
      run.stdout.off('end', onEnd);
      run.stdout.off('error', onEnd);
    };
    run.stdout.on('data', onData);
    run.stdout.once('end', onEnd);
    run.stdout.once('error', onEnd);
  });
}

/**
 * Answers the transcode of `answer.path`. Resolves when the answer is finished or the
 * client has gone. Throws, before anything is sent: Invalid (`media.offsetPastEnd`) for
 * an offset at or past the end of a file of known duration; Invalid
 * (`media.transcodeFailed`, ffmpeg's last error line, the file named by its name alone) when ffmpeg writes nothing.
 */
export async function sendTranscoded(ctx: AppContext, answer: TranscodedAnswer): Promise<void> {
  const { duration, offset } = answer;
  if (duration !== null && offset > 0 && offset >= duration) throw new Invalid(say('media.offsetPastEnd', { offset, duration: Math.round(duration * 1000) / 1000 }));
  const res = ctx.res;
  const length = answer.estimateContentLength && duration !== null ? estimatedLength(answer.bitRate, duration - offset) : null;
  const headers = (): void => {
    ctx.status = 200;
    ctx.set('Content-Type', TARGETS[answer.format].type);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Accept-Ranges', 'none');
    if (length !== null) ctx.set('Content-Length', String(length));
  };
  if (ctx.method === 'HEAD') {
    headers();
    ctx.respond = false;
    ctx.res.end();
    return;
  }

  const gone = new AbortController();
  const onClose = () => gone.abort(new Error('client gone'));
  res.once('close', onClose);
  let run: FfmpegRun;
  try {
    run = await transcoderOf(ctx.services).start(answer.path, { format: answer.format, bitRate: answer.bitRate, offset }, gone.signal);
  } catch (err) {
    res.off('close', onClose);
    if (gone.signal.aborted) {
      // the client left while waiting for a slot: nothing to answer
      ctx.respond = false;
      return;
    }
    throw err;
  }
  const first = await firstChunk(run);
  if (!first) {
    const { code, stderr } = await run.exited;
    res.off('close', onClose);
    if (gone.signal.aborted) {
      ctx.respond = false;
      return;
    }
    // ffmpeg names the input by its path: only the file name goes out
    const line = stderr.split('\n').filter(Boolean).pop() ?? `ffmpeg exited with code ${code}`;
    throw new Invalid(say('media.transcodeFailed', { reason: line.replaceAll(`file:${answer.path}`, path.basename(answer.path)) }));
  }

  headers();
  ctx.respond = false;
  res.flushHeaders();
  const parts: NodeJS.ReadWriteStream[] = length === null ? [] : [new ExactLength(length)];
  await new Promise<void>((resolve) => {
    const source = run.stdout;
    source.unshift(first);
    // pipeline destroys every stream when one fails or the client closes; the abort above kills ffmpeg
    pipeline([source, ...parts, res] as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream], () => {
      run.stop();
      resolve();
    });
  });
  res.off('close', onClose);
}
