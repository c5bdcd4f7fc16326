/**
 * Admin settings (spec 001 sections 2, 3 and 7): GET/PUT /api/config/admin.
 * Admin only (anonymous 401, user and guest 403) for every method.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.js';
import { applyConfig, ConfigError, defaultConfig, mergeAdminConfig, saveConfig } from '../../config/index.js';
import { requireAdmin, requireUser } from '../middleware/auth.js';
import { HttpError } from '../middleware/errors.js';
import type { AdminConfigAnswer, AdminConfigSaveAnswer } from '../../model/index.js';

export const configAdminRouter = new Router<AppState, { services: AppContext['services'] }>();

const putSchema = z.object({ config: z.record(z.string(), z.unknown()) });

/** Turns a ConfigError into 400 {error, key}; rethrows anything else. */
export function configErrorToHttp(err: unknown): never {
  if (err instanceof ConfigError) throw new HttpError(400, err.message, err.key ? { key: err.key } : undefined);
  throw err;
}

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
 * schema: 400 {error, key} naming the first offending key, an unknown key, a
 * change of `production` (read-only) or of `auth` in production. Saves
 * config.json (0600, atomic) and applies the new values to the running server;
 * keys read only at start are listed in restartRequired.
 */
configAdminRouter.put('/api/config/admin', requireUser(), requireAdmin(), async (ctx) => {
  const { config: patch } = putSchema.parse(ctx.request.body ?? {});
  const { config: live, dataDir } = ctx.services;
  let restartRequired: string[];
  try {
    const saved = saveConfig(dataDir, mergeAdminConfig(live, patch));
    restartRequired = applyConfig(live, saved);
  } catch (err) {
    configErrorToHttp(err);
  }
  const answer: AdminConfigSaveAnswer = {
    message: 'config saved',
    restartRequired,
  };
  ctx.body = answer;
});
