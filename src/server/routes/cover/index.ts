/**
 * Work covers (spec 000 section 7): GET /api/cover/:id?type=main|sam|240x240&token=.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { CoverSchema } from '../../../api/schemas/cover.js';
import { sendFile } from '../../send-file.js';
import { findCover } from '../../../library/cover-lookup.js';
import { scopeRoots } from '../../../library/media.js';
import { NotFound, say } from '../../../model/index.js';
import type { Scope } from '../../../catalogue/visible.js';

type ApiRouter = Router<AppState, { services: AppContext['services'] }>;

export const coverRouter: ApiRouter = new Router();

/**
 * Mounts GET|HEAD `path` (with `:id`) ?type=main|sam|240x240 (default main) -> 200 an
 * image of the work in `scope`: the crawler's saved cover (nearest size first), else the
 * work's own image, else a placeholder (image/svg+xml, `no-cache` so a later cover
 * shows). Real covers are cacheable for an hour, with ETag/Last-Modified. 400 {error}
 * for a bad id or type, 404 {error} for a work that is unknown, hidden or not in the
 * scope. Used for /api/cover/:id and the trial catalogue's covers.
 */
export function mountCover(router: ApiRouter, coverRoute: typeof routes.library.cover | typeof routes.trial.cover | typeof routes.trial.spiderCover, scope: Scope): void {
  on(router, coverRoute, requireUser(), validate(coverRoute, CoverSchema), async (ctx) => {
    const { params, query } = ctx.state.input;
    const cover = await findCover(ctx.services.db, ctx.services.dataDir, params.id, query.type, scopeRoots(ctx.services.config, ctx.services.dataDir, scope), scope);
    if (!cover) throw new NotFound(say('work.notFound'));
    const cacheControl = cover.source === 'placeholder' ? 'private, no-cache' : 'private, max-age=3600';
    await sendFile(ctx, cover.path, { type: cover.type, cacheControl });
  });
}

/** GET /api/cover/:id: a library work's cover. */
mountCover(coverRouter, routes.library.cover, 'library');
