/**
 * Play history (spec 000 section 7, spelling `histroy` kept): GET, PUT and DELETE
 * /api/histroy, always the signed-in user's own; guests cannot write.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { bodyParser } from '@koa/bodyparser';
import type { AppContext, AppState } from '../context.js';
import { deleteHistory, listHistory, saveHistory } from '../../users/history.js';
import { UnknownWorkError } from '../../users/reviews.js';
import { requireUser, requireWriter } from '../middleware/auth.js';
import { notFound } from '../middleware/errors.js';
import { favouritesQuery, numericId } from './catalogue-schema.js';

export const histroyRouter = new Router<AppState, { services: AppContext['services'] }>();

const queueItem = z.object({
  hash: z.string().min(1).max(200),
  title: z.string().max(1000),
  workTitle: z.string().max(1000).optional(),
  mediaStreamUrl: z.string().max(2000).optional(),
  duration: z.number().nonnegative().optional(),
}).passthrough();

const historyBody = z.object({
  work_id: numericId,
  state: z.object({
    queue: z.array(queueItem).max(5000),
    index: z.number().int().min(0),
    seconds: z.number().min(0),
  }).refine((s) => s.queue.length === 0 || s.index < s.queue.length, { message: 'index must point into the queue', path: ['index'] }),
});

/**
 * GET /api/histroy ?page&sort&order&filter -> 200 {works, pagination}: the caller's
 * played visible works, each with `state`; default most recently played first.
 */
histroyRouter.get('/api/histroy', requireUser(), async (ctx) => {
  const q = favouritesQuery.parse(ctx.query);
  ctx.body = await listHistory(ctx.services.db, ctx.state.user!.name, { ...q, progress: q.filter, pageSize: ctx.services.config.pageSize });
});

/** PUT /api/histroy {work_id, state: {queue, index, seconds}} -> 200 {message: 'history saved'}; 404 unknown work. */
histroyRouter.put('/api/histroy', requireUser(), requireWriter(), async (ctx) => {
  const { work_id, state } = historyBody.parse(ctx.request.body ?? {});
  try {
    await saveHistory(ctx.services.db, ctx.state.user!.name, work_id, state);
  } catch (err) {
    if (err instanceof UnknownWorkError) throw notFound(err.message);
    throw err;
  }
  ctx.body = { message: 'history saved' };
});

/** The app's body parser skips DELETE; this call carries its work_id in a JSON body (spec 000 section 7). */
const deleteBody = bodyParser({ enableTypes: ['json'], jsonLimit: '10kb', parsedMethods: ['DELETE'] });

/**
 * DELETE /api/histroy {work_id} (or ?work_id=) -> 200 {message: 'history deleted'};
 * 404 {error: 'history delete failed: ...'} when the caller has no history of it.
 */
histroyRouter.delete('/api/histroy', requireUser(), requireWriter(), deleteBody, async (ctx) => {
  const body = (ctx.request.body ?? {}) as { work_id?: unknown };
  const { work_id } = z.object({ work_id: numericId }).parse({ work_id: body.work_id ?? ctx.query.work_id });
  if (!(await deleteHistory(ctx.services.db, ctx.state.user!.name, work_id))) throw notFound('history delete failed: no history for this work');
  ctx.body = { message: 'history deleted' };
});
