/** The one <audio> element of the app; mounted once in the layout, attached to the player store. */
import { useCallback } from 'react';
import { player } from './store';

export function AudioEngine() {
  const ref = useCallback((el: HTMLAudioElement | null) => player.attach(el), []);
  return <audio ref={ref} preload="auto" data-testid="audio" style={{ display: 'none' }} />;
}
