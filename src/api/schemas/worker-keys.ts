/**
 * Request schemas of the worker keys (README "Security"). Failures answer 400 {error}
 * (middleware/validate.ts); the name's own rule is the domain's (checkKeyName).
 */
import { z } from 'zod';

/** POST /api/lyric/worker-keys {name}. */
export const WorkerKeyCreateSchema = z.object({ body: z.object({ name: z.string({ error: 'name is required' }).max(200) }) });
/** DELETE /api/lyric/worker-keys/:id. */
export const WorkerKeyIdSchema = z.object({ params: z.object({ id: z.string().regex(/^\d{1,10}$/, 'id must be a number').transform(Number) }) });
