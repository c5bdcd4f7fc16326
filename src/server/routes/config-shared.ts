/** GET /api/config/shared (spec 000 sections 3 and 7): the player's seek steps, for every user. */
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.js';
import { requireUser } from '../middleware/auth.js';
import { routes } from '../../api/routes/index.js';
import { on } from './on.js';
import type { SharedConfigAnswer } from '../../model/index.js';

export const configSharedRouter = new Router<AppState, { services: AppContext['services'] }>();

/** GET /api/config/shared -> 200 {sharedConfig: {rewindSeekTime, forwardSeekTime}} (seconds, from the live config). */
on(configSharedRouter, routes.auth.sharedConfig, requireUser(), async (ctx) => {
  const { rewindSeekTime, forwardSeekTime } = ctx.services.config;
  const answer: SharedConfigAnswer = { sharedConfig: { rewindSeekTime, forwardSeekTime } };
  ctx.body = answer;
});
