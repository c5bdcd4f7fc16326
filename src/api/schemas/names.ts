/** Request schemas of the name lists (spec 000 section 7): one circle, tag or VA by id. */
import { z } from 'zod';
import { numericId, vaId } from './common.js';

/** GET /api/circles/:id and /api/tags/:id: a numeric id. */
export const NumericNameSchema = z.object({ params: z.object({ id: numericId }) });
/** GET /api/vas/:id: a VA id (UUID text). */
export const VaNameSchema = z.object({ params: z.object({ id: vaId }) });
