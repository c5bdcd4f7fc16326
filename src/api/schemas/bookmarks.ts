/**
 * Request schemas of the bookmarks API (src/api/bookmarks.ts): the work whose bookmarks
 * are listed, a bookmark put at a place in a track, a track whose bookmark goes.
 */
import { z } from 'zod';
import { BOOKMARK_COMMENT_MAX, BOOKMARK_POSITION_MAX_MS } from '../../model/index.js';
import { numericId } from './common.js';

/** GET /api/bookmarks?work_id=N. */
export const BookmarkListSchema = z.object({ query: z.object({ work_id: numericId }) });

/** PUT /api/bookmarks {work_id, file_id, seconds (0 .. a week), comment? (up to 1000 characters)}. */
export const BookmarkPutSchema = z.object({
  body: z.object({
    work_id: numericId,
    file_id: numericId,
    seconds: z.number().min(0).max(BOOKMARK_POSITION_MAX_MS / 1000),
    comment: z.string().max(BOOKMARK_COMMENT_MAX).optional(),
  }),
});

/** DELETE /api/bookmarks {work_id, file_id}. */
export const BookmarkDeleteSchema = z.object({ body: z.object({ work_id: numericId, file_id: numericId }) });
