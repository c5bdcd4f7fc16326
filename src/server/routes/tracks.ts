/**
 * The track tree of a work (spec 000 sections 3 and 7): GET /api/tracks/:id.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.js';
import { requireUser } from '../middleware/auth.js';
import { notFound } from '../middleware/errors.js';
import { getTrackTree } from '../../library/tree.js';
import type { TrackNode } from '../../model/index.js';

const paramsSchema = z.object({
  id: z.string().regex(/^\d{1,10}$/, 'work id must be a number').transform(Number),
});

export const tracksRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/tracks/:id -> 200 TrackNode[] (the work folder's children: folders first,
 * natural order; files with hash '{workId}/{fileId}', size in bytes, workTitle,
 * mediaStreamUrl, mediaDownloadUrl; audio with duration in seconds and `lyric`).
 * 400 {error} for a non-numeric id; 404 {error} for an unknown or removed work;
 * 401 without a valid token.
 */
tracksRouter.get('/api/tracks/:id', requireUser(), async (ctx) => {
  const { id } = paramsSchema.parse(ctx.params);
  const tree: TrackNode[] | null = await getTrackTree(ctx.services.db, id);
  if (!tree) throw notFound('work not found');
  ctx.body = tree;
});
