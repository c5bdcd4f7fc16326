/**
 * Lyric loading for the playing track (spec 000 section 4 "Lyric loading"), with the
 * pure parts of src/lyrics:
 * 1. GET /api/media/check-lrc/{hash}: a local lyric file (lrc, vtt or srt; the server
 *    streams it decoded to UTF-8, Shift-JIS included); srt and vtt become LRC (toLrc).
 *    A trial item ('rj…') asks the trial catalogue's /api/fake/media/check-lrc/{hash}.
 * 2. Else (library and trial items alike) the work's AI lyric tasks (GET /api/lyric/translate/work/{workId}):
 *    matchLyricTask stage 1 (file name equal to the title, a task serving a lyric), then stage 2
 *    (loose match; notice 'using loose lyric matching'); the LRC comes from
 *    GET /api/lyric/translate/lrc?id=.
 * 3. Nothing found, or a failed search (only logged): the lyric is cleared.
 */
import { useSyncExternalStore } from 'react';
import { notifications } from '@mantine/notifications';
import { workIdOfHash } from '@model';
import { trackMedia, trackMediaPath } from '../../../src/api/routes';
import { matchLyricTask, parseLrc, toLrc, type LrcLine } from '../../../src/lyrics/index.js';
import { currentTrack } from '../../../src/player/index.js';
import { call, mediaUrl, routes } from '../api/client';
import i18n from '../i18n';
import { player } from './store';

export interface LyricState {
  /** The track hash these lines belong to (null: none loaded). */
  hash: string | null;
  lines: LrcLine[];
  /** Where the lines came from. */
  source: 'local' | 'ai' | 'ai-loose' | null;
}

const EMPTY: LyricState = { hash: null, lines: [], source: null };
let lyric: LyricState = EMPTY;
const listeners = new Set<() => void>();
let loadingHash: string | null = null;

function set(next: LyricState): void {
  lyric = next;
  for (const l of listeners) l();
}

/** Finds and parses the lyric of one track; null when it has none. */
export async function fetchLyric(hash: string, title: string): Promise<Omit<LyricState, 'hash'> | null> {
  const check = await call(trackMedia('checkLrc', hash).route, { params: trackMedia('checkLrc', hash).params, on401: 'throw' });
  if (check.result && check.hash) {
    const res = await fetch(mediaUrl(trackMediaPath('stream', check.hash)));
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    const text = await res.text();
    return { lines: parseLrc(toLrc(text, check.lyricExtension ?? 'lrc')), source: 'local' };
  }
  const workId = workIdOfHash(hash);
  if (workId === null) return null;
  const { tasks } = await call(routes.lyric.workTasks, { params: { id: workId }, on401: 'throw' });
  const match = matchLyricTask(title, tasks);
  if (!match) return null;
  const { lrcContent } = await call(routes.lyric.lrc, { query: { id: match.task.id }, on401: 'throw' });
  return { lines: parseLrc(lrcContent), source: match.loose ? 'ai-loose' : 'ai' };
}

/** Loads the lyric of the current track when it changed (called on every player change). */
function follow(): void {
  const track = currentTrack(player.getState());
  const hash = track ? track.hash : null;
  if (hash === (loadingHash ?? lyric.hash)) return;
  loadingHash = hash;
  if (!hash || !track) {
    set(EMPTY);
    return;
  }
  set(EMPTY);
  fetchLyric(hash, track.title)
    .then((found) => {
      if (loadingHash !== hash) return;
      if (found?.source === 'ai-loose') notifications.show({ message: i18n.t('player.looseLyric') });
      set(found ? { hash, ...found } : { ...EMPTY, hash });
    })
    .catch((err) => {
      console.error('lyric search failed', err);
      if (loadingHash === hash) set({ ...EMPTY, hash });
    })
    .finally(() => { if (loadingHash === hash) loadingHash = null; });
}

let started = false;
/** Starts following the player (once; the AudioEngine calls it). */
export function startLyrics(): void {
  if (started) return;
  started = true;
  player.subscribe(follow);
  follow();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The lyric of the playing track. */
export function useLyric(): LyricState {
  return useSyncExternalStore(subscribe, () => lyric);
}

/** The lyric now (outside React: desktop lyrics). */
export const getLyric = (): LyricState => lyric;
