/**
 * The track tree of a work (spec 000 sections 3 and 7): GET /api/tracks/:id.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { getTrackTree } from '../../../library/tree.js';
import { TracksSchema } from './schema.js';
import { NotFound, say, type TrackNode } from '../../../model/index.js';

export const tracksRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/tracks/:id -> 200 TrackNode[] (the work folder's children: folders first,
 * natural order; files with hash '{workId}/{fileId}', size in bytes, workTitle,
 * mediaStreamUrl, mediaDownloadUrl; audio with duration in seconds and `lyric`).
 * 400 {error} for a non-numeric id; 404 {error} for a work that is unknown, hidden or
 * not in the library; 401 without a valid token.
 */
tracksRouter.get('/api/tracks/:id', requireUser(), validate(TracksSchema), async (ctx) => {
  const tree: TrackNode[] | null = await getTrackTree(ctx.services.db, ctx.state.input.params.id);
  if (!tree) throw new NotFound(say('work.notFound'));
  ctx.body = tree;
});
