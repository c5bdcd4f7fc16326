/**
 * The lyric sync tool (spec 000 section 4 "Lyric sync tool"), pure: ready -> (the
 * listener says which came first, the lyric line or the voice, at the moment it came)
 * measure -> (the listener marks the moment the other one came) done -> apply sets the
 * lyric offset and the tool resets to ready. Times in ms (performance.now()).
 */
export type SyncFirst = 'lyric' | 'audio';

export type SyncState =
  | { phase: 'ready' }
  | { phase: 'measure'; first: SyncFirst; startedAt: number }
  | { phase: 'done'; first: SyncFirst; deltaMs: number };

export type SyncAction =
  | { type: 'start'; first: SyncFirst; now: number }
  | { type: 'mark'; now: number }
  | { type: 'reset' };

export const SYNC_READY: SyncState = { phase: 'ready' };

/** The tool's transitions; an action that does not fit the phase is ignored. */
export function syncReducer(state: SyncState, action: SyncAction): SyncState {
  switch (action.type) {
    case 'start':
      return state.phase === 'ready' ? { phase: 'measure', first: action.first, startedAt: action.now } : state;
    case 'mark':
      return state.phase === 'measure' ? { phase: 'done', first: state.first, deltaMs: Math.max(0, action.now - state.startedAt) } : state;
    case 'reset':
      return SYNC_READY;
    default:
      return state;
  }
}

/**
 * The lyric offset (seconds, 4 decimals) after applying a measurement to `offset`: a lyric
 * that came first is delayed (offset grows), a lyric that came after the voice is brought
 * forward (offset shrinks). See lyricTime in lyrics.ts: lyric clock = track time - offset.
 */
export function appliedOffset(offset: number, done: { first: SyncFirst; deltaMs: number }): number {
  const shift = (done.first === 'lyric' ? 1 : -1) * done.deltaMs / 1000;
  return Math.round((offset + shift) * 10_000) / 10_000;
}

/** The delta as shown: '' under 1 ms, else seconds with 3 decimals ('0.250 s'). */
export function formatDelta(deltaMs: number): string {
  return deltaMs < 1 ? '' : `${(deltaMs / 1000).toFixed(3)} s`;
}
