/**
 * The admin account from the shell, before and after the first `audiolib serve`: the name
 * `admin` (any case) is reserved for the account serve creates, so `user add admin` on a
 * new data directory is refused and the first serve still makes the real admin;
 * `user set-group NAME GROUP` moves accounts between groups but never takes the `admin`
 * account or the last admin out of the admin group; serve refuses to start while a row
 * `admin` is not in the admin group, naming the repair; the TUI on a scanned, never served
 * data directory points at `audiolib serve`, not at adding an `admin` user.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openMigrated } from '../../src/db/index.js';
import { createUser } from '../../src/users/index.js';
import { tempDataDir } from '../helpers/server.js';
import { copyLibrary } from '../unit/library/helpers.js';
import { binPath, runCli, startServe } from './run.js';

const cli = (dataDir: string, args: string[], input?: string) => runCli(['--data-dir', dataDir, ...args], input);

/** A data directory whose database holds the given accounts (name, group; password `NAME-password`). */
async function dataDirWith(users: Array<[string, 'admin' | 'user' | 'guest']>): Promise<string> {
  const dataDir = tempDataDir();
  const db = await openMigrated(dataDir);
  try {
    for (const [name, group] of users) await createUser(db, name, `${name}-password`, group);
  } finally {
    await db.destroy();
  }
  return dataDir;
}

/** The accounts of a data directory as `audiolib user list --json` prints them. */
async function users(dataDir: string): Promise<Array<{ name: string; group: string }>> {
  return JSON.parse((await cli(dataDir, ['user', 'list', '--json'])).stdout).users;
}

describe('the name admin is reserved', () => {
  it.each(['admin', 'Admin', 'ADMIN'])('user add %s before the first serve exits 2 and adds nobody; serve then creates the admin', async (name) => {
    const dataDir = tempDataDir();
    const res = await cli(dataDir, ['user', 'add', name], 'some-password\n');
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`audiolib: the name ${name} is reserved for the admin account, which audiolib serve creates on its first start\n`);
    expect(await users(dataDir)).toEqual([]);

    const serve = await startServe(dataDir, 'first-admin-pw');
    try {
      expect(serve.stderr()).toContain('created user admin');
      const login = await fetch(`${serve.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'admin', password: 'first-admin-pw' }) });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const me = await (await fetch(`${serve.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(me).toMatchObject({ user: { name: 'admin', group: 'admin' } });
    } finally {
      await serve.stop();
    }
  });
});

describe('audiolib user set-group', () => {
  it('moves a user between groups, with --json like the other user commands', async () => {
    const dataDir = await dataDirWith([['admin', 'admin'], ['alice', 'user']]);
    const guest = await cli(dataDir, ['user', 'set-group', 'alice', 'guest']);
    expect(guest).toEqual({ code: 0, stdout: '', stderr: 'user alice is now in group guest\n' });
    const admin = await cli(dataDir, ['user', 'set-group', 'alice', 'admin', '--json']);
    expect(admin.code).toBe(0);
    expect(JSON.parse(admin.stdout)).toEqual({ user: { name: 'alice', group: 'admin' } });
    expect(admin.stderr).toBe('');
    // another admin remains: alice may leave the admin group
    expect((await cli(dataDir, ['user', 'set-group', 'alice', 'user'])).code).toBe(0);
    expect(await users(dataDir)).toEqual([{ name: 'admin', group: 'admin' }, { name: 'alice', group: 'user' }]);
  });

  it.each([
    [['admin', 'user'], 'the admin user stays in the admin group'],
    [['nobody', 'user'], 'no such user: nobody'],
    [['alice', 'root'], 'group must be admin, user or guest'],
  ])('%j exits 2 with one line, one JSON document with --json, and changes nothing', async (args, message) => {
    const dataDir = await dataDirWith([['admin', 'admin'], ['alice', 'user']]);
    const res = await cli(dataDir, ['user', 'set-group', ...args]);
    expect(res).toEqual({ code: 2, stdout: '', stderr: `audiolib: ${message}\n` });
    const json = await cli(dataDir, ['user', 'set-group', ...args, '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: message, code: 'usage', exit: 2 });
    expect(await users(dataDir)).toEqual([{ name: 'admin', group: 'admin' }, { name: 'alice', group: 'user' }]);
  });

  it('never demotes the last admin', async () => {
    const dataDir = await dataDirWith([['admin', 'user'], ['bobby', 'admin']]);
    const res = await cli(dataDir, ['user', 'set-group', 'bobby', 'guest']);
    expect(res).toEqual({ code: 2, stdout: '', stderr: 'audiolib: bobby is the last admin: make another user admin first\n' });
    expect((await cli(dataDir, ['user', 'set-group', 'admin', 'admin'])).code).toBe(0);
    expect((await cli(dataDir, ['user', 'set-group', 'bobby', 'guest'])).code).toBe(0);
    expect(await users(dataDir)).toEqual([{ name: 'admin', group: 'admin' }, { name: 'bobby', group: 'guest' }]);
  });
});

describe('audiolib serve with an admin row outside the admin group', () => {
  it('refuses to start with one line naming the repair; after it, starts and the admin signs in as admin', async () => {
    const dataDir = await dataDirWith([['admin', 'user']]);
    const refused = await cli(dataDir, ['serve', '--port', '0', '--host', '127.0.0.1']);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: 'audiolib: user admin is in group user, so this instance has no admin: repair it with `audiolib user set-group admin admin`, then start again\n',
    });

    expect((await cli(dataDir, ['user', 'set-group', 'admin', 'admin'])).code).toBe(0);
    const serve = await startServe(dataDir, 'unused-env-password');
    try {
      const login = await fetch(`${serve.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'admin', password: 'admin-password' }) });
      const { token } = (await login.json()) as { token: string };
      const me = await (await fetch(`${serve.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json();
      expect(me).toMatchObject({ user: { name: 'admin', group: 'admin' } });
    } finally {
      await serve.stop();
    }
  });
});

describe('the TUI on a data directory never served', () => {
  it('says the first audiolib serve creates the admin, not to add one', async () => {
    const dataDir = tempDataDir();
    expect((await cli(dataDir, ['scan', '--no-fetch', '--json', copyLibrary()])).code).toBe(0);
    // a terminal of 100 columns (util-linux script): the TUI starts only on one
    const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
      const command = `stty cols 100 rows 30; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)} --data-dir ${JSON.stringify(dataDir)} tui`;
      const { AUDIOLIB_USER: _listener, ...env } = process.env;
      const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...env, TERM: 'xterm' } });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('close', (code) => resolve({ code, text }));
    });
    expect(out.code).toBe(1);
    const line = out.text.replace(/\r/g, '').trim();
    expect(line).toBe(`audiolib: no user 'admin' in ${dataDir} yet: \`audiolib serve\` creates it (and prints its password) on its first start; or pass --user NAME of an existing user (audiolib user list)`);
  });
});
