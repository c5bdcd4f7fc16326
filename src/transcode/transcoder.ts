/**
 * The limit on concurrent transcodes (README.md "The limit"): a Transcoder runs at most
 * `slots()` ffmpeg processes at once (config `transcodeConcurrency`, read at each start
 * so a change applies to the next stream); the others wait in a FIFO queue, and one whose
 * client goes away leaves the queue. A slot is held until its process is gone.
 */
import { Semaphore } from '../library/limit.js';
import { ffmpegArgs, type TranscodeOptions } from './args.js';
import { runFfmpeg, type FfmpegRun } from './process.js';

export class Transcoder {
  private semaphore: Semaphore | null = null;
  private size = 0;
  private runningCount = 0;
  private waitingCount = 0;

  /** `slots` answers the current limit (at least 1). */
  constructor(private readonly slots: () => number) {}

  /** Transcodes running now. */
  get running(): number {
    return this.runningCount;
  }

  /** Streams waiting for a slot. */
  get waiting(): number {
    return this.waitingCount;
  }

  /** The semaphore of the current limit; a changed limit starts a new one (holders of the old release into it). */
  private current(): Semaphore {
    const size = Math.max(1, Math.floor(this.slots()));
    if (!this.semaphore || size !== this.size) {
      this.semaphore = new Semaphore(size);
      this.size = size;
    }
    return this.semaphore;
  }

  /**
   * Waits for a slot, then starts ffmpeg on `input` (an absolute, checked path) with
   * `opts`. Rejects with the signal's reason when `signal` aborts while waiting; once
   * started, an abort kills the process. The slot is freed when the process is gone.
   */
  async start(input: string, opts: TranscodeOptions, signal: AbortSignal): Promise<FfmpegRun> {
    const semaphore = this.current();
    this.waitingCount++;
    let release: () => void;
    try {
      release = await semaphore.acquire(signal);
    } finally {
      this.waitingCount--;
    }
    if (signal.aborted) {
      release();
      throw signal.reason;
    }
    this.runningCount++;
    const run = runFfmpeg(ffmpegArgs(input, opts));
    const stop = () => run.stop();
    signal.addEventListener('abort', stop, { once: true });
    void run.exited.then(() => {
      signal.removeEventListener('abort', stop);
      this.runningCount--;
      release();
    });
    return run;
  }
}

const transcoders = new WeakMap<object, Transcoder>();

/** The one Transcoder of a server (keyed by its services object), its limit read from the live config. */
export function transcoderOf(services: { config: { transcodeConcurrency: number } }): Transcoder {
  let transcoder = transcoders.get(services);
  if (!transcoder) {
    transcoder = new Transcoder(() => services.config.transcodeConcurrency);
    transcoders.set(services, transcoder);
  }
  return transcoder;
}
