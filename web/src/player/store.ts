/**
 * The player store (spec 000 section 4 "Player state", "Queue rules", "Play mode cycle").
 * One module-level store read with `usePlayer(selector)`; actions on `player`.
 * The sound comes from one plain <audio> element rendered by <AudioEngine/>, which
 * attaches itself here; element events write currentTime, duration and playing back.
 *
 * Extending: the full player (queue dialog, visualiser, lyrics, sleep timer pausing)
 * reads the same state and calls the same actions; `player.audio()` gives the element.
 */
import { useSyncExternalStore } from 'react';
import type { QueueItem } from '../../../src/api/types';
import { mediaUrl } from '../api/client';

export type PlayMode = 'order' | 'allRepeat' | 'repeatOnce' | 'shuffle';
export const PLAY_MODES: PlayMode[] = ['order', 'allRepeat', 'repeatOnce', 'shuffle'];

export interface PlayerState {
  queue: QueueItem[];
  queueIndex: number;
  /** true while the element plays (or is asked to). */
  playing: boolean;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 until known. */
  duration: number;
  /** 0..1 */
  volume: number;
  muted: boolean;
  playMode: PlayMode;
  /** Sleep timer 'HH:MM' (kept for the browser session), or null. */
  sleepTime: string | null;
}

const SLEEP_KEY = 'sleepTime';

let state: PlayerState = {
  queue: [],
  queueIndex: 0,
  playing: false,
  currentTime: 0,
  duration: 0,
  volume: 1,
  muted: false,
  playMode: 'order',
  sleepTime: typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(SLEEP_KEY),
};
const listeners = new Set<() => void>();
let audioEl: HTMLAudioElement | null = null;
/** Seconds to seek to once the new source can play (history resume). */
let pendingSeek: number | null = null;

function set(patch: Partial<PlayerState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** The stream URL of a queue item, with the token. */
export function streamUrlOf(item: QueueItem): string {
  return mediaUrl(item.mediaStreamUrl ?? `/api/media/stream/${item.hash}`);
}

function loadCurrent(autoplay: boolean, seconds = 0): void {
  const item = state.queue[state.queueIndex];
  if (!audioEl || !item) return;
  pendingSeek = seconds > 0 ? seconds : null;
  audioEl.src = streamUrlOf(item);
  audioEl.load();
  set({ currentTime: seconds, duration: item.duration ?? 0, playing: autoplay });
  if (autoplay) void audioEl.play().catch(() => set({ playing: false }));
}

export const player = {
  getState: (): PlayerState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The <audio> element, once mounted. */
  audio: (): HTMLAudioElement | null => audioEl,

  /** Called by AudioEngine with its element (null on unmount). Wires the element events. */
  attach(el: HTMLAudioElement | null): void {
    audioEl = el;
    if (!el) return;
    el.volume = state.volume;
    el.muted = state.muted;
    el.ontimeupdate = () => set({ currentTime: el.currentTime });
    el.ondurationchange = () => set({ duration: Number.isFinite(el.duration) ? el.duration : 0 });
    el.onplay = () => set({ playing: true });
    el.onpause = () => set({ playing: false });
    el.oncanplay = () => {
      if (pendingSeek !== null) {
        el.currentTime = pendingSeek;
        pendingSeek = null;
      }
    };
    el.onended = () => player.onTrackEnd();
    if (state.queue.length) loadCurrent(false, state.currentTime);
  },

  /**
   * Replaces the queue and starts item `index`.
   * opts.seconds: start position; opts.autoplay false loads without playing (history resume).
   */
  playQueue(queue: QueueItem[], index: number, opts: { seconds?: number; autoplay?: boolean } = {}): void {
    if (index < 0 || index >= queue.length) return;
    set({ queue, queueIndex: index });
    loadCurrent(opts.autoplay ?? true, opts.seconds ?? 0);
  },
  /** Jumps to queue item `index` (outside the queue: ignored). */
  setIndex(index: number): void {
    if (index < 0 || index >= state.queue.length) return;
    set({ queueIndex: index });
    loadCurrent(true);
  },
  play(): void {
    if (!audioEl || !state.queue.length) return;
    set({ playing: true });
    void audioEl.play().catch(() => set({ playing: false }));
  },
  pause(): void {
    audioEl?.pause();
    set({ playing: false });
  },
  toggle(): void {
    if (state.playing) player.pause();
    else player.play();
  },
  /** Next item; stays put on the last one. */
  next(): void {
    if (state.queueIndex + 1 < state.queue.length) player.setIndex(state.queueIndex + 1);
  },
  /** Previous item; stays put on the first one. */
  previous(): void {
    if (state.queueIndex > 0) player.setIndex(state.queueIndex - 1);
  },
  /** Seeks to `seconds` within the current track. */
  seek(seconds: number): void {
    if (!audioEl) return;
    audioEl.currentTime = Math.max(0, seconds);
    set({ currentTime: audioEl.currentTime });
  },
  /** Volume 0..1; values outside are ignored. */
  setVolume(volume: number): void {
    if (!(volume >= 0 && volume <= 1)) return;
    if (audioEl) audioEl.volume = volume;
    set({ volume });
  },
  setMuted(muted: boolean): void {
    if (audioEl) audioEl.muted = muted;
    set({ muted });
  },
  /** order -> allRepeat -> repeatOnce -> shuffle -> order. */
  cyclePlayMode(): void {
    set({ playMode: PLAY_MODES[(PLAY_MODES.indexOf(state.playMode) + 1) % PLAY_MODES.length] });
  },
  /** Appends to the queue (starts it when the queue was empty). */
  addToQueue(item: QueueItem): void {
    if (!state.queue.length) return player.playQueue([item], 0);
    set({ queue: [...state.queue, item] });
  },
  /** Inserts after the playing item. */
  playNext(item: QueueItem): void {
    if (!state.queue.length) return player.playQueue([item], 0);
    const queue = [...state.queue];
    queue.splice(state.queueIndex + 1, 0, item);
    set({ queue });
  },
  /** Removes item `index`: the playing one stops playback and resets the index to 0; earlier ones shift it down. */
  removeFromQueue(index: number): void {
    if (index < 0 || index >= state.queue.length) return;
    const queue = state.queue.filter((_, i) => i !== index);
    if (index === state.queueIndex) {
      audioEl?.pause();
      set({ queue, queueIndex: 0, playing: false });
      if (queue.length) loadCurrent(false);
      else if (audioEl) audioEl.removeAttribute('src');
    } else {
      set({ queue, queueIndex: index < state.queueIndex ? state.queueIndex - 1 : state.queueIndex });
    }
  },
  /** What the end of a track does, by play mode. */
  onTrackEnd(): void {
    const { playMode, queueIndex, queue } = state;
    if (playMode === 'repeatOnce') return loadCurrent(true);
    if (playMode === 'shuffle') return player.setIndex(Math.floor(Math.random() * queue.length));
    if (queueIndex + 1 < queue.length) return player.setIndex(queueIndex + 1);
    if (playMode === 'allRepeat') return player.setIndex(0);
    set({ playing: false });
  },
  /** Sets (HH:MM) or clears the sleep timer; kept in sessionStorage. */
  setSleepTime(time: string | null): void {
    if (time) sessionStorage.setItem(SLEEP_KEY, time);
    else sessionStorage.removeItem(SLEEP_KEY);
    set({ sleepTime: time });
  },
};

/** Reads a slice of the player state; re-renders only when the slice changes. */
export function usePlayer<T>(selector: (s: PlayerState) => T): T {
  return useSyncExternalStore(player.subscribe, () => selector(state));
}

/** The item playing now, or undefined. */
export function currentItem(s: PlayerState): QueueItem | undefined {
  return s.queue[s.queueIndex];
}
