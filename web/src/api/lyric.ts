/**
 * AI lyric task calls used by the work page (spec 000 sections 2, 4 and 7).
 * Status numbers: 0 none, 1 pending, 2 transcribing, 3 success, 4 error.
 */
import type { LyricFolderTasksAnswer, LyricTask, LyricTaskAnswer, WorkLyricTasksAnswer } from '../../../src/api/types';
import { api } from './client';

export const AI_STATUS = { none: 0, pending: 1, transcribing: 2, success: 3, error: 4 } as const;
/** While the status is pending or transcribing the tree polls every 10 s. */
export const AI_POLL_MS = 10_000;

/** The tasks of one work (tree badges): GET /api/lyric/translate/work/{id}. 401 silent. */
export async function workTasks(workId: number): Promise<LyricTask[]> {
  return (await api<WorkLyricTasksAnswer>(`/api/lyric/translate/work/${workId}`, { on401: 'throw' })).tasks;
}

/** AI translate one audio file: POST /api/lyric/translate {hash}. */
export function translateAudio(hash: string): Promise<LyricTaskAnswer> {
  return api<LyricTaskAnswer>('/api/lyric/translate', { method: 'POST', body: { hash } });
}

/** Translate the current folder: POST /api/lyric/translate/folder {work_id, folder} ('' = whole work). */
export function translateFolder(workId: number, folder: string): Promise<LyricFolderTasksAnswer> {
  return api<LyricFolderTasksAnswer>('/api/lyric/translate/folder', { method: 'POST', body: { work_id: workId, folder } });
}

/**
 * Aggregate status (spec 000 section 4): transcribing beats pending beats the rest;
 * for an audio file success beats error, for a folder error beats success; no tasks = none.
 */
export function combineStatus(statuses: number[], folder: boolean): number {
  if (!statuses.length) return AI_STATUS.none;
  if (statuses.includes(AI_STATUS.transcribing)) return AI_STATUS.transcribing;
  if (statuses.includes(AI_STATUS.pending)) return AI_STATUS.pending;
  const [first, second] = folder ? [AI_STATUS.error, AI_STATUS.success] : [AI_STATUS.success, AI_STATUS.error];
  if (statuses.includes(first)) return first;
  if (statuses.includes(second)) return second;
  return AI_STATUS.none;
}
