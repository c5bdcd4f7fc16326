/**
 * The player state machine shared by the web player and the TUI (spec 000 sections 3
 * and 4). Pure: no timers, no I/O, no randomness (the `ended` action carries its random
 * number). A driver (HTML audio element, mpv) renders the state and reports back with
 * `timeUpdate`, `durationChange`, `trackLoaded` and `ended`.
 *
 * Two serial counters tell the driver what to do without comparing objects:
 * - `trackSerial` changes whenever the current track must be (re)loaded from the start
 *   (or from `seekRequest` when one came with it, as history resume does);
 * - `seekRequest.serial` changes whenever the position must jump.
 */
import type { HistoryState, QueueItem } from '../model/index.js';
import {
  LYRIC_OFFSET_STEP, PLAY_MODES, SPEED_MAX, SPEED_MIN, VOLUME_MAX, VOLUME_MIN, type PlayMode,
} from './constants.js';
import { formatSleepTime, isSleepDue, sleepAfter, sleepDueAt } from './sleep.js';

/** Player state (spec 000 section 3 "Player state", plus speed and the driver serials). */
export interface PlayerState {
  playing: boolean;
  /** Position in seconds, as last reported by the driver or set by a seek. */
  currentTime: number;
  /** Duration of the current track in seconds (0 while unknown). */
  duration: number;
  queue: QueueItem[];
  queueIndex: number;
  playMode: PlayMode;
  muted: boolean;
  /** 0..1 */
  volume: number;
  /** Playback rate 0.5..3. */
  speed: number;
  /** Lyric offset in seconds, 4 decimals. */
  lyricOffset: number;
  /** Sleep time of day 'HH:MM', or null when no timer is set. */
  sleepTime: string | null;
  /** When the sleep timer falls due, ms since epoch (null when unset). */
  sleepDueAt: number | null;
  /** Pause when the current track ends (the sleep timer's "end of this track"; excludes a time). */
  sleepAtTrackEnd: boolean;
  /** Bumped whenever the current track must be loaded (again). */
  trackSerial: number;
  /**
   * The last requested jump; the driver applies each serial once. When it changes together
   * with `trackSerial`, the track is loaded starting at `seconds` (history resume).
   */
  seekRequest: { seconds: number; serial: number } | null;
  /** True from a history restore until the driver reports the track loaded (history is not saved meanwhile). */
  resuming: boolean;
}

export type PlayerAction =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'togglePlaying' }
  /** Replace the queue; `index` outside it falls back to 0. Plays unless `play` is false. */
  | { type: 'setQueue'; queue: QueueItem[]; index?: number; play?: boolean }
  /** Jump to a queue index and play it; an index outside the queue is ignored. */
  | { type: 'setTrack'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  /** The current track reached its end; `random` in [0, 1) drives shuffle. */
  | { type: 'ended'; random: number }
  | { type: 'addToQueue'; items: QueueItem[] }
  /** Insert after the current track. */
  | { type: 'playNext'; items: QueueItem[] }
  | { type: 'removeFromQueue'; index: number }
  /** Reorder (drag and drop): move the item at `from` to `to`; the playing track keeps playing. */
  | { type: 'moveInQueue'; from: number; to: number }
  | { type: 'emptyQueue' }
  | { type: 'cyclePlayMode' }
  | { type: 'setPlayMode'; mode: PlayMode }
  /** Jump to an absolute position in seconds, clamped to 0..duration. */
  | { type: 'seek'; seconds: number }
  /** Jump by a relative number of seconds (negative rewinds), clamped. */
  | { type: 'seekBy'; seconds: number }
  | { type: 'setVolume'; volume: number }
  | { type: 'setMuted'; muted: boolean }
  | { type: 'toggleMuted' }
  | { type: 'setSpeed'; speed: number }
  | { type: 'setLyricOffset'; offset: number }
  /** Shift the lyric offset by `steps` times 0.1 s. */
  | { type: 'stepLyricOffset'; steps: number }
  /** Set the sleep timer to 'HH:MM' (invalid text ignored); `now` in ms since epoch. */
  | { type: 'setSleepTimer'; time: string; now: number }
  /** Set the sleep timer `minutes` (1..1440) from `now` (ms since epoch); other minutes ignored. */
  | { type: 'setSleepAfter'; minutes: number; now: number }
  /** Pause when the current track ends (replaces a time). */
  | { type: 'setSleepAtTrackEnd' }
  /** Clears any sleep timer (a time or the end of the track). */
  | { type: 'clearSleepTimer' }
  /** The clock ticked (ms since epoch): a due sleep timer pauses and clears itself. */
  | { type: 'clock'; now: number }
  /** Restore a saved history state; seeks to its seconds once loaded. Plays unless `play` is false. */
  | { type: 'restoreHistory'; state: HistoryState; play?: boolean }
  /** Driver reports: position (s), duration (s), the track loaded (and any resume seek applied), a failure. */
  | { type: 'timeUpdate'; seconds: number }
  | { type: 'durationChange'; duration: number }
  | { type: 'trackLoaded' }
  | { type: 'playbackError' };

/** A fresh player: empty queue, order mode, full volume, normal speed. */
export function initialPlayerState(overrides: Partial<PlayerState> = {}): PlayerState {
  return {
    playing: false,
    currentTime: 0,
    duration: 0,
    queue: [],
    queueIndex: 0,
    playMode: 'order',
    muted: false,
    volume: 1,
    speed: 1,
    lyricOffset: 0,
    sleepTime: null,
    sleepDueAt: null,
    sleepAtTrackEnd: false,
    trackSerial: 0,
    seekRequest: null,
    resuming: false,
    ...overrides,
  };
}

/** The track at the queue index, or null for an empty queue. */
export function currentTrack(state: PlayerState): QueueItem | null {
  return state.queue[state.queueIndex] ?? null;
}

/** The mode after `mode` in the cycle order -> all repeat -> repeat once -> shuffle -> order. */
export function nextPlayMode(mode: PlayMode): PlayMode {
  return PLAY_MODES[(PLAY_MODES.indexOf(mode) + 1) % PLAY_MODES.length]!;
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const validIndex = (state: PlayerState, index: number) => Number.isInteger(index) && index >= 0 && index < state.queue.length;

/** Select `index` as the current track (loaded from the start). */
function load(state: PlayerState, index: number, playing: boolean): PlayerState {
  return { ...state, queueIndex: index, playing, currentTime: 0, duration: 0, trackSerial: state.trackSerial + 1, resuming: false };
}

const nextSeekSerial = (state: PlayerState) => (state.seekRequest?.serial ?? 0) + 1;

function seekTo(state: PlayerState, seconds: number): PlayerState {
  if (!finite(seconds) || state.queue.length === 0) return state;
  const max = state.duration > 0 ? state.duration : Infinity;
  const clamped = Math.min(Math.max(0, seconds), max);
  return { ...state, currentTime: clamped, seekRequest: { seconds: clamped, serial: nextSeekSerial(state) } };
}

function onEnded(state: PlayerState, random: number): PlayerState {
  const n = state.queue.length;
  if (n === 0) return { ...state, playing: false };
  switch (state.playMode) {
    case 'all repeat':
      return load(state, (state.queueIndex + 1) % n, true);
    case 'repeat once':
      return { ...seekTo(state, 0), playing: true };
    case 'shuffle': {
      const r = finite(random) ? Math.min(Math.max(random, 0), 0.999999999) : 0;
      return load(state, Math.floor(r * n), true);
    }
    case 'order':
    default:
      if (state.queueIndex >= n - 1) return { ...state, playing: false, currentTime: state.duration };
      return load(state, state.queueIndex + 1, true);
  }
}

function removeAt(state: PlayerState, index: number): PlayerState {
  if (!validIndex(state, index)) return state;
  const queue = state.queue.filter((_, i) => i !== index);
  if (index === state.queueIndex) {
    return { ...load({ ...state, queue }, 0, false) };
  }
  return { ...state, queue, queueIndex: index < state.queueIndex ? state.queueIndex - 1 : state.queueIndex };
}

function moveItem(state: PlayerState, from: number, to: number): PlayerState {
  if (!validIndex(state, from) || !validIndex(state, to) || from === to) return state;
  const queue = [...state.queue];
  const [item] = queue.splice(from, 1);
  queue.splice(to, 0, item!);
  let queueIndex = state.queueIndex;
  if (from === queueIndex) queueIndex = to;
  else if (from < queueIndex && to >= queueIndex) queueIndex -= 1;
  else if (from > queueIndex && to <= queueIndex) queueIndex += 1;
  return { ...state, queue, queueIndex };
}

/**
 * The player reducer: returns the next state for an action (the same object when the
 * action is ignored). Implements spec 000 section 4: play-mode cycle and end-of-track
 * rules, queue rules, seek clamp, volume 0..1 and speed 0.5..3 (others ignored), the
 * sleep timer (a time of day, a duration, or the end of the track) and history restore.
 */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'play':
      return state.queue.length === 0 || state.playing ? state : { ...state, playing: true };
    case 'pause':
      return state.playing ? { ...state, playing: false } : state;
    case 'togglePlaying':
      return playerReducer(state, { type: state.playing ? 'pause' : 'play' });
    case 'setQueue': {
      const queue = [...action.queue];
      const index = action.index !== undefined && Number.isInteger(action.index) && action.index >= 0 && action.index < queue.length ? action.index : 0;
      return load({ ...state, queue }, index, queue.length > 0 && action.play !== false);
    }
    case 'setTrack':
      return validIndex(state, action.index) ? load(state, action.index, true) : state;
    case 'next':
      return state.queueIndex < state.queue.length - 1 ? load(state, state.queueIndex + 1, state.playing) : state;
    case 'previous':
      return state.queueIndex > 0 && state.queue.length > 0 ? load(state, state.queueIndex - 1, state.playing) : state;
    case 'ended': {
      // the sleep timer's "end of this track": the end-of-track rule still moves on (the next
      // play starts where the story continues), but paused, and the timer clears
      const next = onEnded(state, action.random);
      return state.sleepAtTrackEnd ? { ...next, playing: false, sleepAtTrackEnd: false } : next;
    }
    case 'addToQueue':
      return action.items.length ? { ...state, queue: [...state.queue, ...action.items] } : state;
    case 'playNext': {
      if (!action.items.length) return state;
      if (state.queue.length === 0) return { ...state, queue: [...action.items] };
      const at = state.queueIndex + 1;
      return { ...state, queue: [...state.queue.slice(0, at), ...action.items, ...state.queue.slice(at)] };
    }
    case 'removeFromQueue':
      return removeAt(state, action.index);
    case 'moveInQueue':
      return moveItem(state, action.from, action.to);
    case 'emptyQueue':
      return load({ ...state, queue: [] }, 0, false);
    case 'cyclePlayMode':
      return { ...state, playMode: nextPlayMode(state.playMode) };
    case 'setPlayMode':
      return PLAY_MODES.includes(action.mode) ? { ...state, playMode: action.mode } : state;
    case 'seek':
      return seekTo(state, action.seconds);
    case 'seekBy':
      return finite(action.seconds) ? seekTo(state, state.currentTime + action.seconds) : state;
    case 'setVolume':
      return finite(action.volume) && action.volume >= VOLUME_MIN && action.volume <= VOLUME_MAX ? { ...state, volume: action.volume } : state;
    case 'setMuted':
      return { ...state, muted: action.muted };
    case 'toggleMuted':
      return { ...state, muted: !state.muted };
    case 'setSpeed':
      return finite(action.speed) && action.speed >= SPEED_MIN && action.speed <= SPEED_MAX ? { ...state, speed: action.speed } : state;
    case 'setLyricOffset':
      return finite(action.offset) ? { ...state, lyricOffset: roundOffset(action.offset) } : state;
    case 'stepLyricOffset':
      return finite(action.steps) ? { ...state, lyricOffset: roundOffset(state.lyricOffset + action.steps * LYRIC_OFFSET_STEP) } : state;
    case 'setSleepTimer': {
      const time = formatSleepTime(action.time);
      const due = time === null ? null : sleepDueAt(time, action.now);
      return time === null || due === null ? state : { ...state, sleepTime: time, sleepDueAt: due, sleepAtTrackEnd: false };
    }
    case 'setSleepAfter': {
      const timer = sleepAfter(action.minutes, action.now);
      return timer === null ? state : { ...state, sleepTime: timer.time, sleepDueAt: timer.dueAt, sleepAtTrackEnd: false };
    }
    case 'setSleepAtTrackEnd':
      return state.sleepAtTrackEnd ? state : { ...state, sleepTime: null, sleepDueAt: null, sleepAtTrackEnd: true };
    case 'clearSleepTimer':
      return state.sleepTime === null && !state.sleepAtTrackEnd ? state : { ...state, sleepTime: null, sleepDueAt: null, sleepAtTrackEnd: false };
    case 'clock':
      return isSleepDue(state.sleepDueAt, action.now) ? { ...state, playing: false, sleepTime: null, sleepDueAt: null } : state;
    case 'restoreHistory': {
      const queue = Array.isArray(action.state.queue) ? [...action.state.queue] : [];
      if (queue.length === 0) return state;
      const index = Number.isInteger(action.state.index) && action.state.index >= 0 && action.state.index < queue.length ? action.state.index : 0;
      const seconds = finite(action.state.seconds) && action.state.seconds > 0 ? action.state.seconds : 0;
      const loaded = load({ ...state, queue }, index, action.play !== false);
      return { ...loaded, currentTime: seconds, seekRequest: { seconds, serial: nextSeekSerial(state) }, resuming: true };
    }
    case 'timeUpdate':
      return finite(action.seconds) && action.seconds >= 0 && action.seconds !== state.currentTime ? { ...state, currentTime: action.seconds } : state;
    case 'durationChange':
      return finite(action.duration) && action.duration >= 0 && action.duration !== state.duration ? { ...state, duration: action.duration } : state;
    case 'trackLoaded':
      return state.resuming ? { ...state, resuming: false } : state;
    case 'playbackError':
      return { ...state, playing: false, resuming: false };
    default:
      return state;
  }
}

/** Rounds a lyric offset to 4 decimals (spec 000 section 5). */
export function roundOffset(offset: number): number {
  return Math.round(offset * 10_000) / 10_000;
}
