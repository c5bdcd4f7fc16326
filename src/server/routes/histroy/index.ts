/**
 * Play history (spec 000 section 7, spelling `histroy` kept): GET, PUT and DELETE
 * /api/histroy, always the signed-in user's own; guests cannot write.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { deleteHistory, listHistory, saveHistory } from '../../../users/history.js';
import { NotFound, say } from '../../../model/index.js';
import { withTrialMarks } from '../../../trial/marks.js';
import { requireUser, requireWriter } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { HistroyDeleteSchema, HistroyListSchema, HistroyPutSchema } from '../../../api/schemas/histroy.js';

export const histroyRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/histroy ?page&sort&order&filter -> 200 {works, pagination}: the caller's
 * played works of the library and of the trial catalogue (those with their `trial` mark),
 * each with `state`; default most recently played first.
 */
on(histroyRouter, routes.favourites.history, requireUser(), validate(routes.favourites.history, HistroyListSchema), async (ctx) => {
  const q = ctx.state.input.query;
  const answer = await listHistory(ctx.state.read!, { ...q, progress: q.filter, pageSize: ctx.services.config.pageSize });
  ctx.body = { ...answer, works: await withTrialMarks(ctx.services.db, answer.works) };
});

/**
 * PUT /api/histroy {work_id, state: {queue, index, seconds}} -> 200 {message: 'history saved'};
 * 404 for a work that is unknown, hidden or in neither the library nor the trial
 * catalogue (nothing written).
 */
on(histroyRouter, routes.favourites.putHistory, requireUser(), requireWriter(), validate(routes.favourites.putHistory, HistroyPutSchema), async (ctx) => {
  const { work_id, state } = ctx.state.input.body;
  await saveHistory(ctx.services.db, ctx.state.user!.name, work_id, state);
  ctx.body = say('history.saved');
});

/**
 * DELETE /api/histroy {work_id} (or ?work_id=) -> 200 {message: 'history deleted'};
 * 404 {error: 'history delete failed: ...'} when the caller has no history of it.
 */
on(histroyRouter, routes.favourites.deleteHistory, requireUser(), requireWriter(), validate(routes.favourites.deleteHistory, HistroyDeleteSchema), async (ctx) => {
  if (!(await deleteHistory(ctx.services.db, ctx.state.user!.name, ctx.state.input.work_id))) throw new NotFound(say('history.notFound'));
  ctx.body = say('history.deleted');
});
