/**
 * Sign-in (spec 000 sections 5 and 7): POST /api/auth/me, GET /api/auth/me.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { authenticate, issueToken } from '../../../users/index.js';
import { Unauthorized, say, type AuthMeAnswer, type LoginAnswer } from '../../../model/index.js';
import { requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { LoginSchema } from '../../../api/schemas/auth.js';

export const authRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * POST /api/auth/me {name, password} -> 200 {token}.
 * 400 {error} when either is shorter than 5 characters; 401 {error} on a wrong name or password.
 */
on(authRouter, routes.auth.login, validate(routes.auth.login, LoginSchema), async (ctx) => {
  const { name, password } = ctx.state.input.body;
  const { db, secret, config } = ctx.services;
  const user = await authenticate(db, name, password);
  if (!user) throw new Unauthorized(say('auth.wrongCredentials'));
  const answer: LoginAnswer = { token: await issueToken(secret, user, config.expiresIn) };
  ctx.body = answer;
});

/** GET /api/auth/me -> 200 {user: {name, group}, auth}; 401 without a valid token. */
on(authRouter, routes.auth.me, requireUser(), async (ctx) => {
  const answer: AuthMeAnswer = { user: ctx.state.user!, auth: ctx.services.config.auth };
  ctx.body = answer;
});
