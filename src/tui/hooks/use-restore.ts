/**
 * The queue at start: the listener's latest play history (the history list newest
 * first, the one the web's favourites page shows on top, kept by the server or the
 * database in both modes) loads paused at its saved track and second into the empty
 * queue once the player joins, so space resumes where the last session, in the
 * terminal or in the browser, stopped.
 */
import { useEffect, useRef } from 'react';
import { formatDuration } from '../../player/index.js';
import type { HistoryState, Work } from '../../model/index.js';
import type { DataSource } from '../data/source.js';
import type { PlayerController } from '../player/controller.js';

/** The most recently updated play history of the source's listener with a queue, and its work; null when there is none. */
export async function latestHistory(source: DataSource): Promise<{ work: Work; state: HistoryState } | null> {
  const answer = await source.favourites({ mode: 'history', page: 1, order: 'updated_at', sort: 'desc' });
  for (const work of answer.works) if (work.state?.queue.length) return { work, state: work.state };
  return null;
}

/**
 * Once `player` is there (when `enabled`), loads the latest play history into its queue
 * unless something was queued meanwhile, and tells the listener through `notify`.
 * A failed look-up leaves the queue empty (nothing to tell: the lists show the error).
 */
export function useRestoreHistory(enabled: boolean, source: DataSource, player: PlayerController | null, notify: (text: string) => void): void {
  const started = useRef(false);
  const live = useRef(true);
  useEffect(() => () => { live.current = false; }, []);
  useEffect(() => {
    if (!enabled || !player || started.current) return;
    started.current = true;
    latestHistory(source).then((found) => {
      if (!live.current || !found || player.state.queue.length > 0) return;
      const { state } = found;
      player.dispatch({ type: 'restoreHistory', state, play: false });
      const track = state.queue[state.index] ?? state.queue[0]!;
      notify(`loaded play history: ${state.index + 1}/${state.queue.length} ${track.title} at ${formatDuration(state.seconds)} (space plays)`);
    }, () => undefined);
  }, [enabled, source, player, notify]);
}
