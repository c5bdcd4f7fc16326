/**
 * Media Session (lock screens, headset buttons): metadata of the current track (title,
 * work title, cover) and the actions play, pause, previous, next, seek backward and
 * forward (the configured steps), seek to; playback state and position follow the player.
 */
import { workIdOfHash } from '@model';
import { currentTrack, type PlayerState } from '../../../src/player/index.js';
import { coverUrl } from '../api/client';
import { scopeOfHash } from '../api/scope';
import { player } from './store';

let lastHash: string | null = null;

function update(s: PlayerState): void {
  const ms = navigator.mediaSession;
  const track = currentTrack(s);
  if (track?.hash !== lastHash) {
    lastHash = track?.hash ?? null;
    const workId = track ? workIdOfHash(track.hash) : null;
    ms.metadata = track && typeof MediaMetadata !== 'undefined'
      ? new MediaMetadata({
        title: track.title,
        album: track.workTitle ?? '',
        artwork: workId !== null ? [{ src: new URL(coverUrl(workId, 'main', scopeOfHash(track?.hash)), location.href).href }] : [],
      })
      : null;
  }
  ms.playbackState = track ? (s.playing ? 'playing' : 'paused') : 'none';
  if (s.duration > 0 && s.currentTime <= s.duration) {
    try { ms.setPositionState({ duration: s.duration, position: s.currentTime, playbackRate: s.speed }); } catch { /* ignored by some browsers */ }
  }
}

/** Installs the handlers; returns the uninstaller. No-op without navigator.mediaSession. */
export function installMediaSession(): () => void {
  if (!('mediaSession' in navigator)) return () => undefined;
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => player.play()],
    ['pause', () => player.pause()],
    ['previoustrack', () => player.previous()],
    ['nexttrack', () => player.next()],
    ['seekbackward', () => player.rewind()],
    ['seekforward', () => player.forward()],
    ['seekto', (d) => { if (d.seekTime !== undefined) player.seek(d.seekTime); }],
  ];
  for (const [action, handler] of handlers) {
    try { navigator.mediaSession.setActionHandler(action, handler); } catch { /* unsupported action */ }
  }
  const unsubscribe = player.subscribe(() => update(player.getState()));
  update(player.getState());
  return () => {
    unsubscribe();
    for (const [action] of handlers) {
      try { navigator.mediaSession.setActionHandler(action, null); } catch { /* unsupported action */ }
    }
  };
}
