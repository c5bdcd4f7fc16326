/**
 * Reading positions of the browser's TXT reader (beyond the spec: readers expect a book to
 * reopen where they left it, in any browser): GET and PUT /api/novel/readingPosition, always
 * the signed-in user's own; guests read but cannot save.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { readingPosition, saveReadingPosition } from '../../../novels/index.js';
import { say } from '../../../model/index.js';
import { requireUser, requireWriter } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { ReadingPositionGetSchema, ReadingPositionPutSchema } from '../../../api/schemas/novel-reading.js';

export const novelReadingRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/novel/readingPosition/:id/ -> 200 {work_id, offset, updated_at}: where the caller
 * stopped reading novel `id`'s TXT (offset 0, updated_at null when never saved).
 * 404 {error, code: 'txt.notFound'} when the novel is unknown, deleted or has no TXT.
 */
on(novelReadingRouter, routes.novel.readingPosition, requireUser(), validate(routes.novel.readingPosition, ReadingPositionGetSchema), async (ctx) => {
  ctx.body = await readingPosition(ctx.services.db, ctx.state.user!.name, ctx.state.input.params.id);
});

/**
 * PUT /api/novel/readingPosition {work_id, offset} -> 200 {message: 'reading position saved'}:
 * the caller's position (insert or replace). 400 for an offset that is not a whole number
 * >= 0 or lies past the end of the text ('reading.pastEnd'), 403 for guests, 404 when the
 * novel is unknown, deleted or has no TXT; nothing is written then.
 */
on(novelReadingRouter, routes.novel.saveReadingPosition, requireUser(), requireWriter(), validate(routes.novel.saveReadingPosition, ReadingPositionPutSchema), async (ctx) => {
  const { work_id, offset } = ctx.state.input.body;
  await saveReadingPosition(ctx.services.db, ctx.state.user!.name, work_id, offset);
  ctx.body = say('reading.saved');
});
