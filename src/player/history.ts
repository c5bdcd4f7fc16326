/**
 * Play history (spec 000 section 3 "History record", section 4 "History resume",
 * section 7 "History saving"): the saved `{queue, index, seconds}` state of a work, and
 * the saver that decides when to send it. Shared by the web player and the TUI, so a
 * listener resumes in one where the other stopped.
 *
 * Saving rule: a change of queue, index, play state or a seek schedules a save after a
 * 500 ms debounce; while something is loaded a save is also attempted every 60 s; a save
 * is skipped when the state equals the last one sent, and nothing is saved while a
 * restore is still resuming. Timers come from the global scope (Node and browsers both
 * have them) or are injected by tests.
 */
import { workIdOfHash, type HistoryState, type QueueItem } from '../model/index.js';
import { HISTORY_DEBOUNCE_MS, HISTORY_INTERVAL_MS } from './constants.js';
import type { PlayerState } from './reducer.js';

/** A queue item as history stores it: no media URL (it would carry the listener's token). */
export function historyItem(item: QueueItem): QueueItem {
  const out: QueueItem = { hash: item.hash, title: item.title };
  if (item.workTitle !== undefined) out.workTitle = item.workTitle;
  if (item.duration !== undefined) out.duration = item.duration;
  return out;
}

/**
 * The history record of the player state: `{work_id, state: {queue, index, seconds}}`
 * with work_id taken from the current track's hash; null for an empty queue or a hash
 * without a work id. Seconds rounded to milliseconds.
 */
export function historyRecordOf(state: PlayerState): { work_id: number; state: HistoryState } | null {
  const track = state.queue[state.queueIndex];
  if (!track) return null;
  const workId = workIdOfHash(track.hash);
  if (workId === null) return null;
  return {
    work_id: workId,
    state: { queue: state.queue.map(historyItem), index: state.queueIndex, seconds: Math.round(state.currentTime * 1000) / 1000 },
  };
}

/**
 * How far a listener got in a saved history `state` (beyond the spec: the progress bar on
 * work cards and the home list's "continue listening" shelf): the seconds before the saved
 * track (the durations of the tracks before `index`) plus `seconds`, over the duration of
 * the whole queue, clamped to 0..1. Null when any track's duration is unknown (queues
 * saved without durations) or the queue is empty: no bar rather than a wrong one.
 */
export function historyProgress(state: HistoryState | null | undefined): number | null {
  if (!state || !Array.isArray(state.queue) || state.queue.length === 0) return null;
  const durations = state.queue.map((q) => q.duration);
  if (durations.some((d) => typeof d !== 'number' || !Number.isFinite(d) || d < 0)) return null;
  const total = (durations as number[]).reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const index = Math.min(Math.max(Math.trunc(state.index) || 0, 0), durations.length - 1);
  const before = (durations as number[]).slice(0, index).reduce((a, b) => a + b, 0);
  const seconds = Number.isFinite(state.seconds) ? Math.min(Math.max(state.seconds, 0), durations[index]!) : 0;
  return Math.min(1, (before + seconds) / total);
}

/** Progress at or above this counts as finished: the "continue listening" shelf leaves the work out. */
export const FINISHED_PROGRESS = 0.98;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface HistorySaverOptions {
  /** Sends one record (PUT /api/histroy, or the domain function in local mode). */
  save(workId: number, state: HistoryState): Promise<unknown> | unknown;
  /** A failed save is only reported here (spec 000 section 8: only logged). */
  onError?(err: unknown): void;
  debounceMs?: number;
  intervalMs?: number;
  timers?: Timers;
}

export interface HistorySaver {
  /** Feed every new player state. */
  update(state: PlayerState): void;
  /** Saves the latest state now if it changed (on exit); resolves when sent. */
  flush(): Promise<void>;
  /** Stops the timers (the latest state is not saved: call flush first). */
  stop(): void;
}

const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof globalThis.setInterval>),
};

/** Creates a history saver implementing the saving rule above. */
export function createHistorySaver(opts: HistorySaverOptions): HistorySaver {
  const timers = opts.timers ?? globalTimers;
  const debounceMs = opts.debounceMs ?? HISTORY_DEBOUNCE_MS;
  const intervalMs = opts.intervalMs ?? HISTORY_INTERVAL_MS;
  let latest: PlayerState | null = null;
  let seen: { queue: QueueItem[]; index: number; playing: boolean; seek: number } | null = null;
  let lastSentKey: string | null = null;
  let debounce: unknown = null;
  let interval: unknown = null;
  let pending: Promise<void> = Promise.resolve();

  const saveNow = (): Promise<void> => {
    if (debounce !== null) { timers.clearTimeout(debounce); debounce = null; }
    if (!latest || latest.resuming) return pending;
    const record = historyRecordOf(latest);
    if (!record) return pending;
    const key = JSON.stringify(record);
    if (key === lastSentKey) return pending;
    lastSentKey = key;
    pending = pending.then(async () => {
      try {
        await opts.save(record.work_id, record.state);
      } catch (err) {
        lastSentKey = null;
        opts.onError?.(err);
      }
    });
    return pending;
  };

  return {
    update(state) {
      latest = state;
      const now = { queue: state.queue, index: state.queueIndex, playing: state.playing, seek: state.seekRequest?.serial ?? 0 };
      const changed = seen !== null && (seen.queue !== now.queue || seen.index !== now.index || seen.playing !== now.playing || seen.seek !== now.seek);
      seen = now;
      if (state.queue.length > 0 && interval === null) interval = timers.setInterval(() => void saveNow(), intervalMs);
      if (!changed || state.resuming) return;
      if (debounce !== null) timers.clearTimeout(debounce);
      debounce = timers.setTimeout(() => { debounce = null; void saveNow(); }, debounceMs);
    },
    flush: saveNow,
    stop() {
      if (debounce !== null) timers.clearTimeout(debounce);
      if (interval !== null) timers.clearInterval(interval);
      debounce = interval = null;
    },
  };
}
