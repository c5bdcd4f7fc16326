/**
 * The lyric of an audio track, looked up on the server in the web player's order (spec
 * 000 section 4 "Lyric loading", web/src/player/lyrics.ts): the local lyric file linked to
 * it (lrc, then vtt, then srt; any encoding; resolved like media, src/library/media.ts),
 * else the work's successful AI lyric task matching the track's file name
 * (matchLyricTask: exact, then loose). Used by the players' API (src/subsonic) and the
 * TUI's local mode. Node only.
 */
import type { Db } from '../db/index.js';
import { NotFound } from '../model/index.js';
import type { Scope } from '../catalogue/visible.js';
import { getAudioLyric, resolveMediaFile } from '../library/media.js';
import { readLyricFileAsLrc } from './decode.js';
import { parseLrc, type LrcLine } from './lrc.js';
import { matchLyricTask } from './match.js';
import { taskLrc, workTasks } from './tasks.js';

/** A found lyric: its timed lines (seconds) and where it came from. */
export interface TrackLyric { lines: LrcLine[]; source: 'local' | 'ai' | 'ai-loose' }

/**
 * The lyric of audio file `fileId` of work `workId`, whose file name is `fileName`;
 * null when it has none (or the file is no file of a visible work). `roots` are the
 * folders files of `scope` resolve within (the library roots, or the trial folder),
 * `dataDir` holds the AI lyrics (of library and trial works alike).
 */
export async function findTrackLyric(db: Db, dataDir: string, roots: readonly { path: string }[], workId: number, fileId: number, fileName: string, scope: Scope = 'library'): Promise<TrackLyric | null> {
  const linked = await getAudioLyric(db, workId, fileId, scope);
  if (!linked) return null;
  if (linked.lyric) {
    const file = await resolveMediaFile(db, workId, linked.lyric.fileId, roots, scope);
    if (file) return { lines: parseLrc(readLyricFileAsLrc(file.path)), source: 'local' };
  }
  const match = matchLyricTask(fileName, await workTasks(db, workId));
  if (!match) return null;
  try {
    return { lines: parseLrc(await taskLrc(db, dataDir, match.task.id)), source: match.loose ? 'ai-loose' : 'ai' };
  } catch (err) {
    if (err instanceof NotFound) return null; // the task's lyric file went away
    throw err;
  }
}
