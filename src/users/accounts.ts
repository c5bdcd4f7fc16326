/**
 * User accounts (DESIGN section 4 `users`): create, find, verify, first admin.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Group, User } from '../model/index.js';
import { hashPassword, verifyPassword } from './password.js';
import { dbTime } from '../db/time.js';

/**
 * A `users` row. `account_id` names this account instance (a random UUID stamped at
 * creation, never reused): tokens carry it, so an account created again under a
 * deleted one's name has another id and the deleted one's tokens stay refused. The
 * column is filled for every row (by its migration and by `newAccountRow`).
 */
export interface UserRow { name: string; password: string; group: Group; token_version: number; account_id: string; marks_version: number | string }

/** The row to insert for a new account: the password hash, a fresh account_id, created now. */
export function newAccountRow(name: string, passwordHash: string, group: Group): Pick<UserRow, 'name' | 'password' | 'group' | 'account_id'> & { created_at: string } {
  return { name, password: passwordHash, group, account_id: crypto.randomUUID(), created_at: dbTime() };
}

/** A signed-in user and `marks`, the version of the account's stars and ratings (signedIn; absent with auth off). */
export interface SignedIn extends User { marks?: string }

/**
 * The signed-in user of an account row. `marks`: the account id and `users.marks_version`
 * (bumped by triggers on every write to the user's stars and ratings), so an account
 * created again under the same name has other versions.
 */
export function signedIn(row: Pick<UserRow, 'name' | 'group' | 'account_id' | 'marks_version'>): SignedIn {
  return { name: row.name, group: row.group, marks: `${row.account_id}/${row.marks_version}` };
}

/** The account id of a signed-in user (from `marks`; the name when it has none, auth off). */
export const accountOf = (user: SignedIn): string => user.marks?.slice(0, user.marks.indexOf('/')) ?? user.name;

/** The account row of `name` as a query (one row at most), for findUser and for a caller that reads more in the same statement. */
export const accountQuery = (db: Db, name: string) => db<UserRow>('users').where({ name });

/** Finds a user by name; undefined when absent. */
export async function findUser(db: Db, name: string): Promise<UserRow | undefined> {
  return accountQuery(db, name).first();
}

/** Creates a user. Throws when the name exists (primary key). */
export async function createUser(db: Db, name: string, password: string, group: Group): Promise<User> {
  await db('users').insert(newAccountRow(name, await hashPassword(password), group));
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
  try {
    await createUser(db, 'admin', password, 'admin');
  } catch (err) {
    if (await findUser(db, 'admin')) return null; // another instance on the same database created it meanwhile
    throw err;
  }
  return password;
}
