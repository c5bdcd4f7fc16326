/**
 * Request schemas of user management (spec 001 sections 5 and 7), with the spec's
 * validation messages; the credentials routes answer their failures 422
 * {error, errors: [{msg}]}.
 */
import { z } from 'zod';
import { newUserSchema, passwordSchema } from '../../users/rules.js';

/** POST /api/credentials/user {name, password, group}. */
export const UserAddSchema = z.object({ body: newUserSchema });
/** PUT /api/credentials/user {name, newPassword}. */
export const PasswordChangeSchema = z.object({
  body: z.object({ name: z.string({ error: 'name is required' }).min(1, 'name is required'), newPassword: passwordSchema }),
});
/** DELETE /api/credentials/user {users: [{name}]}, at least one. */
export const UsersDeleteSchema = z.object({
  body: z.object({ users: z.array(z.object({ name: z.string() }), { error: 'users must be a list of {name}' }).min(1, 'no users selected') }),
});
