/**
 * `audiolib user player-password` and `audiolib user api-key` against a running server's
 * data directory: the password comes from stdin, the key is printed once; a music player
 * (the `subsonic-api` client) signs in with them at once, and is refused once they are
 * cleared or revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import { tempDataDir } from '../helpers/server.js';
import { runCli, startServe, type RunningServe } from './run.js';

const ADMIN_PW = 'cli-admin-pw';
let dataDir: string;
let serve: RunningServe;
beforeAll(async () => {
  dataDir = tempDataDir();
  serve = await startServe(dataDir, ADMIN_PW);
  expect((await runCli(['--data-dir', dataDir, 'user', 'add', 'robin'], 'robin-login\n')).code).toBe(0);
});
afterAll(async () => { await serve.stop(); });

const user = (args: string[], input?: string) => runCli(['--data-dir', dataDir, 'user', ...args], input);
const player = (password: string) => new SubsonicAPI({ url: serve.url, auth: { username: 'robin', password } });

describe('audiolib user player-password', () => {
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
