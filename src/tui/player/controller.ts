/**
 * Binds the shared player reducer (src/player) to an audio backend (mpv or ffplay):
 * every action goes through `playerReducer`, and the difference between the old and
 * the new state is applied to the backend in order (load, seek, pause, volume, mute,
 * speed). Backend events come back as actions: position, duration, loaded, and `ended`
 * (with a random number, so the reducer decides what plays next at eof). A clock tick
 * every second drives the sleep timer.
 */
import { EventEmitter } from 'node:events';
import type { QueueItem } from '../../model/index.js';
import { currentTrack, initialPlayerState, playerReducer, type PlayerAction, type PlayerState } from '../../player/index.js';
import type { AudioBackend } from './backend.js';

export interface PlayerControllerOptions {
  backend: AudioBackend;
  /** The URL (remote, with token) or file path (local) mpv opens for a track. */
  resolveUrl(item: QueueItem): string | Promise<string>;
  initial?: PlayerState;
  /** Random source for shuffle (default Math.random). */
  random?: () => number;
  /** Called with a readable message when the backend fails. */
  onError?(message: string): void;
  /** Clock tick interval in ms for the sleep timer (default 1000). */
  clockMs?: number;
}

/** Smallest position change (s) worth a state update: the UI shows whole seconds. */
const TIME_RESOLUTION = 0.25;
/**
 * How long after a seek the backend's position reports are checked against it, ms: mpv
 * still reports the old position for a moment, and a report far from the target in that
 * time is dropped, so a burst of seeks (`lll` in one read) steps from each target.
 */
const SEEK_SETTLE_MS = 2000;

export class PlayerController extends EventEmitter<{ change: [PlayerState]; failure: [string] }> {
  private current: PlayerState;
  private chain: Promise<void> = Promise.resolve();
  /** trackSerial the backend has loaded, null when it holds no file (idle, ended, failed). */
  private loadedSerial: number | null = null;
  private appliedSeek: number;
  /** The last seek sent to the backend and when (Date.now()), until a position report reaches it. */
  private seekTarget: { seconds: number; at: number } | null = null;
  private clock: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly opts: PlayerControllerOptions) {
    super();
    this.current = opts.initial ?? initialPlayerState();
    this.appliedSeek = this.current.seekRequest?.serial ?? 0;
    const { backend } = opts;
    backend.on('time', (s) => {
      if (this.loadedSerial !== this.current.trackSerial) return;
      if (this.seekTarget) {
        const since = Date.now() - this.seekTarget.at;
        if (since < SEEK_SETTLE_MS && Math.abs(s - this.seekTarget.seconds) > 1 + (since / 1000) * this.current.speed) return;
        this.seekTarget = null;
      }
      if (Math.abs(s - this.current.currentTime) >= TIME_RESOLUTION) this.dispatch({ type: 'timeUpdate', seconds: s });
    });
    backend.on('duration', (d) => { if (this.loadedSerial === this.current.trackSerial) this.dispatch({ type: 'durationChange', duration: d }); });
    backend.on('end', (reason, error) => {
      if (reason === 'stop') return;
      this.loadedSerial = null;
      if (reason === 'eof') this.dispatch({ type: 'ended', random: (opts.random ?? Math.random)() });
      else { this.dispatch({ type: 'playbackError' }); this.fail(error ?? 'playback failed'); }
    });
    this.clock = setInterval(() => this.dispatch({ type: 'clock', now: Date.now() }), opts.clockMs ?? 1000);
    this.clock.unref();
    const { volume, muted, speed } = this.current;
    if (volume !== 1) this.enqueue(() => backend.setVolume(volume));
    if (muted) this.enqueue(() => backend.setMuted(true));
    if (speed !== 1) this.enqueue(() => backend.setSpeed(speed));
    if (this.current.queue.length) this.apply({ ...this.current, trackSerial: -1 }, this.current);
  }

  get state(): PlayerState { return this.current; }
  get backendName(): string { return this.opts.backend.name; }

  /** Runs an action through the reducer and drives the backend to the new state. */
  dispatch(action: PlayerAction): void {
    if (this.closed) return;
    const prev = this.current;
    const next = playerReducer(prev, action);
    if (next === prev) return;
    this.current = next;
    this.apply(prev, next);
    this.emit('change', next);
  }

  /** Resolves when every backend command issued so far has been answered. */
  settled(): Promise<void> { return this.chain; }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((err: Error) => { if (!this.closed) this.fail(err.message); });
  }

  /** Reports a backend failure to `onError` and to 'failure' listeners (the message line). */
  private fail(message: string): void {
    this.opts.onError?.(message);
    this.emit('failure', message);
  }

  private apply(prev: PlayerState, next: PlayerState): void {
    const { backend } = this.opts;
    const track = currentTrack(next);
    const seekChanged = (next.seekRequest?.serial ?? 0) !== this.appliedSeek;
    const trackChanged = next.trackSerial !== prev.trackSerial;
    const idleWanted = this.loadedSerial === null && (next.playing || seekChanged) && !!track;
    if (next.volume !== prev.volume) this.enqueue(() => backend.setVolume(next.volume));
    if (next.muted !== prev.muted) this.enqueue(() => backend.setMuted(next.muted));
    if (next.speed !== prev.speed) this.enqueue(() => backend.setSpeed(next.speed));
    if (trackChanged || idleWanted) {
      const start = seekChanged && next.seekRequest ? next.seekRequest.seconds : 0;
      this.appliedSeek = next.seekRequest?.serial ?? 0;
      this.seekTarget = null;
      if (!track) {
        this.loadedSerial = null;
        this.enqueue(() => backend.stop());
        return;
      }
      const serial = next.trackSerial;
      this.loadedSerial = serial;
      this.enqueue(async () => {
        if (this.current.trackSerial !== serial) return; // superseded before it ran
        try {
          const url = await this.opts.resolveUrl(track);
          await backend.load(url, { start, paused: !this.current.playing });
        } catch (err) {
          if (this.current.trackSerial === serial) { this.loadedSerial = null; this.dispatch({ type: 'playbackError' }); }
          throw err;
        }
        if (this.current.trackSerial === serial) this.dispatch({ type: 'trackLoaded' });
      });
      return;
    }
    if (this.loadedSerial === null) return;
    if (seekChanged && next.seekRequest) {
      const seconds = next.seekRequest.seconds;
      this.appliedSeek = next.seekRequest.serial;
      this.seekTarget = { seconds, at: Date.now() };
      this.enqueue(() => backend.seek(seconds));
    }
    if (next.playing !== prev.playing) this.enqueue(() => backend.setPaused(!next.playing));
  }

  /** Stops the clock and quits the backend. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.clock);
    await this.chain.catch(() => undefined);
    await this.opts.backend.quit();
  }
}
