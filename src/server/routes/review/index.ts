/**
 * Reviews (spec 000 section 7): GET /api/review (the caller's favourites), PUT
 * /api/review (rating, text, progress per the starOnly/progressOnly rules), DELETE
 * /api/review?work_id. Always the signed-in user's own review; guests cannot write.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { deleteReview, listReviews, saveReview } from '../../../users/reviews.js';
import { NotFound, say } from '../../../model/index.js';
import { withTrialMarks } from '../../../trial/marks.js';
import { requireUser, requireWriter } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { ReviewDeleteSchema, ReviewListSchema, ReviewPutSchema } from '../../../api/schemas/review.js';

export const reviewRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/review ?order (updated_at, userRating, release, review_count, dl_count,
 * allage = nsfw asc, nsfw = nsfw desc) &sort &page &filter (a progress value)
 * -> 200 {works, pagination}: the caller's reviewed works of the library and of the trial
 * catalogue (those with their `trial` mark).
 */
on(reviewRouter, routes.favourites.reviews, requireUser(), validate(routes.favourites.reviews, ReviewListSchema), async (ctx) => {
  const q = ctx.state.input.query;
  const answer = await listReviews(ctx.state.read!, { ...q, progress: q.filter, pageSize: ctx.services.config.pageSize });
  ctx.body = { ...answer, works: await withTrialMarks(ctx.services.db, answer.works) };
});

/**
 * PUT /api/review {user_name, work_id, rating?, review_text?, progress?} ?starOnly&progressOnly
 * -> 200 {message}. No params: writes the fields given (the work page's stars);
 * starOnly=true: the rating only; progressOnly=true: the progress only; starOnly=false:
 * rating, text and progress (the review dialog). Rating 1..5 (0 -> 400). 404 for a work
 * that is unknown, hidden or not in the library (nothing written).
 */
on(reviewRouter, routes.favourites.review, requireUser(), requireWriter(), validate(routes.favourites.review, ReviewPutSchema), async (ctx) => {
  const { body, mode } = ctx.state.input;
  await saveReview(ctx.services.db, ctx.state.user!.name, body, mode);
  ctx.body = say(mode === 'star' ? 'review.ratingSaved' : mode === 'progress' ? 'review.progressSaved' : 'review.saved');
});

/** DELETE /api/review?work_id=N -> 200 {message: 'review deleted'}; 404 when the caller has no review of it. */
on(reviewRouter, routes.favourites.deleteReview, requireUser(), requireWriter(), validate(routes.favourites.deleteReview, ReviewDeleteSchema), async (ctx) => {
  if (!(await deleteReview(ctx.services.db, ctx.state.user!.name, ctx.state.input.query.work_id))) throw new NotFound(say('review.notFound'));
  ctx.body = say('review.deleted');
});
