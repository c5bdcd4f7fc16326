/**
 * `audiolib user add|list|delete|passwd|set-group|player-password|api-key|player` (DESIGN section 1,
 * spec 001 sections 5 and 6; players: src/subsonic/README.md; a player's transcoding:
 * src/transcode/README.md "Per player"): user management from the
 * shell, with the same rules and messages as the credentials API and the settings page.
 * Works whether or not the server runs (SQLite WAL with a busy timeout); a running server
 * checks tokens against the database on every request, so a deleted user or a changed
 * password takes effect at once. The name `admin` (any case) is reserved for the admin
 * account `audiolib serve` creates; `set-group` moves an account between admin, user
 * and guest, never taking the last admin (or the `admin` account) out of the admin group.
 */
import type { Command } from 'commander';
import type { ZodType } from 'zod';
import { serverSecret, type Db } from '../db/index.js';
import {
  addUser, apiKeyNameSchema, changePassword, clearPlayerPassword, createApiKey, deleteUsers, findUser, groupSchema, isReservedName, listApiKeys, listPlayers, listUsers, newUserSchema, passwordSchema, playerBitRateSchema,
  playerClientSchema, playerFormatSchema, playerTranscode, revokeApiKey, setPlayerPassword, setPlayerTranscode, setUserGroup,
} from '../users/index.js';
import { NotFound, say } from '../model/index.js';
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
  const withDb = (fn: (db: Db, dataDir: string) => Promise<void>) => withDataDirDb(program, fn);

  const user = program.command('user').description('manage users (password from a prompt, or the first line of stdin)');

  user
    .command('add')
    .description('add a user; the password is asked on a terminal or read from stdin')
    .argument('<name>', 'user name (at least 5 characters)')
    .option('--group <group>', 'user or guest', 'user')
    .action(async (name: string, opts: { group: string }) => {
      const head = check(newUserSchema.omit({ password: true }), { name, group: opts.group });
      // refused before the password prompt: the admin account is made by `audiolib serve`
      if (isReservedName(head.name)) throw new CliError(say('user.nameReserved', { name: head.name }).message);
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
    .command('set-group')
    .description("move a user to another group (admin, user or guest); the user's earlier sign-ins stop working")
    .argument('<name>', 'user name')
    .argument('<group>', 'admin, user or guest')
    .option('--json', 'print {user: {name, group}} as JSON')
    .action(async (name: string, groupText: string, opts: { json?: boolean }) => {
      const group = check(groupSchema, groupText);
      await withDb(async (db) => {
        const changed = await setUserGroup(db, name, group);
        if (opts.json) return printJson({ user: changed });
        info(say('user.groupSet', { name: changed.name, group: changed.group }).message);
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

  user
    .command('player-password')
    .description("set a user's player password (for music players signing in with a token); it must differ from the login password")
    .argument('<name>', 'user name')
    .option('--clear', 'remove the player password instead')
    .action(async (name: string, opts: { clear?: boolean }) => {
      const password = opts.clear ? null : check(passwordSchema, await readNewPassword());
      await withDb(async (db, dataDir) => {
        if (password === null) {
          if (!(await findUser(db, name))) throw new NotFound(`no such user: ${name}`);
          await clearPlayerPassword(db, name);
          return info(`player password of ${name} removed`);
        }
        await setPlayerPassword(db, await serverSecret(db, dataDir), name, password);
        info(`player password of ${name} set`);
      });
    });

  const apiKey = user.command('api-key').description("manage a user's API keys for music players (OpenSubsonic apiKey)");

  apiKey
    .command('add')
    .description('create a key and print it once on stdout')
    .argument('<name>', 'user name')
    .option('--label <label>', 'what the key is for', 'player')
    .option('--json', 'print {key, apiKey: {id, name, created_at, last_used_at}} as JSON')
    .action(async (name: string, opts: { label: string; json?: boolean }) => {
      const label = check(apiKeyNameSchema, opts.label);
      await withDb(async (db) => {
        const created = await createApiKey(db, name, label);
        if (opts.json) return printJson(created);
        process.stdout.write(`${created.key}\n`);
        info(`API key ${created.apiKey.id} (${label}) created for ${name}; it is shown only now`);
      });
    });

  apiKey
    .command('list')
    .description("list a user's keys (never the keys themselves)")
    .argument('<name>', 'user name')
    .option('--json', 'print {apiKeys: [{id, name, created_at, last_used_at}]} as JSON')
    .action(async (name: string, opts: { json?: boolean }) => {
      await withDb(async (db) => {
        if (!(await findUser(db, name))) throw new NotFound(`no such user: ${name}`);
        const apiKeys = await listApiKeys(db, name);
        if (opts.json) return printJson({ apiKeys });
        const rows = [['ID', 'NAME', 'CREATED', 'LAST USED'], ...apiKeys.map((k) => [String(k.id), k.name, k.created_at, k.last_used_at ?? '-'])];
        const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
        process.stdout.write(rows.map((r) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join('  ') + '\n').join(''));
      });
    });

  apiKey
    .command('revoke')
    .description('revoke one key; players using it are refused at once')
    .argument('<name>', 'user name')
    .argument('<id>', 'key id (from list)')
    .action(async (name: string, id: string) => {
      if (!/^\d{1,9}$/.test(id)) throw new CliError('key id must be a number');
      await withDb(async (db) => {
        await revokeApiKey(db, name, Number(id));
        info(`API key ${id} of ${name} revoked`);
      });
    });

  const player = user.command('player').description("a user's music players (their client names at /rest) and each one's default transcoding");

  player
    .command('list')
    .description("list a user's players with their maximum bit rate and format")
    .argument('<name>', 'user name')
    .option('--json', 'print {players: [{id, client, maxBitRate, format, created_at, last_seen_at}]} as JSON')
    .action(async (name: string, opts: { json?: boolean }) => {
      await withDb(async (db) => {
        if (!(await findUser(db, name))) throw new NotFound(`no such user: ${name}`);
        const players = await listPlayers(db, name);
        if (opts.json) return printJson({ players });
        const rows = [['CLIENT', 'MAX KBIT/S', 'FORMAT', 'LAST SEEN'], ...players.map((p) => [p.client, p.maxBitRate ? String(p.maxBitRate) : '-', p.format ?? '-', p.last_seen_at ?? '-'])];
        const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
        process.stdout.write(rows.map((r) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c)).join('  ') + '\n').join(''));
      });
    });

  player
    .command('set')
    .description("set a player's default transcoding (the player is added if it has not connected yet); options not given keep their value")
    .argument('<name>', 'user name')
    .argument('<client>', "the player's client name, as it sends it (c=...) and /players lists it")
    .option('--max-bit-rate <kbps>', 'highest bit rate in kbit/s: 32 to 320, or 0 for no limit')
    .option('--format <format>', 'raw (as stored), mp3, opus, aac, or default (as the player asks)')
    .option('--json', 'print {player: {id, client, maxBitRate, format, created_at, last_seen_at}} as JSON')
    .action(async (name: string, clientText: string, opts: { maxBitRate?: string; format?: string; json?: boolean }) => {
      const client = check(playerClientSchema, clientText);
      if (opts.maxBitRate !== undefined && !/^\d{1,4}$/.test(opts.maxBitRate)) throw new CliError('maxBitRate must be a whole number');
      const maxBitRate = opts.maxBitRate === undefined ? undefined : check(playerBitRateSchema, Number(opts.maxBitRate));
      const format = opts.format === undefined ? undefined : opts.format === 'default' ? null : check(playerFormatSchema, opts.format);
      if (maxBitRate === undefined && format === undefined) throw new CliError('give --max-bit-rate, --format or both');
      await withDb(async (db) => {
        const current = await playerTranscode(db, name, client);
        const saved = await setPlayerTranscode(db, name, client, { maxBitRate: maxBitRate ?? current.maxBitRate, format: format === undefined ? current.format : format });
        if (opts.json) return printJson({ player: saved });
        info(`player ${saved.client} of ${name}: ${saved.maxBitRate ? `at most ${saved.maxBitRate} kbit/s` : 'no bit rate limit'}, format ${saved.format ?? 'as the player asks'}`);
      });
    });
}
