/**
 * Request schemas of the play history (spec 000 section 7, spelling `histroy` kept): the
 * favourites query, the saved player state, and the delete by work id.
 */
import { z } from 'zod';
import { favouritesQuery, numericId } from './common.js';

/** GET /api/histroy. */
export const HistroyListSchema = z.object({ query: favouritesQuery });

const queueItem = z.object({
  hash: z.string().min(1).max(200),
  title: z.string().max(1000),
  workTitle: z.string().max(1000).optional(),
  mediaStreamUrl: z.string().max(2000).optional(),
  duration: z.number().nonnegative().optional(),
}).passthrough();

/** PUT /api/histroy {work_id, state: {queue (up to 5000 tracks), index into the queue, seconds >= 0}}. */
export const HistroyPutSchema = z.object({
  body: z.object({
    work_id: numericId,
    state: z.object({
      queue: z.array(queueItem).max(5000),
      index: z.number().int().min(0),
      seconds: z.number().min(0),
    }).refine((s) => s.queue.length === 0 || s.index < s.queue.length, { message: 'index must point into the queue', path: ['index'] }),
  }),
});

/** DELETE /api/histroy: `work_id` from the JSON body (spec 000 section 7), else from the query. Answers {work_id}. */
export const HistroyDeleteSchema = z
  .object({
    body: z.object({ work_id: z.unknown().optional() }).catch({}),
    query: z.object({ work_id: z.unknown().optional() }),
  })
  .transform(({ body, query }) => ({ work_id: body.work_id ?? query.work_id }))
  .pipe(z.object({ work_id: numericId }));
