/**
 * Request schemas of the trial catalogue (spec 000 section 7, /api/fake/*): the list
 * query of /api/works plus `status`, and the dislike body. Anything else answers 400
 * {error} (middleware/validate.ts).
 */
import { z } from 'zod';
import { WorkStatus } from '../../model/index.js';
import { idParams, opt } from './common.js';
import { worksQuery } from './works.js';

/** GET /api/fake/works: the list query and `status`, a trial status (0 new trial, the default; 1 download wanted; 2 downloading). */
export const TrialWorksSchema = z.object({
  query: z.intersection(worksQuery, z.object({
    status: opt(z.coerce.number().int().min(WorkStatus.NewTrial, 'status must be 0, 1 or 2').max(WorkStatus.Downloading, 'status must be 0, 1 or 2').default(WorkStatus.NewTrial)),
  })),
});

/** PUT /api/fake/:id/ {status: 4}: the dislike, the one status a listener may set. */
export const TrialStatusSchema = z.object({
  params: idParams,
  body: z.object({ status: z.literal(WorkStatus.Disliked, 'status must be 4 (dislike)') }),
});

/** POST /api/fake/download/:id/ and GET /api/fake/download/:id. */
export const TrialIdSchema = z.object({ params: idParams });
