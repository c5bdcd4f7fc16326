/**
 * Worker keys (README "Security", src/lyrics/worker-keys.ts): the admin lists, creates
 * and revokes the keys AI lyric workers sign in with. Admin only for every method
 * (anonymous 401, user and guest 403). The key itself is answered once, by create.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireAdmin, requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { WorkerKeyCreateSchema, WorkerKeyIdSchema } from '../../../api/schemas/worker-keys.js';
import { createWorkerKey, listWorkerKeys, revokeWorkerKey } from '../../../lyrics/worker-keys.js';
import { say, type WorkerKeyAnswer, type WorkerKeyCreatedAnswer, type WorkerKeysAnswer } from '../../../model/index.js';

export const workerKeysRouter = new Router<AppState, { services: AppContext['services'] }>();

/** GET /api/lyric/worker-keys -> 200 {keys: [{id, name, created_at, last_used_at, revoked}]}, oldest first, revoked ones included. */
on(workerKeysRouter, routes.admin.workerKeys, requireUser(), requireAdmin(), async (ctx) => {
  const answer: WorkerKeysAnswer = { keys: await listWorkerKeys(ctx.services.db) };
  ctx.body = answer;
});

/**
 * POST /api/lyric/worker-keys {name} -> 201 {message, key, token}: `token` is the key
 * itself (`alw_...`), shown this once; only its hash is kept. 400 {error} for a bad
 * name, 409 {error} when an active key has that name.
 */
on(workerKeysRouter, routes.admin.createWorkerKey, requireUser(), requireAdmin(), validate(routes.admin.createWorkerKey, WorkerKeyCreateSchema), async (ctx) => {
  const { key, token } = await createWorkerKey(ctx.services.db, ctx.state.input.body.name);
  const answer: WorkerKeyCreatedAnswer = { ...say('workerKey.created', { name: key.name }), key, token };
  ctx.status = 201;
  ctx.body = answer;
});

/**
 * DELETE /api/lyric/worker-keys/:id -> 200 {message, key}: the key is revoked (workers
 * using it get 401 from then on); revoking it again answers the same. 404 {error}.
 */
on(workerKeysRouter, routes.admin.revokeWorkerKey, requireUser(), requireAdmin(), validate(routes.admin.revokeWorkerKey, WorkerKeyIdSchema), async (ctx) => {
  const key = await revokeWorkerKey(ctx.services.db, { id: ctx.state.input.params.id });
  const answer: WorkerKeyAnswer = { ...say('workerKey.revoked', { name: key.name }), key };
  ctx.body = answer;
});
