/** The player state, re-rendering on every change of the controller. */
import { useSyncExternalStore } from 'react';
import { initialPlayerState, type PlayerState } from '../../player/index.js';
import type { PlayerController } from '../player/controller.js';

const idle = initialPlayerState();

export function usePlayerState(player: PlayerController | null): PlayerState {
  return useSyncExternalStore(
    (onChange) => {
      if (!player) return () => undefined;
      player.on('change', onChange);
      return () => { player.off('change', onChange); };
    },
    () => player?.state ?? idle,
  );
}
