/**
 * Name lists (spec 000 section 7): GET /api/circles/, /api/tags/, /api/vas/ and one name
 * by id. Counts are of visible works only.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { getName, listNames, type NameKind } from '../../../catalogue/index.js';
import { NotFound, say } from '../../../model/index.js';
import { requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { NumericNameSchema, VaNameSchema } from '../../../api/schemas/names.js';

export const namesRouter = new Router<AppState, { services: AppContext['services'] }>();

/** The refusal of an unknown id, by list. */
const NOT_FOUND = { circles: 'circle.notFound', tags: 'tag.notFound', vas: 'va.notFound' } as const satisfies Record<NameKind, string>;

for (const kind of ['circles', 'tags', 'vas'] as NameKind[]) {
  /** GET /api/{kind}/ -> 200 [{id, name, count}] sorted by name; only names with visible works. */
  on(namesRouter, routes.library.names[kind].list, requireUser(), async (ctx) => {
    ctx.body = await listNames(ctx.state.read!, kind);
  });

  /** GET /api/{kind}/:id -> 200 {name}; 404 {error} for an unknown id, 400 for a malformed one. */
  on(namesRouter, routes.library.names[kind].get, requireUser(), validate(routes.library.names[kind].get, kind === 'vas' ? VaNameSchema : NumericNameSchema), async (ctx) => {
    const found = await getName(ctx.state.read!, kind, ctx.state.input.params.id);
    if (!found) throw new NotFound(say(NOT_FOUND[kind]));
    ctx.body = found;
  });
}
