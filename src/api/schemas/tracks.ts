/** Request schema of the track tree (spec 000 section 7): the work id in the path. */
import { z } from 'zod';
import { workIdParam } from './common.js';

/** GET /api/tracks/:id. */
export const TracksSchema = z.object({ params: z.object({ id: workIdParam }) });
