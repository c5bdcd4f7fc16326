/**
 * Works lists (spec 000 sections 7 and 9): GET /api/works, /api/search and the works of
 * one circle, tag or VA. Every list answers `{works, pagination: {currentPage, pageSize,
 * totalCount}}` with the caller's rating, review, progress and history on each work.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { listWorks, type WorkFilter } from '../../../catalogue/index.js';
import { requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { WorksListSchema, WorksOfIdSchema, WorksOfVaSchema } from '../../../api/schemas/works.js';
import type { WorksAnswer } from '../../../model/index.js';
import type { WorksQuery } from '../../../api/schemas/works.js';

export const worksRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * Runs the list of the query `q`, narrowed by `extra` (circle, tag or VA; the scope and
 * status of the trial list, routes/trial). Answers {works, pagination}.
 */
export async function answerList(ctx: AppContext, q: WorksQuery, extra: Partial<WorkFilter> = {}): Promise<WorksAnswer> {
  const { config } = ctx.services;
  return listWorks(ctx.state.read!, { ...q, filter: { ...q.filter, ...extra }, pageSize: config.pageSize });
}

/**
 * GET /api/works and GET /api/search ?page&sort&order&seed&nsfw&lyric&isAdvance&keyword
 * -> 200 {works, pagination}. Plain keyword: a work code (RJ/VJ/BJ, 6 or 8 digits, prefix
 * optional) or words that must all match; isAdvance=1: keyword is a JSON list of {t, d}.
 * order=betterRandom answers one random work. 400 {error} on bad parameters, 401 without a token.
 */
for (const listRoute of [routes.library.works, routes.library.search]) {
  on(worksRouter, listRoute, requireUser(), validate(listRoute, WorksListSchema), async (ctx) => {
    ctx.body = await answerList(ctx, ctx.state.input.query);
  });
}

/** GET /api/circles/:id/works -> the circle's works, same query and answer as /api/works. */
on(worksRouter, routes.library.circleWorks, requireUser(), validate(routes.library.circleWorks, WorksOfIdSchema), async (ctx) => {
  const { query, params } = ctx.state.input;
  ctx.body = await answerList(ctx, query, { circleId: params.id });
});

/** GET /api/tags/:id/works -> the tag's works, same query and answer as /api/works. */
on(worksRouter, routes.library.tagWorks, requireUser(), validate(routes.library.tagWorks, WorksOfIdSchema), async (ctx) => {
  const { query, params } = ctx.state.input;
  ctx.body = await answerList(ctx, query, { tagId: params.id });
});

/** GET /api/vas/:id/works -> the VA's works, same query and answer as /api/works. */
on(worksRouter, routes.library.vaWorks, requireUser(), validate(routes.library.vaWorks, WorksOfVaSchema), async (ctx) => {
  const { query, params } = ctx.state.input;
  ctx.body = await answerList(ctx, query, { vaId: params.id });
});
