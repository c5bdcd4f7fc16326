/**
 * Request schemas of the TXT reader's reading positions (beyond the spec; src/novels/reading.ts):
 * the novel id in the path, and the saved position.
 */
import { z } from 'zod';
import { idParams, numericId } from './common.js';

/** GET /api/novel/readingPosition/:id. */
export const ReadingPositionGetSchema = z.object({ params: idParams });

/** PUT /api/novel/readingPosition {work_id, offset: a whole number >= 0 (UTF-16 code units into the text)}. */
export const ReadingPositionPutSchema = z.object({
  body: z.object({
    work_id: numericId,
    offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
});
