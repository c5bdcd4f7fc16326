/**
 * Work covers (spec 000 section 7): GET /api/cover/:id?type=main|sam|240x240&token=.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.js';
import { requireUser } from '../middleware/auth.js';
import { notFound } from '../middleware/errors.js';
import { sendFile } from '../send-file.js';
import { COVER_TYPES, findCover } from '../../library/cover-lookup.js';

const paramsSchema = z.object({
  id: z.string().regex(/^\d{1,10}$/, 'work id must be a number').transform(Number),
});
const querySchema = z.object({
  type: z.enum(COVER_TYPES).default('main'),
});

export const coverRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET|HEAD /api/cover/:id?type=main|sam|240x240 (default main) -> 200 an image: the
 * crawler's saved cover (nearest size first), else the work's own image, else a
 * placeholder (image/svg+xml, `no-cache` so a later cover shows). Real covers are
 * cacheable for an hour, with ETag/Last-Modified. 400 {error} for a bad id or type,
 * 404 {error} for an unknown or removed work.
 */
coverRouter.get('/api/cover/:id', requireUser(), async (ctx) => {
  const { id } = paramsSchema.parse(ctx.params);
  const { type } = querySchema.parse({ type: ctx.query.type });
  const cover = await findCover(ctx.services.db, ctx.services.dataDir, id, type, ctx.services.config.rootFolders);
  if (!cover) throw notFound('work not found');
  const cacheControl = cover.source === 'placeholder' ? 'private, no-cache' : 'private, max-age=3600';
  await sendFile(ctx, cover.path, { type: cover.type, cacheControl });
});
