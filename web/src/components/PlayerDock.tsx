/**
 * The player's place in the layout: the one <audio> element (AudioEngine) and the
 * bottom bar in the AppShell footer while the queue has something. Loaded apart from
 * the routes (Layout mounts it once the first page is idle), so a list page's first
 * load does not carry the player; `onVisible` tells the layout to make room.
 */
import { lazy, Suspense, useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { AudioEngine } from '../player/AudioEngine';
import { usePlayer } from '../player/store';

const PlayerBar = lazy(() => import('../player/PlayerBar').then((m) => ({ default: m.PlayerBar })));

export default function PlayerDock({ onVisible }: { onVisible(visible: boolean): void }) {
  const visible = usePlayer((s) => s.queue.length > 0);
  useEffect(() => onVisible(visible), [visible, onVisible]);
  return (
    <>
      <AppShell.Footer hidden={!visible}>
        {visible && <Suspense fallback={null}><PlayerBar /></Suspense>}
      </AppShell.Footer>
      <AudioEngine />
    </>
  );
}
