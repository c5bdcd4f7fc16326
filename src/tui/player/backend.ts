/**
 * What the TUI needs from an audio program: the mpv driver (full controls) and the
 * ffplay fallback (restart-based controls) both implement it. Positions and durations
 * in seconds, volume 0..1, speed 0.5..3.
 */
import type { EventEmitter } from 'node:events';

/** Why a file stopped: played to its end, stopped or replaced by us, or failed. */
export type EndReason = 'eof' | 'stop' | 'error';

export interface BackendEvents {
  /** Position changed (seconds). */
  time: [seconds: number];
  /** Duration known (seconds). */
  duration: [seconds: number];
  /** The file is loaded and playing (or paused) at its start position. */
  loaded: [];
  /** The current file ended. */
  end: [reason: EndReason, error?: string];
  /** The program itself exited (crash or quit). */
  exit: [code: number | null];
}

export interface AudioBackend extends EventEmitter<BackendEvents> {
  readonly name: 'mpv' | 'ffplay';
  /** Loads `url` (a file path or http URL), starting at `start` seconds, paused or not; resolves once loaded. */
  load(url: string, opts: { start: number; paused: boolean }): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  /** Absolute seek in seconds. */
  seek(seconds: number): Promise<void>;
  setVolume(volume: number): Promise<void>;
  setMuted(muted: boolean): Promise<void>;
  setSpeed(speed: number): Promise<void>;
  /** Stops the current file (no `end` eof). */
  stop(): Promise<void>;
  /** Ends the program; idempotent. */
  quit(): Promise<void>;
  /** Kills the program synchronously (process exit handlers, where nothing async runs). */
  killNow(): void;
}
