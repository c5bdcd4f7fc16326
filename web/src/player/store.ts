/**
 * The web player store (spec 000 section 3 "Player state", section 4, section 7
 * "History saving"). One module-level state run by the SHARED reducer of src/player
 * (the same rules as the TUI); this file only drives the one <audio> element from that
 * state and reports the element's events back as reducer actions.
 *
 * - `usePlayer(selector)` reads a slice; `player.*` are the actions pages call.
 * - The driver follows the reducer's serials: a new `trackSerial` loads the current
 *   track, a new `seekRequest.serial` jumps (after load: on the first canplay, which is
 *   how a history resume lands on its saved second).
 * - The sleep timer lives in sessionStorage ('sleepTimer': {time, dueAt}, or {atTrackEnd:
 *   true} for "end of this track") and a 1 s clock feeds the reducer; when it fires (or the
 *   track ends with "end of this track" set) the player pauses and a 5 s notice shows.
 * - Stream quality (settings.ts `streamQuality`, src/transcode/README.md "The web player"):
 *   at a quality other than the original, a track is loaded after asking the server how
 *   it answers it (GET {media}/transcode/{hash}?bitrate=N); a transcoded source starts at
 *   an offset, so its position is offset + the element's time, its duration the track's,
 *   and a seek loads it again from the new offset (the file as stored seeks by Range).
 * - History is saved with the shared saver: PUT /api/histroy 500 ms after a change of
 *   queue, index, play state or a seek, every 60 s, skipped when unchanged or resuming.
 */
import { useSyncExternalStore } from 'react';
import { notifications } from '@mantine/notifications';
import { workIdOfHash, type HistoryState, type QueueItem } from '@model';
import { trackMedia, trackMediaPath } from '../../../src/api/routes';
import {
  createHistorySaver, currentTrack, DEFAULT_FORWARD_SEEK_TIME, DEFAULT_REWIND_SEEK_TIME, initialPlayerState,
  playerReducer, SLEEP_NOTICE_MS, type PlayerAction, type PlayerState,
} from '../../../src/player/index.js';
import { call, mediaUrl, routes } from '../api/client';
import { scopeOfHash, type Scope } from '../api/scope';
import i18n from '../i18n';
import { streamQuality } from './settings';

export type { PlayerState } from '../../../src/player/index.js';

const SLEEP_KEY = 'sleepTimer';

/** The sleep timer kept for the browser session (spec 000 section 4), or nothing. */
function sessionSleep(): Partial<PlayerState> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SLEEP_KEY) ?? 'null') as { time?: unknown; dueAt?: unknown; atTrackEnd?: unknown } | null;
    if (saved && typeof saved.time === 'string' && typeof saved.dueAt === 'number') return { sleepTime: saved.time, sleepDueAt: saved.dueAt };
    if (saved?.atTrackEnd === true) return { sleepAtTrackEnd: true };
  } catch { /* a broken value is no timer */ }
  return {};
}

let state: PlayerState = initialPlayerState(typeof sessionStorage === 'undefined' ? {} : sessionSleep());
const listeners = new Set<() => void>();
let audioEl: HTMLAudioElement | null = null;
/** Seconds to jump to once the new source can play (a seek asked while loading). */
let pendingSeek: number | null = null;
/** True from a source change until it can play: the element's own pause events are not the listener's. */
let switching = false;
/** The notice to show when the resumed track first can play ('resumed play history'). */
let resumeNotice: string | null = null;
/** Seconds of audio actually played since the page loaded (desktop lyrics need 5 s). */
let playedSeconds = 0;
let lastTick: number | null = null;
/** The current source when transcoded: the track second it starts at, the track's duration, the quality. Null: the file as stored. */
let transcoded: { offset: number; duration: number | null; bitrate: number } | null = null;
/** Counts track loads, so the answer of an older transcode question is dropped. */
let loadSerial = 0;

const saver = createHistorySaver({
  save: (workId: number, history: HistoryState) => call(routes.favourites.putHistory, { body: { work_id: workId, state: history }, on401: 'throw' }),
  onError: (err) => console.error('history update failed', err),
});

/** Seek steps from GET /api/config/shared (seconds); defaults 5 and 30 until loaded. */
let seekSteps = { rewindSeekTime: DEFAULT_REWIND_SEEK_TIME, forwardSeekTime: DEFAULT_FORWARD_SEEK_TIME };
let seekStepsAsked = false;

function loadSeekSteps(): void {
  if (seekStepsAsked) return;
  seekStepsAsked = true;
  call(routes.auth.sharedConfig, { on401: 'throw' })
    .then((a) => { seekSteps = { ...a.sharedConfig }; emit(); })
    .catch((err) => { seekStepsAsked = false; console.error(err); });
}

function emit(): void {
  for (const l of listeners) l();
}

/** The stream URL of a queue item, with the token (trial items use /api/fake/media/...); `bitrate` and `offset` ask for a transcode. */
export function streamUrlOf(item: QueueItem, transcode?: { bitrate: number; offset: number }): string {
  return mediaUrl(item.mediaStreamUrl ?? trackMediaPath('stream', item.hash), transcode && { bitrate: transcode.bitrate, offset: Math.round(transcode.offset * 1000) / 1000 });
}

/**
 * Loads `track` into the element, to start at `start` seconds (null: the beginning; kept
 * in pendingSeek, where a seek asked meanwhile also lands). At the original quality the
 * file as stored, the start applied on the
 * first canplay; otherwise after the server says how it answers: transcoded from the
 * start, or as stored.
 */
function loadTrack(el: HTMLAudioElement, track: QueueItem, start: number | null, quality = streamQuality()): void {
  const serial = ++loadSerial;
  const bitrate = quality;
  transcoded = null;
  // a seek asked before the source is chosen lands in pendingSeek too
  pendingSeek = start;
  if (!bitrate) {
    el.src = streamUrlOf(track);
    el.load();
    return;
  }
  // silence the previous track while the server is asked
  el.removeAttribute('src');
  el.load();
  call(trackMedia('transcode', track.hash).route, { params: trackMedia('transcode', track.hash).params, query: { bitrate }, on401: 'throw' })
    .then((plan) => plan, (err: unknown) => {
      console.error(err);
      return null;
    })
    .then((plan) => {
      if (serial !== loadSerial || audioEl !== el) return;
      if (plan?.transcode) {
        transcoded = { offset: pendingSeek ?? 0, duration: plan.duration, bitrate };
        pendingSeek = null;
        el.src = streamUrlOf(track, { bitrate, offset: transcoded.offset });
      } else {
        el.src = streamUrlOf(track);
      }
      el.load();
    });
}

/** Jumps a transcoded source to `seconds` of the track: loads it again from there. */
function reloadTranscoded(el: HTMLAudioElement, seconds: number): void {
  const track = currentTrack(state);
  if (!track || !transcoded) return;
  transcoded = { ...transcoded, offset: Math.max(0, seconds) };
  switching = true;
  lastTick = null;
  el.src = streamUrlOf(track, { bitrate: transcoded.bitrate, offset: transcoded.offset });
  el.load();
}

/** The track's time of the element: a transcoded source started at its offset. */
const trackTime = (el: HTMLAudioElement) => (transcoded?.offset ?? 0) + el.currentTime;

/** Runs one reducer action, then drives the element, persists the sleep timer and feeds the history saver. */
export function dispatch(action: PlayerAction): void {
  const prev = state;
  const next = playerReducer(prev, action);
  if (next === prev) return;
  state = next;
  if (next.sleepTime !== prev.sleepTime || next.sleepDueAt !== prev.sleepDueAt || next.sleepAtTrackEnd !== prev.sleepAtTrackEnd) {
    if (next.sleepTime && next.sleepDueAt !== null) sessionStorage.setItem(SLEEP_KEY, JSON.stringify({ time: next.sleepTime, dueAt: next.sleepDueAt }));
    else if (next.sleepAtTrackEnd) sessionStorage.setItem(SLEEP_KEY, JSON.stringify({ atTrackEnd: true }));
    else sessionStorage.removeItem(SLEEP_KEY);
  }
  drive(prev, next);
  if (next.queue.length) loadSeekSteps();
  saver.update(next);
  emit();
}

/** Makes the element follow the state (see the file comment). */
function drive(prev: PlayerState, next: PlayerState): void {
  const el = audioEl;
  if (!el) return;
  const newSeek = next.seekRequest !== null && next.seekRequest.serial !== prev.seekRequest?.serial;
  if (next.trackSerial !== prev.trackSerial) {
    const track = currentTrack(next);
    const start = newSeek && next.seekRequest!.seconds > 0 ? next.seekRequest!.seconds : null;
    switching = true;
    if (track) {
      loadTrack(el, track, start);
    } else {
      loadSerial++;
      transcoded = null;
      pendingSeek = null;
      el.removeAttribute('src');
      el.load();
    }
  } else if (newSeek) {
    if (transcoded) {
      reloadTranscoded(el, next.seekRequest!.seconds);
    } else if (el.readyState >= 1) {
      // with the metadata of the current source loaded the element can jump now
      el.currentTime = next.seekRequest!.seconds;
      pendingSeek = null;
    } else {
      pendingSeek = next.seekRequest!.seconds;
    }
  }
  el.volume = next.volume;
  el.muted = next.muted;
  el.defaultPlaybackRate = next.speed;
  el.playbackRate = next.speed;
  if (next.playing && el.paused && currentTrack(next)) {
    el.play().catch((err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      console.error(err);
      dispatch({ type: 'pause' });
    });
  } else if (!next.playing && !el.paused) {
    el.pause();
  }
}

/** Wires the element's events to reducer actions. */
function wire(el: HTMLAudioElement): void {
  el.ontimeupdate = () => {
    if (switching || pendingSeek !== null) return;
    const now = trackTime(el);
    if (!el.paused && lastTick !== null && now > lastTick && now - lastTick < 2) playedSeconds += now - lastTick;
    lastTick = now;
    dispatch({ type: 'timeUpdate', seconds: now });
  };
  el.ondurationchange = () => {
    // a transcoded source is the rest of the track: the track's own duration is shown
    const own = Number.isFinite(el.duration) ? el.duration : 0;
    const duration = transcoded ? (transcoded.duration ?? (own ? transcoded.offset + own : 0)) : own;
    dispatch({ type: 'durationChange', duration });
  };
  const applyPendingSeek = () => {
    if (pendingSeek === null) return;
    el.currentTime = pendingSeek;
    pendingSeek = null;
  };
  el.onloadedmetadata = applyPendingSeek;
  el.oncanplay = () => {
    switching = false;
    applyPendingSeek();
    lastTick = trackTime(el);
    if (state.resuming && resumeNotice) {
      notifications.show({ message: resumeNotice });
    }
    resumeNotice = null;
    dispatch({ type: 'trackLoaded' });
    if (state.playing && el.paused) drive(state, state);
  };
  // The state decides playing: a play the state did not ask for is undone (play requests
  // from lock screens and headsets come through the Media Session handlers); a pause by
  // the browser (a device change, the end of the data) is taken into the state.
  // Events are queued: a 'pause' may arrive after the element was played again (a source
  // change, the end of a track restarted by the reducer), so only a pause the element is
  // still in counts, and not the one that comes with the end of a track.
  let ending = false;
  el.onplay = () => {
    ending = false;
    if (!state.playing && !el.paused) el.pause();
  };
  el.onpause = () => { if (el.paused && !switching && !ending && !el.ended && state.playing) dispatch({ type: 'pause' }); };
  el.onended = () => {
    ending = true;
    const sleepHere = state.sleepAtTrackEnd;
    dispatch({ type: 'ended', random: Math.random() });
    if (sleepHere && !state.sleepAtTrackEnd) notifications.show({ message: i18n.t('player.sleepFired'), autoClose: SLEEP_NOTICE_MS });
  };
  el.onerror = () => { if (el.getAttribute('src')) dispatch({ type: 'playbackError' }); };
}

let clock: ReturnType<typeof setInterval> | null = null;

/** The 1 s clock of the sleep timer: when it fires playback pauses and a 5 s notice shows. */
function tick(): void {
  const had = state.sleepTime;
  dispatch({ type: 'clock', now: Date.now() });
  if (had && !state.sleepTime) notifications.show({ message: i18n.t('player.sleepFired'), autoClose: SLEEP_NOTICE_MS });
}

export const player = {
  getState: (): PlayerState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The <audio> element, once mounted. */
  audio: (): HTMLAudioElement | null => audioEl,
  /** Seek steps in seconds (GET /api/config/shared). */
  seekSteps: () => seekSteps,
  /** Seconds of audio played since the page loaded. */
  playedSeconds: () => playedSeconds,
  dispatch,

  /** Called by AudioEngine with its element (null on unmount). Wires events, starts the sleep clock, loads the current track. */
  attach(el: HTMLAudioElement | null): void {
    audioEl = el;
    if (!el) {
      if (clock !== null) clearInterval(clock);
      clock = null;
      return;
    }
    wire(el);
    if (clock === null) clock = setInterval(tick, 1000);
    // A remounted element picks up the current track where the state says it is.
    const seconds = state.currentTime;
    drive({ ...state, trackSerial: state.trackSerial - 1 }, state);
    if (seconds > 0) pendingSeek = seconds;
  },

  /**
   * Replaces the queue and starts item `index` (outside the queue: ignored).
   * opts.seconds: start there (a history state; history is not saved until it lands);
   * opts.autoplay false loads without playing (opening a work with history while idle).
   */
  playQueue(queue: QueueItem[], index: number, opts: { seconds?: number; autoplay?: boolean } = {}): void {
    if (index < 0 || index >= queue.length) return;
    const play = opts.autoplay ?? true;
    if (opts.seconds && opts.seconds > 0) dispatch({ type: 'restoreHistory', state: { queue, index, seconds: opts.seconds }, play });
    else dispatch({ type: 'setQueue', queue, index, play });
  },
  /** Resumes a history item: queue and index restored, seeks on the first canplay, then shows `notice`. */
  resumeHistory(history: HistoryState, notice: string): void {
    resumeNotice = notice;
    dispatch({ type: 'restoreHistory', state: history, play: true });
  },
  /** Jumps to queue item `index` and plays it (outside the queue: ignored). */
  setIndex: (index: number) => dispatch({ type: 'setTrack', index }),
  play: () => dispatch({ type: 'play' }),
  pause: () => dispatch({ type: 'pause' }),
  toggle: () => dispatch({ type: 'togglePlaying' }),
  next: () => dispatch({ type: 'next' }),
  previous: () => dispatch({ type: 'previous' }),
  /** Seeks to `seconds` (clamped to the track). */
  seek: (seconds: number) => dispatch({ type: 'seek', seconds }),
  /** Rewinds by the configured rewind step. */
  rewind: () => dispatch({ type: 'seekBy', seconds: -seekSteps.rewindSeekTime }),
  /** Goes forward by the configured forward step. */
  forward: () => dispatch({ type: 'seekBy', seconds: seekSteps.forwardSeekTime }),
  /** Volume 0..1; values outside are ignored. */
  setVolume: (volume: number) => dispatch({ type: 'setVolume', volume }),
  setMuted: (muted: boolean) => dispatch({ type: 'setMuted', muted }),
  /** Playback speed 0.5..3; values outside are ignored. */
  setSpeed: (speed: number) => dispatch({ type: 'setSpeed', speed }),
  /** order -> all repeat -> repeat once -> shuffle -> order. */
  cyclePlayMode: () => dispatch({ type: 'cyclePlayMode' }),
  /** Appends to the queue (starts it when the queue was empty). */
  addToQueue(items: QueueItem | QueueItem[]): void {
    const list = Array.isArray(items) ? items : [items];
    if (!state.queue.length) dispatch({ type: 'setQueue', queue: list, index: 0 });
    else dispatch({ type: 'addToQueue', items: list });
  },
  /** Inserts after the playing item (starts it when the queue was empty). */
  playNext(items: QueueItem | QueueItem[]): void {
    const list = Array.isArray(items) ? items : [items];
    if (!state.queue.length) dispatch({ type: 'setQueue', queue: list, index: 0 });
    else dispatch({ type: 'playNext', items: list });
  },
  /** Removes item `index`: the playing one stops playback and resets the index to 0; earlier ones shift it down. */
  removeFromQueue: (index: number) => dispatch({ type: 'removeFromQueue', index }),
  /** Moves a queue item (drag to reorder); the playing track keeps playing. */
  moveInQueue: (from: number, to: number) => dispatch({ type: 'moveInQueue', from, to }),
  emptyQueue: () => dispatch({ type: 'emptyQueue' }),
  /** Lyric offset in seconds (rounded to 4 decimals) / by steps of 0.1 s. */
  setLyricOffset: (offset: number) => dispatch({ type: 'setLyricOffset', offset }),
  stepLyricOffset: (steps: number) => dispatch({ type: 'stepLyricOffset', steps }),
  /** Sets (HH:MM, local time) or clears (null) the sleep timer; kept in sessionStorage. */
  setSleepTime(time: string | null): void {
    if (time) dispatch({ type: 'setSleepTimer', time, now: Date.now() });
    else dispatch({ type: 'clearSleepTimer' });
  },
  /** Sets the sleep timer `minutes` from now (SLEEP_DURATIONS_MINUTES). */
  setSleepAfter(minutes: number): void {
    dispatch({ type: 'setSleepAfter', minutes, now: Date.now() });
  },
  /** Pauses when the current track ends. */
  setSleepAtTrackEnd(): void {
    dispatch({ type: 'setSleepAtTrackEnd' });
  },
  /** Loads the current track again at its position at stream quality `quality` (kbit/s, 0: original; just chosen), keeping play or pause. */
  reloadSource(quality: number): void {
    const el = audioEl;
    const track = currentTrack(state);
    if (!el || !track) return;
    // the element's own clock: the state's time is only as fresh as the last timeupdate
    const at = pendingSeek ?? (switching ? state.currentTime : trackTime(el));
    switching = true;
    loadTrack(el, track, at > 0 ? at : null, quality);
    if (state.playing) drive(state, state);
  },
  /** Saves the history now if it changed (page hide). */
  flushHistory: () => saver.flush(),
};

/** Reads a slice of the player state; re-renders only when the slice changes. */
export function usePlayer<T>(selector: (s: PlayerState) => T): T {
  return useSyncExternalStore(player.subscribe, () => selector(state));
}

/** The seek steps (rewind, forward) in seconds. */
export function useSeekSteps(): { rewindSeekTime: number; forwardSeekTime: number } {
  return useSyncExternalStore(player.subscribe, () => seekSteps);
}

/** The work id of the current track (trial items too), or null. */
export function playingWorkId(s: PlayerState): number | null {
  const t = currentTrack(s);
  return t ? workIdOfHash(t.hash) : null;
}

/** The catalogue of the playing track: a trial item ('rj…') is the trial catalogue's. */
export function playingSection(s: PlayerState): Scope {
  return scopeOfHash(currentTrack(s)?.hash);
}
