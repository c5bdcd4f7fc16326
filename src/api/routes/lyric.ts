/** AI lyric tasks (DESIGN section 7): the users' calls and the `audiolib translate` worker's. */
import type {
  LrcContentAnswer, LyricClaimAnswer, LyricFolderTasksAnswer, LyricTask, LyricTaskAnswer, LyricTasksAnswer, LyricWorkersAnswer, MessageAnswer, WorkLyricTasksAnswer,
} from '../../model/index.js';
import { route } from '../route.js';
import type {
  LyricCreateSchema, LyricFolderSchema, LyricIdSchema, LyricListSchema, LyricTaskQuerySchema, WorkerAudioSchema, WorkerClaimSchema, WorkerReleaseSchema, WorkerResultSchema, WorkerStatusSchema,
} from '../schemas/lyric.js';

export const lyricRoutes = {
  /** ?page&work_id&file_name&status -> the task list. */
  tasks: route<LyricTasksAnswer, typeof LyricListSchema>()('GET', '/api/lyric/translate'),
  /** When a worker was last seen. */
  workers: route<LyricWorkersAnswer>()('GET', '/api/lyric/workers'),
  /** ?id: a finished task's LRC text. */
  lrc: route<LrcContentAnswer, typeof LyricTaskQuerySchema>()('GET', '/api/lyric/translate/lrc'),
  /** The tasks of one work. */
  workTasks: route<WorkLyricTasksAnswer, typeof LyricIdSchema>()('GET', '/api/lyric/translate/work/:id'),
  /** {hash}: a task for one audio file. */
  create: route<LyricTaskAnswer, typeof LyricCreateSchema>()('POST', '/api/lyric/translate'),
  /** {work_id, folder}: tasks for a folder ('' = the whole work). */
  createFolder: route<LyricFolderTasksAnswer, typeof LyricFolderSchema>()('POST', '/api/lyric/translate/folder'),
  start: route<LyricTaskAnswer, typeof LyricIdSchema>()('PUT', '/api/lyric/translate/:id'),
  redo: route<LyricTaskAnswer, typeof LyricIdSchema>()('POST', '/api/lyric/translate/redo/:id'),
  /** Admin. */
  delete: route<MessageAnswer, typeof LyricIdSchema>()('DELETE', '/api/lyric/translate/:id'),
  /** Worker: {worker_name} -> a task with its secret, or an empty answer when none waits. */
  claim: route<LyricClaimAnswer | undefined, typeof WorkerClaimSchema>()('POST', '/api/lyric/worker/claim'),
  /** Worker: the task's audio bytes (?secret). */
  audio: route<never, typeof WorkerAudioSchema>()('GET', '/api/lyric/worker/audio/:id'),
  status: route<{ task: LyricTask }, typeof WorkerStatusSchema>()('POST', '/api/lyric/worker/status'),
  result: route<{ task: LyricTask }, typeof WorkerResultSchema>()('POST', '/api/lyric/worker/result'),
  release: route<{ task: LyricTask }, typeof WorkerReleaseSchema>()('POST', '/api/lyric/worker/release'),
};
