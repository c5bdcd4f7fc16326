/**
 * User management (spec 001 sections 2, 5, 6 and 7): /api/credentials/user and
 * /api/credentials/users. Admin only for every method (anonymous 401, user and
 * guest 403). Validation failures answer 422 {error, errors: [{msg}]} with the
 * spec's messages; the web page shows errors[0].msg.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { addUser, changePassword, deleteUsers, listUsers } from '../../../users/index.js';
import { requireAdmin, requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { PasswordChangeSchema, UserAddSchema, UsersDeleteSchema } from './schema.js';
import { say, type MessageAnswer, type UsersAnswer } from '../../../model/index.js';

export const credentialsRouter = new Router<AppState, { services: AppContext['services'] }>();

/** Validation failures of these calls, and every Invalid they throw, answer 422 {error, errors: [{msg}]}. */
const unprocessable = { invalidStatus: 422 } as const;

/** GET /api/credentials/users -> 200 {users: [{name, group}]}, the admin first. */
credentialsRouter.get('/api/credentials/users', requireUser(), requireAdmin(), async (ctx) => {
  const answer: UsersAnswer = { users: await listUsers(ctx.services.db) };
  ctx.body = answer;
});

/**
 * POST /api/credentials/user {name, password, group} -> 200 {message}.
 * 422 'username length at least 5', 'password length at least 5',
 * 'group must be user or guest', 'name already exists, usernames must not repeat'.
 */
credentialsRouter.post('/api/credentials/user', requireUser(), requireAdmin(), validate(UserAddSchema, unprocessable), async (ctx) => {
  const user = await addUser(ctx.services.db, ctx.state.input.body);
  const answer: MessageAnswer = say('user.added', { name: user.name, group: user.group });
  ctx.body = answer;
});

/**
 * PUT /api/credentials/user {name, newPassword} -> 200 {message}. Bumps the
 * user's token version: every token issued before is refused (the admin changing
 * its own password signs in again). 422 'password length at least 5'; 404 unknown user.
 */
credentialsRouter.put('/api/credentials/user', requireUser(), requireAdmin(), validate(PasswordChangeSchema, unprocessable), async (ctx) => {
  const { name, newPassword } = ctx.state.input.body;
  await changePassword(ctx.services.db, name, newPassword);
  const answer: MessageAnswer = say('user.passwordChanged', { name });
  ctx.body = answer;
});

/**
 * DELETE /api/credentials/user {users: [{name}]} -> 200 {message}. Deletes the users with
 * every row they own (src/users/delete.ts); their tokens stop working. 403 when the list
 * holds the admin, 404 for an unknown name (nothing deleted then), 422 for no list.
 */
credentialsRouter.delete('/api/credentials/user', requireUser(), requireAdmin(), validate(UsersDeleteSchema, unprocessable), async (ctx) => {
  const deleted = await deleteUsers(ctx.services.db, ctx.state.input.body.users.map((u) => u.name));
  const answer: MessageAnswer = say('user.deleted', { count: deleted.length, names: deleted.join(', ') });
  ctx.body = answer;
});
