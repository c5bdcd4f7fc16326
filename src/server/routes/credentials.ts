/**
 * User management (spec 001 sections 2, 5, 6 and 7): /api/credentials/user and
 * /api/credentials/users. Admin only for every method (anonymous 401, user and
 * guest 403). Validation failures answer 422 {error, errors: [{msg}]} with the
 * spec's messages; the web page shows errors[0].msg.
 */
import Router from '@koa/router';
import { z, type ZodType } from 'zod';
import type { AppContext, AppState } from '../context.js';
import { addUser, changePassword, deleteUsers, listUsers, newUserSchema, passwordSchema, UserError } from '../../users/index.js';
import { requireAdmin, requireUser } from '../middleware/auth.js';
import { HttpError } from '../middleware/errors.js';
import type { MessageAnswer, UsersAnswer } from '../../model/index.js';

export const credentialsRouter = new Router<AppState, { services: AppContext['services'] }>();

const passwdSchema = z.object({ name: z.string({ error: 'name is required' }).min(1, 'name is required'), newPassword: passwordSchema });
const deleteSchema = z.object({
  users: z.array(z.object({ name: z.string() }), { error: 'users must be a list of {name}' }).min(1, 'no users selected'),
});

/** Parses a body or throws 422 {error: first message, errors: [{msg}]}. */
function parse422<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ msg: i.message }));
  throw new HttpError(422, errors[0]!.msg, { errors });
}

/** Runs a user operation; UserError -> its status with {error} (422 also carries errors). */
async function run<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof UserError) throw new HttpError(err.status, err.message, err.status === 422 ? { errors: [{ msg: err.message }] } : undefined);
    throw err;
  }
}

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
credentialsRouter.post('/api/credentials/user', requireUser(), requireAdmin(), async (ctx) => {
  const input = parse422(newUserSchema, ctx.request.body);
  const user = await run(() => addUser(ctx.services.db, input));
  const answer: MessageAnswer = { message: `user ${user.name} (${user.group}) added` };
  ctx.body = answer;
});

/**
 * PUT /api/credentials/user {name, newPassword} -> 200 {message}. Bumps the
 * user's token version: every token issued before is refused (the admin changing
 * its own password signs in again). 422 'password length at least 5'; 404 unknown user.
 */
credentialsRouter.put('/api/credentials/user', requireUser(), requireAdmin(), async (ctx) => {
  const { name, newPassword } = parse422(passwdSchema, ctx.request.body);
  await run(() => changePassword(ctx.services.db, name, newPassword));
  const answer: MessageAnswer = { message: `password of ${name} changed` };
  ctx.body = answer;
});

/**
 * DELETE /api/credentials/user {users: [{name}]} -> 200 {message}. Deletes the
 * users with their reviews and history; their tokens stop working. 403 when the
 * list holds the admin, 404 for an unknown name (nothing deleted then), 422 for no list.
 */
credentialsRouter.delete('/api/credentials/user', requireUser(), requireAdmin(), async (ctx) => {
  const { users } = parse422(deleteSchema, ctx.request.body);
  const deleted = await run(() => deleteUsers(ctx.services.db, users.map((u) => u.name)));
  const answer: MessageAnswer = { message: `deleted ${deleted.length} user(s): ${deleted.join(', ')}` };
  ctx.body = answer;
});
