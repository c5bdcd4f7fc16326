/**
 * Request schemas of the reviews (spec 000 section 7): the favourites query, the review
 * write with its starOnly/progressOnly rules, and the delete by work id.
 */
import { z } from 'zod';
import { PROGRESS_VALUES, type Progress } from '../../model/index.js';
import { favouritesQuery, numericId } from './common.js';

/** GET /api/review. */
export const ReviewListSchema = z.object({ query: favouritesQuery });

const flag = z.enum(['true', 'false']).optional();
/** The body of a review write (PUT /api/review; the novel section extends it). */
export const reviewBody = z.object({
  user_name: z.string().optional(), // sent by the client; the review is the caller's whatever it says
  work_id: numericId,
  rating: z.number().int().min(1, 'rating must be 1 to 5').max(5, 'rating must be 1 to 5').nullable().optional(),
  review_text: z.string().max(100_000).nullable().optional(),
  progress: z.enum(PROGRESS_VALUES).nullable().optional(),
});

/**
 * A review write with `body`: the body, and the write mode of section 7 read from
 * starOnly and progressOnly (progressOnly=true: 'progress', needs `progress`;
 * starOnly=true: 'star', needs `rating`; starOnly=false: 'full'; neither: 'given').
 * Answers {body, mode}.
 */
export const reviewPutOf = (body: z.ZodType<{ work_id: number; rating?: number | null; progress?: Progress | null; user_name?: string }, unknown>) => z
  .object({ body, query: z.object({ starOnly: flag, progressOnly: flag }) })
  .transform(({ body, query }, ctx) => {
    const need = (field: 'progress' | 'rating', param: string) => {
      ctx.addIssue({ code: 'custom', path: ['body', field], message: `required with ${param}=true` });
      return z.NEVER;
    };
    let mode: 'given' | 'star' | 'progress' | 'full' = query.starOnly === 'false' ? 'full' : 'given';
    if (query.progressOnly === 'true') {
      if (body.progress === undefined) return need('progress', 'progressOnly');
      mode = 'progress';
    } else if (query.starOnly === 'true') {
      if (body.rating === undefined) return need('rating', 'starOnly');
      mode = 'star';
    }
    return { body, mode };
  });

/** PUT /api/review. */
export const ReviewPutSchema = reviewPutOf(reviewBody);

/** DELETE /api/review?work_id=N. */
export const ReviewDeleteSchema = z.object({ query: z.object({ work_id: numericId }) });
