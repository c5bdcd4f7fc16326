/**
 * `audiolib user` against a running server's data directory: the password comes
 * from stdin, never argv; the spec's validation messages with exit code 2; the
 * API sees the changes at once (tokens checked against the database). The player
 * password and API keys: a music player (the `subsonic-api` client) signs in with them
 * at once, and is refused once they are cleared or revoked.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import { tempDataDir } from '../helpers/server.js';
import { binPath, runCli, startServe, type RunningServe } from './run.js';

const ADMIN_PW = 'cli-admin-pw';
let dataDir: string;
let serve: RunningServe;
beforeAll(async () => {
  dataDir = tempDataDir();
  serve = await startServe(dataDir, ADMIN_PW);
});
afterAll(async () => { await serve.stop(); });

const user = (args: string[], input?: string) => runCli(['--data-dir', dataDir, 'user', ...args], input);
const login = (name: string, password: string) =>
  fetch(`${serve.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password }) });
const me = (token: string) => fetch(`${serve.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

describe('audiolib user add', () => {
  it('adds a user with the password from stdin, who then signs in through the API', async () => {
    const res = await user(['add', 'carol', '--group', 'guest'], 'carol-secret\n');
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('added user carol (guest)');
    const answer = await login('carol', 'carol-secret');
    expect(answer.status).toBe(200);
    const { token } = (await answer.json()) as { token: string };
    expect(await (await me(token)).json()).toEqual({ user: { name: 'carol', group: 'guest' }, auth: true });
  });

  it.each([
    [['add', 'abcd'], 'pw-12345\n', 'username length at least 5'],
    [['add', 'abcdef'], 'pw\n', 'password length at least 5'],
    [['add', 'abcdef'], '', 'password length at least 5'],
    [['add', 'abcdef', '--group', 'admin'], 'pw-12345\n', 'group must be user or guest'],
    [['add', 'carol'], 'another-pw\n', 'name already exists, usernames must not repeat'],
  ])('%j exits 2 with the message', async (args, input, message) => {
    const res = await user(args, input);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`audiolib: ${message}`);
  });

  it('never takes the password as an argument', async () => {
    const res = await user(['add', 'davey', 'davey-password'], '');
    expect(res.code).toBe(2);
    expect((await login('davey', 'davey-password')).status).toBe(401);
  });
});

describe('audiolib user list', () => {
  it('prints a table, or {users} with --json', async () => {
    const table = await user(['list']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split('\n').filter(Boolean)).toEqual(['NAME   GROUP', 'admin  admin', 'carol  guest']);
    const json = await user(['list', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ users: [{ name: 'admin', group: 'admin' }, { name: 'carol', group: 'guest' }] });
  });
});

describe('audiolib user passwd and delete', () => {
  it("passwd refuses older tokens of the user and sets the new password", async () => {
    const { token } = (await (await login('carol', 'carol-secret')).json()) as { token: string };
    expect((await user(['passwd', 'carol'], 'abc\n')).stderr).toContain('password length at least 5');
    const res = await user(['passwd', 'carol'], 'carol-secret-2\n');
    expect(res.code).toBe(0);
    expect((await me(token)).status).toBe(401);
    expect((await login('carol', 'carol-secret')).status).toBe(401);
    expect((await login('carol', 'carol-secret-2')).status).toBe(200);
    const unknown = await user(['passwd', 'nobody1'], 'whatever-pw\n');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no such user: nobody1');
  });

  it('delete removes the user and ends its sessions; the admin cannot be deleted', async () => {
    const { token } = (await (await login('carol', 'carol-secret-2')).json()) as { token: string };
    const res = await user(['delete', 'carol']);
    expect(res.code).toBe(0);
    expect((await me(token)).status).toBe(401);
    const admin = await user(['delete', 'admin']);
    expect(admin.code).toBe(2);
    expect(admin.stderr).toContain('the admin user cannot be deleted');
    expect(JSON.parse((await user(['list', '--json'])).stdout).users).toEqual([{ name: 'admin', group: 'admin' }]);
  });

  it("a user added again under a deleted user's name does not inherit the deleted user's tokens", async () => {
    expect((await user(['add', 'carol1', '--group', 'guest'], 'carol-pw-1\n')).code).toBe(0);
    const { token } = (await (await login('carol1', 'carol-pw-1')).json()) as { token: string };
    expect((await user(['delete', 'carol1'])).code).toBe(0);
    expect((await user(['add', 'carol1', '--group', 'user'], 'carol-pw-1\n')).code).toBe(0);
    expect((await me(token)).status).toBe(401);
    const fresh = (await (await login('carol1', 'carol-pw-1')).json()) as { token: string };
    expect(await (await me(fresh.token)).json()).toEqual({ user: { name: 'carol1', group: 'user' }, auth: true });
  });
});

describe('audiolib user add on a terminal', () => {
  /** Drives `audiolib user ARGS` in a pseudo-terminal (python3's pty), answering each prompt; returns the transcript. */
  const onTerminal = (args: string[], answers: string[]) => {
    const driver = `
import os, pty, sys, json, time
answers = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[2], [sys.argv[2], *sys.argv[3:]])
out = b''
def read_until(marker):
    global out
    while marker not in out:
        chunk = os.read(fd, 1024)
        if not chunk: return
        out += chunk
for i, answer in enumerate(answers):
    read_until([b'new password: ', b'repeat the password: '][i])
    os.write(fd, answer.encode() + b'\\r')
try:
    while True:
        chunk = os.read(fd, 1024)
        if not chunk: break
        out += chunk
except OSError:
    pass
_, status = os.waitpid(pid, 0)
sys.stdout.write(json.dumps({'code': os.waitstatus_to_exitcode(status), 'out': out.decode()}))`;
    const result = spawnSync('python3', ['-c', driver, JSON.stringify(answers), process.execPath, binPath, '--data-dir', dataDir, 'user', ...args], { encoding: 'utf8' });
    return JSON.parse(result.stdout) as { code: number; out: string };
  };

  it('asks twice without echoing the password', async () => {
    const name = `ttyuser${Date.now() % 100_000}`; // a retry adds a user of its own
    const { code, out } = onTerminal(['add', name], ['tty-secret-1', 'tty-secret-1']);
    expect(out).toContain('new password: ');
    expect(out).toContain('repeat the password: ');
    expect(out).not.toContain('tty-secret-1');
    expect(code).toBe(0);
    expect((await login(name, 'tty-secret-1')).status).toBe(200);
  });

  it('refuses two different passwords', () => {
    const { code, out } = onTerminal(['add', 'ttyuser2'], ['tty-secret-1', 'tty-secret-2']);
    expect(out).toContain('the two passwords do not match');
    expect(code).toBe(2);
  });
});

/** A music player (the `subsonic-api` client) signing in as robin with a player password. */
const player = (password: string) => new SubsonicAPI({ url: serve.url, auth: { username: 'robin', password } });

describe('audiolib user player-password', () => {
  beforeAll(async () => {
    expect((await user(['add', 'robin'], 'robin-login\n')).code).toBe(0);
  });

  it('sets the player password from stdin; a player signs in with a token', async () => {
    expect(await player('robin-phone').ping()).toMatchObject({ status: 'failed', error: { code: 41 } });
    const res = await user(['player-password', 'robin'], 'robin-phone\n');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('player password of robin set');
    expect((await player('robin-phone').ping()).status).toBe('ok');
  });

  it.each([
    [['player-password', 'robin'], 'robin-login\n', 'the player password must differ from the login password'],
    [['player-password', 'robin'], 'abc\n', 'password length at least 5'],
    [['player-password', 'nobody'], 'some-password\n', 'no such user: nobody'],
    [['player-password', '--clear', 'nobody'], '', 'no such user: nobody'],
  ])('%j exits 2 with the message', async (args, input, message) => {
    const res = await user(args, input);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`audiolib: ${message}`);
  });

  it('--clear removes it: token sign-ins answer code 41', async () => {
    const res = await user(['player-password', '--clear', 'robin']);
    expect(res.code, res.stderr).toBe(0);
    expect(await player('robin-phone').ping()).toMatchObject({ status: 'failed', error: { code: 41 } });
  });
});

describe('audiolib user api-key', () => {
  it('add prints a key once, list shows it without the key, revoke refuses it at once', async () => {
    const added = await user(['api-key', 'add', 'robin', '--label', 'tablet']);
    expect(added.code, added.stderr).toBe(0);
    const key = added.stdout.trim();
    expect(key).toMatch(/^al_[A-Za-z0-9_-]{32}$/);
    const tablet = new SubsonicAPI({ url: serve.url, auth: { apiKey: key } });
    expect((await tablet.getUser({ username: 'robin' })).user.username).toBe('robin');

    const json = await user(['api-key', 'add', 'robin', '--json']);
    const second = JSON.parse(json.stdout) as { key: string; apiKey: { id: number; name: string } };
    expect(second.apiKey.name).toBe('player');

    const list = await user(['api-key', 'list', 'robin', '--json']);
    const { apiKeys } = JSON.parse(list.stdout) as { apiKeys: { id: number; name: string; last_used_at: string | null }[] };
    expect(apiKeys.map((k) => k.name)).toEqual(['tablet', 'player']);
    expect(apiKeys[0]!.last_used_at).not.toBeNull();
    expect(list.stdout).not.toContain(key);
    const table = await user(['api-key', 'list', 'robin']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+CREATED\s+LAST USED$/);

    const revoked = await user(['api-key', 'revoke', 'robin', String(apiKeys[0]!.id)]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await tablet.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
    expect((await new SubsonicAPI({ url: serve.url, auth: { apiKey: second.key } }).ping()).status).toBe('ok');

    const again = await user(['api-key', 'revoke', 'robin', String(apiKeys[0]!.id)]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`no API key ${apiKeys[0]!.id} for robin`);
    expect((await user(['api-key', 'revoke', 'robin', 'x'])).stderr).toContain('key id must be a number');
    expect((await user(['api-key', 'list', 'nobody'])).stderr).toContain('no such user: nobody');
  });
});
