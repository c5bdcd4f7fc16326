/**
 * AI lyric tasks (spec 000 sections 2 "AI lyric centre", 4 "AI task status", 7) and the
 * worker protocol (DESIGN section 7). Thin handlers over src/lyrics/tasks.ts and
 * claims.ts. Reads need a signed-in user; writes need a writer (guests 403); deleting
 * a task, the one way to discard a stored lyric, is admin-only (DESIGN section 6:
 * deletes). The worker protocol needs a worker: the admin or a worker key
 * (middleware/worker.ts); other users get 403. Domain errors (NotFound, Conflict,
 * Invalid) answer 404/409/400 through the error middleware.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireAdmin, requireUser, requireWriter } from '../../middleware/auth.js';
import { requireWorker } from '../../middleware/worker.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { LyricCreateSchema, LyricFolderSchema, LyricIdSchema, LyricListSchema, LyricTaskQuerySchema, WorkerAudioSchema, WorkerClaimSchema, WorkerReleaseSchema, WorkerResultSchema, WorkerStatusSchema } from '../../../api/schemas/lyric.js';
import { pathOf } from '../../../api/route.js';
import { withQuery } from '../../../api/client.js';
import { sendFile } from '../../send-file.js';
import { resolveMediaFile, scopeRoots } from '../../../library/media.js';
import { mimeTypeOf } from '../../../library/filetypes.js';
import { createTaskForFile, createTasksForFolder, deleteTask, listTasks, redoTask, startTask, taskLrc, workTasks } from '../../../lyrics/tasks.js';
import { claimTask, claimedAudio, completeTask, expireStaleClaims, releaseTask, reportStatus, workerSeen } from '../../../lyrics/claims.js';
import { NotFound, say, type LrcContentAnswer, type LyricClaimAnswer, type LyricFolderTasksAnswer, type LyricTaskAnswer, type LyricTasksAnswer, type LyricWorkersAnswer, type MessageAnswer, type WorkLyricTasksAnswer } from '../../../model/index.js';

export const lyricRouter = new Router<AppState, { services: AppContext['services'] }>();

/** Puts tasks of silent workers back to pending before answering reads and claims. */
const expire = (ctx: AppContext) => expireStaleClaims(ctx.services.db, ctx.services.config.lyricWorkerTimeout);

/**
 * GET /api/lyric/translate?page&work_id&file_name&status -> 200 {tasks, pagination}.
 * page from 1 (12 per page, newest first); work_id with or without 'RJ' ('' or 0: all);
 * file_name a substring of the file path; status a JSON list such as [1,2] ([] all).
 * 400 {error} for a bad work id or status list.
 */
on(lyricRouter, routes.lyric.tasks, requireUser(), validate(routes.lyric.tasks, LyricListSchema), async (ctx) => {
  const q = ctx.state.input.query;
  await expire(ctx);
  const answer: LyricTasksAnswer = await listTasks(ctx.services.db, { page: q.page, workId: q.work_id ?? null, fileName: q.file_name, statuses: q.status });
  ctx.body = answer;
});

/**
 * GET /api/lyric/workers -> 200 {seen}: whether an AI lyric worker has ever been seen
 * (lyrics/claims.ts workerSeen); the AI centre says a worker must be set up while not.
 * Any signed-in user.
 */
on(lyricRouter, routes.lyric.workers, requireUser(), async (ctx) => {
  const answer: LyricWorkersAnswer = { seen: await workerSeen(ctx.services.db) };
  ctx.body = answer;
});

/**
 * GET /api/lyric/translate/lrc?id= -> 200 {lrcContent} (LRC text of a successful task).
 * 404 {error} when the task is unknown or has no lyric.
 */
on(lyricRouter, routes.lyric.lrc, requireUser(), validate(routes.lyric.lrc, LyricTaskQuerySchema), async (ctx) => {
  const answer: LrcContentAnswer = { lrcContent: await taskLrc(ctx.services.db, ctx.services.dataDir, ctx.state.input.query.id) };
  ctx.body = answer;
});

/**
 * GET /api/lyric/translate/work/:id -> 200 {tasks}: every task of a work, oldest first
 * (the tree's status badges, src/lyrics/status.ts withTaskStatus, and the player's
 * stage 1 and 2 lyric lookup, matchLyricTask). 400 {error} for a non-numeric id.
 */
on(lyricRouter, routes.lyric.workTasks, requireUser(), validate(routes.lyric.workTasks, LyricIdSchema), async (ctx) => {
  await expire(ctx);
  const answer: WorkLyricTasksAnswer = { tasks: await workTasks(ctx.services.db, ctx.state.input.params.id) };
  ctx.body = answer;
});

/**
 * POST /api/lyric/translate {hash: '{workId}/{fileId}', or 'rj{workId}/{fileId}' of a trial
 * work} -> 201 {message, task} for a new
 * pending task of that audio file, 200 with the existing task when the file has one.
 * 400 {error} for a malformed hash; 404 {error} for an unknown work or a non-audio file.
 */
on(lyricRouter, routes.lyric.create, requireUser(), requireWriter(), validate(routes.lyric.create, LyricCreateSchema), async (ctx) => {
  const { task, created } = await createTaskForFile(ctx.services.db, ctx.state.input.body.hash);
  const answer: LyricTaskAnswer = { ...say(created ? 'lyric.taskCreated' : 'lyric.taskExists'), task };
  ctx.status = created ? 201 : 200;
  ctx.body = answer;
});

/**
 * POST /api/lyric/translate/folder {work_id, folder} -> 200 {message, tasks, created}:
 * a task for every audio file under `folder` (a path inside the work as the tree shows
 * it, '' for the whole work; sub-folders included); files with a task keep it. The
 * folder only selects catalogue rows, never a file-system path. work_id with or without
 * 'RJ'. 400 {error} for '..' segments or a bad id; 404 {error} for an unknown work or a
 * folder without audio.
 */
on(lyricRouter, routes.lyric.createFolder, requireUser(), requireWriter(), validate(routes.lyric.createFolder, LyricFolderSchema), async (ctx) => {
  const { work_id, folder } = ctx.state.input.body;
  const { tasks, created } = await createTasksForFolder(ctx.services.db, work_id, folder);
  const answer: LyricFolderTasksAnswer = { ...say('lyric.tasksCreated', { count: created }), tasks, created };
  ctx.body = answer;
});

/**
 * PUT /api/lyric/translate/:id -> 200 {message, task}: starts a task (none or error ->
 * pending; pending, transcribing and success stay). 404 {error} for an unknown task.
 */
on(lyricRouter, routes.lyric.start, requireUser(), requireWriter(), validate(routes.lyric.start, LyricIdSchema), async (ctx) => {
  const answer: LyricTaskAnswer = { ...say('lyric.taskStarted'), task: await startTask(ctx.services.db, ctx.state.input.params.id) };
  ctx.body = answer;
});

/**
 * POST /api/lyric/translate/redo/:id -> 200 {message, task}: retry (the centre's retry
 * button, any writer); the task is pending again, a worker on it loses its claim, a
 * previous lyric stays served (task.has_lrc) until the new result succeeds. 404 {error}.
 */
on(lyricRouter, routes.lyric.redo, requireUser(), requireWriter(), validate(routes.lyric.redo, LyricIdSchema), async (ctx) => {
  const answer: LyricTaskAnswer = { ...say('lyric.taskRequeued'), task: await redoTask(ctx.services.db, ctx.state.input.params.id) };
  ctx.body = answer;
});

/**
 * DELETE /api/lyric/translate/:id -> 200 {message}: deletes the task and its lyric
 * (admin only: 403 for others). 404 {error} for an unknown task.
 */
on(lyricRouter, routes.lyric.delete, requireUser(), requireAdmin(), validate(routes.lyric.delete, LyricIdSchema), async (ctx) => {
  await deleteTask(ctx.services.db, ctx.services.dataDir, ctx.state.input.params.id);
  const answer: MessageAnswer = say('lyric.taskDeleted');
  ctx.body = answer;
});

// Worker protocol (DESIGN section 7): the admin or a worker key (401 for an unknown or
// revoked key, 403 for other users)

/**
 * POST /api/lyric/worker/claim {worker_name} -> 200 {task, secret, mediaStreamUrl,
 * heartbeatSeconds}: the oldest pending task, now transcribing for this worker; 204
 * (no body) when none is pending. mediaStreamUrl is the claim's audio
 * (/api/lyric/worker/audio/{id}?secret=, fetched with the same credentials; a library or
 * a downloaded trial track); report at
 * least every heartbeatSeconds or lose the claim after config lyricWorkerTimeout seconds.
 */
on(lyricRouter, routes.lyric.claim, requireWorker(), validate(routes.lyric.claim, WorkerClaimSchema), async (ctx) => {
  const { worker_name } = ctx.state.input.body;
  const timeout = ctx.services.config.lyricWorkerTimeout;
  const claim = await claimTask(ctx.services.db, worker_name, timeout);
  if (!claim) {
    ctx.status = 204;
    return;
  }
  const answer: LyricClaimAnswer = {
    task: claim.task,
    secret: claim.secret,
    mediaStreamUrl: withQuery(pathOf(routes.lyric.audio, { id: claim.task.id }), { secret: claim.secret }),
    heartbeatSeconds: Math.min(30, Math.max(1, Math.floor(timeout / 3))),
  };
  ctx.body = answer;
});

/**
 * GET|HEAD /api/lyric/worker/audio/:id?secret= -> the audio bytes of a task this worker
 * holds (content type and Range as /api/media/stream). 409 {error} when the claim was
 * lost, 404 {error} when the task or its file is gone.
 */
on(lyricRouter, routes.lyric.audio, requireWorker(), validate(routes.lyric.audio, WorkerAudioSchema), async (ctx) => {
  const { params, query } = ctx.state.input;
  const { workId, fileId } = await claimedAudio(ctx.services.db, params.id, query.secret);
  const { db, config, dataDir } = ctx.services;
  // a library track, else a downloaded trial track (its file under trialFolder)
  const file = await resolveMediaFile(db, workId, fileId, config.rootFolders) ?? await resolveMediaFile(db, workId, fileId, scopeRoots(config, dataDir, 'trial'), 'trial');
  if (!file) throw new NotFound(say('file.notFound'));
  await sendFile(ctx, file.path, { type: mimeTypeOf(file.name) });
});

/**
 * POST /api/lyric/worker/status {id, secret, worker_status} -> 200 {task}: progress text
 * shown in the centre; also the heartbeat. 409 {error} when the claim was lost (expired,
 * retried, released), 404 {error} when the task was deleted.
 */
on(lyricRouter, routes.lyric.status, requireWorker(), validate(routes.lyric.status, WorkerStatusSchema), async (ctx) => {
  const body = ctx.state.input.body;
  ctx.body = { task: await reportStatus(ctx.services.db, body.id, body.secret, body.worker_status) };
});

/**
 * POST /api/lyric/worker/result {id, secret, lrc} or {id, secret, error} -> 200 {task}:
 * success (LRC stored, work lyric_status gains 'ai') or error (message kept as
 * worker_status). 400 {error} for LRC without timed lines; 409 / 404 as for status.
 */
on(lyricRouter, routes.lyric.result, requireWorker(), validate(routes.lyric.result, WorkerResultSchema), async (ctx) => {
  const { id, secret, result } = ctx.state.input;
  ctx.body = { task: await completeTask(ctx.services.db, ctx.services.dataDir, id, secret, result) };
});

/**
 * POST /api/lyric/worker/release {id, secret} -> 200 {task}: a worker stopping gives the
 * task back (pending). 409 / 404 as for status.
 */
on(lyricRouter, routes.lyric.release, requireWorker(), validate(routes.lyric.release, WorkerReleaseSchema), async (ctx) => {
  const body = ctx.state.input.body;
  ctx.body = { task: await releaseTask(ctx.services.db, body.id, body.secret) };
});

