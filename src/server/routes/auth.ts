/**
 * Sign-in (spec 000 sections 5 and 7): POST /api/auth/me, GET /api/auth/me.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.js';
import { authenticate, issueToken } from '../../users/index.js';
import { requireUser } from '../middleware/auth.js';
import { HttpError } from '../middleware/errors.js';
import type { AuthMeAnswer, LoginAnswer } from '../../model/index.js';

const loginSchema = z.object({
  name: z.string().min(5, 'password length at least 5'),
  password: z.string().min(5, 'password length at least 5'),
});

export const authRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * POST /api/auth/me {name, password} -> 200 {token}.
 * 400 {error} when either is shorter than 5 characters; 401 {error} on a wrong name or password.
 */
authRouter.post('/api/auth/me', async (ctx) => {
  const { name, password } = loginSchema.parse(ctx.request.body ?? {});
  const { db, secret, config } = ctx.services;
  const user = await authenticate(db, name, password);
  if (!user) throw new HttpError(401, 'wrong user name or password');
  const answer: LoginAnswer = { token: await issueToken(secret, user, config.expiresIn) };
  ctx.body = answer;
});

/** GET /api/auth/me -> 200 {user: {name, group}, auth}; 401 without a valid token. */
authRouter.get('/api/auth/me', requireUser(), async (ctx) => {
  const answer: AuthMeAnswer = { user: ctx.state.user!, auth: ctx.services.config.auth };
  ctx.body = answer;
});
