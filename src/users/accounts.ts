/**
 * User accounts (DESIGN section 4 `users`): create, find, verify, first admin.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Group, User } from '../model/index.js';
import { hashPassword, verifyPassword } from './password.js';

export interface UserRow { name: string; password: string; group: Group; token_version: number }

/** Finds a user by name; undefined when absent. */
export async function findUser(db: Db, name: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ name }).first();
}

/** Creates a user. Throws when the name exists (primary key). */
export async function createUser(db: Db, name: string, password: string, group: Group): Promise<User> {
  await db('users').insert({ name, password: await hashPassword(password), group });
  return { name, group };
}

/** Returns the user when name and password match, else null. */
export async function authenticate(db: Db, name: string, password: string): Promise<UserRow | null> {
  const user = await findUser(db, name);
  if (!user) {
    await hashPassword(password); // same cost whether or not the name exists
    return null;
  }
  return (await verifyPassword(password, user.password)) ? user : null;
}

/**
 * Creates the `admin` account on first start. The password is `envPassword`
 * (AUDIOLIB_ADMIN_PASSWORD) or 16 random characters. Returns the password when
 * the account was created now (to be printed once), null when it already existed.
 */
export async function ensureAdmin(db: Db, envPassword?: string): Promise<string | null> {
  if (await findUser(db, 'admin')) return null;
  const password = envPassword || crypto.randomBytes(12).toString('base64url');
  await createUser(db, 'admin', password, 'admin');
  return password;
}
