/** Request schema of the covers (spec 000 section 7): the work id and the cover type. */
import { z } from 'zod';
import { COVER_TYPES } from '../../model/index.js';
import { workIdParam } from './common.js';

/** GET /api/cover/:id?type=main|sam|240x240 (default main). */
export const CoverSchema = z.object({
  params: z.object({ id: workIdParam }),
  query: z.object({ type: z.enum(COVER_TYPES).default('main') }),
});
