/**
 * AI lyric task calls used by the work page (spec 000 sections 2, 4 and 7).
 * Status numbers and their rules (0 none .. 4 error, folder aggregation, polling) come
 * from the shared src/lyrics/status.ts.
 */
import type { LyricFolderTasksAnswer, LyricTask, LyricTaskAnswer } from '@model';
import { call, routes } from './client';

/** While the status is pending or transcribing the tree polls every 10 s. */
export const AI_POLL_MS = 10_000;
/** The status call waits this long after the last reason to make it (spec 000 section 9). */
export const AI_STATUS_DEBOUNCE_MS = 500;

/** The tasks of one work (tree badges): GET /api/lyric/translate/work/{id}. 401 silent. */
export async function workTasks(workId: number): Promise<LyricTask[]> {
  return (await call(routes.lyric.workTasks, { params: { id: workId }, on401: 'throw' })).tasks;
}

/** AI translate one audio file: POST /api/lyric/translate {hash}. */
export function translateAudio(hash: string): Promise<LyricTaskAnswer> {
  return call(routes.lyric.create, { body: { hash } });
}

/** Translate the current folder: POST /api/lyric/translate/folder {work_id, folder} ('' = whole work). */
export function translateFolder(workId: number, folder: string): Promise<LyricFolderTasksAnswer> {
  return call(routes.lyric.createFolder, { body: { work_id: workId, folder } });
}
