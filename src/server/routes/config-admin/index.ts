/**
 * Admin settings (spec 001 sections 2, 3 and 7): GET/PUT /api/config/admin.
 * Admin only (anonymous 401, user and guest 403) for every method.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { defaultConfig, mergeAdminConfig } from '../../../config/index.js';
import { saveLiveConfig } from '../../shared-config.js';
import { requireAdmin, requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { AdminConfigPutSchema } from './schema.js';
import { say, type AdminConfigAnswer, type AdminConfigSaveAnswer } from '../../../model/index.js';

export const configAdminRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/config/admin -> 200 {config, defaults}: every config key with its live
 * value, and each key's default (the settings page shows both). No secret lives in it.
 */
configAdminRouter.get('/api/config/admin', requireUser(), requireAdmin(), async (ctx) => {
  const answer: AdminConfigAnswer = { config: ctx.services.config, defaults: defaultConfig() };
  ctx.body = answer;
});

/**
 * PUT /api/config/admin {config: {key: value, ...}} (some or all keys) ->
 * 200 {message, restartRequired: [keys]}. Validates every key with the config
 * schema: 400 {error, key} (ConfigError) naming the first offending key, an unknown
 * key, a change of `production` (read-only) or of `auth` in production. Saves
 * config.json (0600, atomic) and applies the new values to the running server;
 * keys read only at start are listed in restartRequired.
 */
configAdminRouter.put('/api/config/admin', requireUser(), requireAdmin(), validate(AdminConfigPutSchema), async (ctx) => {
  const next = mergeAdminConfig(ctx.services.config, ctx.state.input.body.config);
  const answer: AdminConfigSaveAnswer = { ...say('config.saved'), restartRequired: saveLiveConfig(ctx.services, next) };
  ctx.body = answer;
});
