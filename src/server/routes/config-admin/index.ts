/**
 * Admin settings (spec 001 sections 2, 3 and 7): GET/PUT /api/config/admin.
 * Admin only (anonymous 401, user and guest 403) for every method.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { defaultConfig, mergeAdminConfig } from '../../../config/index.js';
import { saveLiveConfig } from '../../shared-config.js';
import { hideDbPassword, keepHiddenDbPassword } from '../../../db/index.js';
import { requireAdmin, requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { AdminConfigPutSchema } from '../../../api/schemas/config-admin.js';
import { say, type AdminConfigAnswer, type AdminConfigSaveAnswer } from '../../../model/index.js';

export const configAdminRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/config/admin -> 200 {config, defaults}: every config key with its live
 * value, and each key's default (the settings page shows both). No secret lives in it:
 * the password of a postgres:// `db` address reads `***` (src/db/url.ts).
 */
on(configAdminRouter, routes.admin.config, requireUser(), requireAdmin(), async (ctx) => {
  const { config } = ctx.services;
  const answer: AdminConfigAnswer = { config: { ...config, db: hideDbPassword(config.db) }, defaults: defaultConfig() };
  ctx.body = answer;
});

/**
 * PUT /api/config/admin {config: {key: value, ...}} (some or all keys) ->
 * 200 {message, restartRequired: [keys]}. Validates every key with the config
 * schema: 400 {error, key} (ConfigError) naming the first offending key, an unknown
 * key, a change of `production` (read-only) or of `auth` in production. Saves
 * config.json (0600, atomic) and applies the new values to the running server;
 * keys read only at start are listed in restartRequired. A `db` sent back in the hidden
 * form the GET answered keeps the stored address, password included.
 */
on(configAdminRouter, routes.admin.saveConfig, requireUser(), requireAdmin(), validate(routes.admin.saveConfig, AdminConfigPutSchema), async (ctx) => {
  const patch = { ...ctx.state.input.body.config };
  if ('db' in patch) patch.db = keepHiddenDbPassword(ctx.services.config.db, patch.db);
  const next = mergeAdminConfig(ctx.services.config, patch);
  const answer: AdminConfigSaveAnswer = { ...say('config.saved'), restartRequired: saveLiveConfig(ctx.services, next) };
  ctx.body = answer;
});
