/**
 * The lyric of an audio track, looked up on the server in the web player's order (spec
 * 000 section 4 "Lyric loading", web/src/player/lyrics.ts): the local lyric file linked to
 * it (lrc, then vtt, then srt; any encoding; resolved like media, src/library/media.ts),
 * else the work's AI lyric task serving a lyric that matches the track's file name
 * (matchLyricTask: exact, then loose). The one lookup of the players' API (src/subsonic)
 * and the TUI's local mode; the web and the TUI's remote mode make the same steps through
 * the routes (check-lrc, the work's tasks, the task's LRC). Node only.
 */
import type { Db } from '../db/index.js';
import type { Config } from '../config/index.js';
import { NotFound } from '../model/index.js';
import type { Scope } from '../catalogue/visible.js';
import { getAudioLyric, resolveMediaFile, scopeRoots } from '../library/media.js';
import { readLyricFileAsLrc } from './decode.js';
import { parseLrc } from './lrc.js';
import { matchLyricTask } from './match.js';
import { taskLrc, workTasks } from './tasks.js';
import { aiTrackLyric, type TrackLyric } from './track-lyric.js';

/** Where the lookup reads: the database, the data directory (AI lyrics, the trial folder) and the config (library roots). */
export interface LyricSources { db: Db; dataDir: string; config: Pick<Config, 'rootFolders' | 'trialFolder'> }

/** An audio file of a work of the library (the default) or of the trial catalogue. */
export interface TrackRef { workId: number; fileId: number; scope?: Scope }

/**
 * The lyric of audio file `track`, whose file name is `fileName`: `{lines, source}`
 * (lines in seconds; source 'local', 'ai' or 'ai-loose'), or null when it has none or the
 * file is no audio file of a work visible in the track's scope. Local files resolve within
 * the scope's folders (the library roots, or the trial folder); AI lyrics are read from
 * `dataDir` for library and trial works alike. A task whose LRC file went away counts as
 * none; other file or database errors are thrown.
 */
export async function findTrackLyric({ db, dataDir, config }: LyricSources, track: TrackRef, fileName: string): Promise<TrackLyric | null> {
  const { workId, fileId, scope = 'library' } = track;
  const linked = await getAudioLyric(db, workId, fileId, scope);
  if (!linked) return null;
  if (linked.lyric) {
    const file = await resolveMediaFile(db, workId, linked.lyric.fileId, scopeRoots(config, dataDir, scope), scope);
    if (file) return { lines: parseLrc(readLyricFileAsLrc(file.path)), source: 'local' };
  }
  const match = matchLyricTask(fileName, await workTasks(db, workId));
  if (!match) return null;
  try {
    return aiTrackLyric(match, await taskLrc(db, dataDir, match.task.id));
  } catch (err) {
    if (err instanceof NotFound) return null; // the task's lyric file went away
    throw err;
  }
}
