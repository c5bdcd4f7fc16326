/**
 * The track tree of a work (spec 000 sections 3 and 7): GET /api/tracks/:id.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { TracksSchema } from '../../../api/schemas/tracks.js';
import { getTrackTree } from '../../../library/tree.js';
import type { Scope } from '../../../catalogue/visible.js';
import { NotFound, say, type TrackNode } from '../../../model/index.js';

type ApiRouter = Router<AppState, { services: AppContext['services'] }>;

export const tracksRouter: ApiRouter = new Router();

/**
 * Mounts GET `path` (with `:id`) -> 200 TrackNode[] of the work in `scope` (the work
 * folder's children: folders first, natural order; files with hash '{workId}/{fileId}',
 * in the trial scope 'rj{workId}/{fileId}', size in bytes, workTitle, mediaStreamUrl,
 * mediaDownloadUrl; audio with duration in seconds and `lyric`). 400 {error} for a
 * non-numeric id; 404 {error} for a work that is unknown, hidden or not in the scope;
 * 401 without a valid token. Used for /api/tracks/:id and /api/fake/tracks/:id.
 */
export function mountTracks(router: ApiRouter, tracksRoute: typeof routes.library.tracks | typeof routes.trial.tracks, scope: Scope): void {
  on(router, tracksRoute, requireUser(), validate(tracksRoute, TracksSchema), async (ctx) => {
    const tree: TrackNode[] | null = await getTrackTree(ctx.services.db, ctx.state.input.params.id, scope);
    if (!tree) throw new NotFound(say('work.notFound'));
    ctx.body = tree;
  });
}

/** GET /api/tracks/:id: the library's tree. */
mountTracks(tracksRouter, routes.library.tracks, 'library');
