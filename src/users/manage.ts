/**
 * User management (spec 001 sections 2, 5 and 6): list, add, change password, change
 * group (deleting users is delete.ts). Shared by the credentials API and `audiolib user`.
 * Validation messages are the spec's, so the web page, the API and the shell say the same
 * thing.
 */
import { z } from 'zod';
import type { NewUser } from './rules.js';
import type { Db } from '../db/index.js';
import { Forbidden, Invalid, NotFound, say, type Group, type User } from '../model/index.js';
import { hashPassword } from './password.js';
import { newAccountRow } from './accounts.js';

/** The one account that always exists and cannot be deleted. */
export const ADMIN_NAME = 'admin';


/** The groups an account can be in, as `user set-group` accepts them. */
export const groupSchema = z.enum(['admin', 'user', 'guest'], { error: 'group must be admin, user or guest' });

/**
 * Whether `name` is the admin account's name in any case ('admin', 'Admin', 'ADMIN'):
 * such a name is reserved for the account `audiolib serve` creates in group admin, so
 * no user or guest can hold it and keep the real admin from being created.
 */
export const isReservedName = (name: string): boolean => name.toLowerCase() === ADMIN_NAME;

/** Lists every user as {name, group}, the admin first, then by name. */
export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db<{ name: string; group: Group }>('users').select('name', 'group').orderBy('name');
  return [...rows.filter((u) => u.name === ADMIN_NAME), ...rows.filter((u) => u.name !== ADMIN_NAME)];
}

/**
 * Adds a user (input already validated by `newUserSchema`). Throws Invalid
 * 'name already exists, usernames must not repeat' when the name is taken (a
 * validation rule of spec 001 section 5, answered like the others; `admin` included),
 * and Invalid `user.nameReserved` for the admin's name in any case when not taken
 * (isReservedName).
 */
export async function addUser(db: Db, user: NewUser): Promise<User> {
  // a name that exists answers the spec's rule, the admin's included; the reservation
  // speaks for an admin name nobody holds yet (before the first serve) or in another case
  const taken = async (on: Db) => Boolean(await on('users').where({ name: user.name }).first());
  if (await taken(db)) throw new Invalid(say('user.nameTaken'));
  if (isReservedName(user.name)) throw new Invalid(say('user.nameReserved', { name: user.name }));
  const hash = await hashPassword(user.password);
  return db.transaction(async (trx) => {
    if (await taken(trx)) throw new Invalid(say('user.nameTaken'));
    await trx('users').insert(newAccountRow(user.name, hash, user.group));
    return { name: user.name, group: user.group };
  });
}

/**
 * Sets a user's password and bumps its token_version, so every token issued
 * before is refused from the next request on. Throws NotFound for an unknown name.
 */
export async function changePassword(db: Db, name: string, newPassword: string): Promise<void> {
  const hash = await hashPassword(newPassword);
  const changed = await db('users')
    .where({ name })
    .update({ password: hash, token_version: db.raw('token_version + 1') });
  if (!changed) throw new NotFound(say('user.notFound', { names: name }));
}

/**
 * Moves the account `name` to `group` ('admin', 'user' or 'guest'); its older tokens
 * are refused from the next request (they carry the group). Returns the account as it
 * is now. Throws NotFound for an unknown name, Forbidden `user.adminGroupFixed` when the
 * `admin` account would leave the admin group, and Forbidden `user.lastAdmin` when the
 * account is the last one in it (an instance keeps an admin). Setting the group an
 * account already has changes nothing.
 */
export async function setUserGroup(db: Db, name: string, group: Group): Promise<User> {
  return db.transaction(async (trx) => {
    const row: { name: string; group: Group } | undefined = await trx('users').where({ name }).first('name', 'group');
    if (!row) throw new NotFound(say('user.notFound', { names: name }));
    if (row.group === group) return { name, group };
    if (row.group === 'admin') {
      if (name === ADMIN_NAME) throw new Forbidden(say('user.adminGroupFixed'));
      const admins = await trx('users').where({ group: 'admin' }).count({ n: '*' }).first();
      if (Number(admins?.n ?? 0) <= 1) throw new Forbidden(say('user.lastAdmin', { name }));
    }
    await trx('users').where({ name }).update({ group });
    return { name, group };
  });
}
