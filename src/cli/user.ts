/**
 * `audiolib user add|list|delete|passwd` (DESIGN section 1, spec 001 sections 5
 * and 6): user management from the shell, with the same rules and messages as
 * the credentials API. Works whether or not the server runs (SQLite WAL with a
 * busy timeout); a running server checks tokens against the database on every
 * request, so a deleted user or a changed password takes effect at once.
 */
import type { Command } from 'commander';
import type { ZodType } from 'zod';
import type { Db } from '../db/index.js';
import { addUser, changePassword, deleteUsers, listUsers, newUserSchema, passwordSchema } from '../users/index.js';
import { CliError, info, printJson } from './output.js';
import { readNewPassword } from './password-input.js';
import { withDb as withDataDirDb } from './with-db.js';

/** Validates with a zod schema; throws CliError (exit 2) with the first message. */
function check<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? 'invalid input');
  return parsed.data;
}

export function registerUser(program: Command): void {
  const withDb = (fn: (db: Db) => Promise<void>) => withDataDirDb(program, fn);

  const user = program.command('user').description('manage users (password from a prompt, or the first line of stdin)');

  user
    .command('add')
    .description('add a user; the password is asked on a terminal or read from stdin')
    .argument('<name>', 'user name (at least 5 characters)')
    .option('--group <group>', 'user or guest', 'user')
    .action(async (name: string, opts: { group: string }) => {
      const head = check(newUserSchema.omit({ password: true }), { name, group: opts.group });
      const password = check(passwordSchema, await readNewPassword());
      await withDb(async (db) => {
        const added = await addUser(db, { ...head, password });
        info(`added user ${added.name} (${added.group})`);
      });
    });

  user
    .command('list')
    .description('list users and their groups')
    .option('--json', 'print {users: [{name, group}]} as JSON')
    .action(async (opts: { json?: boolean }) => {
      await withDb(async (db) => {
        const users = await listUsers(db);
        if (opts.json) return printJson({ users });
        const width = Math.max(4, ...users.map((u) => u.name.length));
        const rows = [['NAME', 'GROUP'], ...users.map((u) => [u.name, u.group])];
        process.stdout.write(rows.map(([name, group]) => `${name!.padEnd(width)}  ${group}\n`).join(''));
      });
    });

  user
    .command('delete')
    .description('delete a user with its reviews and history (not admin)')
    .argument('<name>', 'user name')
    .action(async (name: string) => {
      await withDb(async (db) => {
        await deleteUsers(db, [name]);
        info(`deleted user ${name}`);
      });
    });

  user
    .command('passwd')
    .description("change a user's password; the user's earlier sign-ins stop working")
    .argument('<name>', 'user name')
    .action(async (name: string) => {
      const password = check(passwordSchema, await readNewPassword());
      await withDb(async (db) => {
        await changePassword(db, name, password);
        info(`password of ${name} changed`);
      });
    });
}
