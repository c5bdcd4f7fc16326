/** The caller's reviews, ratings, progress and listening history (spec 000 section 7; the spec's spelling `histroy`). */
import type { MessageAnswer, WorksAnswer } from '../../model/index.js';
import { route } from '../route.js';
import type { HistroyDeleteSchema, HistroyListSchema, HistroyPutSchema } from '../schemas/histroy.js';
import type { ReviewDeleteSchema, ReviewListSchema, ReviewPutSchema } from '../schemas/review.js';

export const favouritesRoutes = {
  /** ?order&sort&page&filter -> the reviewed works. */
  reviews: route<WorksAnswer, typeof ReviewListSchema>()('GET', '/api/review'),
  /** {work_id, rating?, review_text?, progress?} ?starOnly ?progressOnly. */
  review: route<MessageAnswer, typeof ReviewPutSchema>()('PUT', '/api/review'),
  /** ?work_id. */
  deleteReview: route<MessageAnswer, typeof ReviewDeleteSchema>()('DELETE', '/api/review'),
  /** ?order&sort&page&filter -> the works listened to. */
  history: route<WorksAnswer, typeof HistroyListSchema>()('GET', '/api/histroy'),
  /** {work_id, state}: where the caller stopped. */
  putHistory: route<MessageAnswer, typeof HistroyPutSchema>()('PUT', '/api/histroy'),
  /** ?work_id. */
  deleteHistory: route<MessageAnswer, typeof HistroyDeleteSchema>()('DELETE', '/api/histroy'),
};
