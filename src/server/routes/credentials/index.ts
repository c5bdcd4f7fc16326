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
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { PasswordChangeSchema, UserAddSchema, UsersDeleteSchema } from '../../../api/schemas/credentials.js';
import { say, type MessageAnswer, type UsersAnswer } from '../../../model/index.js';

export const credentialsRouter = new Router<AppState, { services: AppContext['services'] }>();

/** Validation failures of these calls, and every Invalid they throw, answer 422 {error, errors: [{msg}]}. */

/** GET /api/credentials/users -> 200 {users: [{name, group}]}, the admin first. */
on(credentialsRouter, routes.admin.users, requireUser(), requireAdmin(), async (ctx) => {
  const answer: UsersAnswer = { users: await listUsers(ctx.services.db) };
  ctx.body = answer;
});

/**
 * POST /api/credentials/user {name, password, group} -> 200 {message}.
 * 422 'username length at least 5', 'password length at least 5',
 * 'group must be user or guest', 'name already exists, usernames must not repeat'.
 */
on(credentialsRouter, routes.admin.addUser, requireUser(), requireAdmin(), validate(routes.admin.addUser, UserAddSchema), async (ctx) => {
  const user = await addUser(ctx.services.db, ctx.state.input.body);
  const answer: MessageAnswer = say('user.added', { name: user.name, group: user.group });
  ctx.body = answer;
});

/**
 * PUT /api/credentials/user {name, newPassword} -> 200 {message}. Bumps the
 * user's token version: every token issued before is refused (the admin changing
 * its own password signs in again). 422 'password length at least 5'; 404 unknown user.
 */
on(credentialsRouter, routes.admin.changePassword, requireUser(), requireAdmin(), validate(routes.admin.changePassword, PasswordChangeSchema), async (ctx) => {
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
on(credentialsRouter, routes.admin.deleteUsers, requireUser(), requireAdmin(), validate(routes.admin.deleteUsers, UsersDeleteSchema), async (ctx) => {
  const deleted = await deleteUsers(ctx.services.db, ctx.state.input.body.users.map((u) => u.name));
  const answer: MessageAnswer = say('user.deleted', { count: deleted.length, names: deleted.join(', ') });
  ctx.body = answer;
});
