/**
 * Reviews (spec 000 section 7): GET /api/review (the caller's favourites), PUT
 * /api/review (rating, text, progress per the starOnly/progressOnly rules), DELETE
 * /api/review?work_id. Always the signed-in user's own review; guests cannot write.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.js';
import { UnknownWorkError, deleteReview, listReviews, saveReview, type ReviewWriteMode } from '../../users/reviews.js';
import { PROGRESS_VALUES } from '../../model/index.js';
import { requireUser, requireWriter } from '../middleware/auth.js';
import { badRequest, notFound } from '../middleware/errors.js';
import { favouritesQuery, numericId } from './catalogue-schema.js';

export const reviewRouter = new Router<AppState, { services: AppContext['services'] }>();

const flag = z.enum(['true', 'false']).optional();
const reviewBody = z.object({
  user_name: z.string().optional(), // sent by the client; the review is the caller's whatever it says
  work_id: numericId,
  rating: z.number().int().min(1, 'rating must be 1 to 5').max(5, 'rating must be 1 to 5').nullable().optional(),
  review_text: z.string().max(100_000).nullable().optional(),
  progress: z.enum(PROGRESS_VALUES).nullable().optional(),
});

/** Reads the write mode of section 7 from starOnly/progressOnly; checks the field it needs is there. */
function writeMode(query: AppContext['query'], body: z.infer<typeof reviewBody>): ReviewWriteMode {
  const { starOnly, progressOnly } = z.object({ starOnly: flag, progressOnly: flag }).parse(query);
  if (progressOnly === 'true') {
    if (body.progress === undefined) throw badRequest('progress: required with progressOnly=true');
    return 'progress';
  }
  if (starOnly === 'true') {
    if (body.rating === undefined) throw badRequest('rating: required with starOnly=true');
    return 'star';
  }
  return starOnly === 'false' ? 'full' : 'given';
}

/**
 * GET /api/review ?order (updated_at, userRating, release, review_count, dl_count,
 * allage = nsfw asc, nsfw = nsfw desc) &sort &page &filter (a progress value)
 * -> 200 {works, pagination}: the caller's reviewed visible works.
 */
reviewRouter.get('/api/review', requireUser(), async (ctx) => {
  const q = favouritesQuery.parse(ctx.query);
  ctx.body = await listReviews(ctx.services.db, ctx.state.user!.name, { ...q, progress: q.filter, pageSize: ctx.services.config.pageSize });
});

/**
 * PUT /api/review {user_name, work_id, rating?, review_text?, progress?} ?starOnly&progressOnly
 * -> 200 {message}. No params: writes the fields given (the work page's stars);
 * starOnly=true: the rating only; progressOnly=true: the progress only; starOnly=false:
 * rating, text and progress (the review dialog). Rating 1..5 (0 -> 400). 404 unknown work.
 */
reviewRouter.put('/api/review', requireUser(), requireWriter(), async (ctx) => {
  const body = reviewBody.parse(ctx.request.body ?? {});
  const mode = writeMode(ctx.query, body);
  try {
    await saveReview(ctx.services.db, ctx.state.user!.name, body, mode);
  } catch (err) {
    if (err instanceof UnknownWorkError) throw notFound(err.message);
    throw err;
  }
  ctx.body = { message: mode === 'star' ? 'rating saved' : mode === 'progress' ? 'progress saved' : 'review saved' };
});

/** DELETE /api/review?work_id=N -> 200 {message: 'review deleted'}; 404 when the caller has no review of it. */
reviewRouter.delete('/api/review', requireUser(), requireWriter(), async (ctx) => {
  const { work_id } = z.object({ work_id: numericId }).parse(ctx.query);
  if (!(await deleteReview(ctx.services.db, ctx.state.user!.name, work_id))) throw notFound('review not found');
  ctx.body = { message: 'review deleted' };
});
