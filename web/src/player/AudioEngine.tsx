/**
 * The one <audio> element of the app, mounted once in the layout and attached to the
 * player store; it also starts lyric loading, the keyboard shortcuts, the Media Session
 * and the history save on page hide.
 */
import { useCallback, useEffect } from 'react';
import { installKeyboard } from './keyboard';
import { startLyrics } from './lyrics';
import { installMediaSession } from './mediaSession';
import { player } from './store';

/** The hidden <audio> element and the player's global listeners. */
export function AudioEngine() {
  const ref = useCallback((el: HTMLAudioElement | null) => player.attach(el), []);
  useEffect(() => {
    startLyrics();
    const offKeys = installKeyboard();
    const offSession = installMediaSession();
    const onHide = () => void player.flushHistory();
    window.addEventListener('pagehide', onHide);
    return () => { offKeys(); offSession(); window.removeEventListener('pagehide', onHide); };
  }, []);
  return <audio ref={ref} preload="auto" data-testid="audio" style={{ display: 'none' }} />;
}
