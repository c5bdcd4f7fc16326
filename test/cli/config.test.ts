/**
 * `audiolib config get|set` against a running `audiolib serve`: the server picks
 * up the change (file watch) and the API shows it; validation as in the API with
 * exit code 2 naming the key (scanCron a cron expression, root paths absolute);
 * auth stays on in production unless --force; config.json stays mode 0600; SIGHUP
 * reloads, not kills; --json answers one document, a refusal included.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/server.js';
import { runCli, startServe, type RunningServe } from './run.js';

const ADMIN_PW = 'cli-admin-pw';
let dataDir: string;
let serve: RunningServe;
let token: string;
beforeAll(async () => {
  dataDir = tempDataDir();
  serve = await startServe(dataDir, ADMIN_PW);
  const res = await fetch(`${serve.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'admin', password: ADMIN_PW }) });
  token = ((await res.json()) as { token: string }).token;
});
afterAll(async () => { await serve.stop(); });

const config = (args: string[]) => runCli(['--data-dir', dataDir, 'config', ...args]);
const adminConfig = async () => ((await (await fetch(`${serve.url}/api/config/admin`, { headers: { authorization: `Bearer ${token}` } })).json()) as { config: Record<string, unknown> }).config;
/** Waits until the running server answers `key` = `value` (it reloads on its own; no fixed delay). */
async function serverShows(key: string, value: unknown): Promise<void> {
  while (JSON.stringify((await adminConfig())[key]) !== JSON.stringify(value)) await new Promise((r) => setTimeout(r, 25));
}

describe('audiolib config set while the server runs', () => {
  it('applies a live key at once: the admin API and the shared config show it', async () => {
    expect((await adminConfig()).rewindSeekTime).toBe(5);
    const res = await config(['set', 'rewindSeekTime', '10']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('rewindSeekTime = 10');
    await serverShows('rewindSeekTime', 10);
    const shared = await fetch(`${serve.url}/api/config/shared`, { headers: { authorization: `Bearer ${token}` } });
    expect(shared.status).toBe(200);
    expect(((await shared.json()) as { sharedConfig: { rewindSeekTime: number } }).sharedConfig.rewindSeekTime).toBe(10);
    expect(fs.statSync(path.join(dataDir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('sets text, booleans and lists; the server logs what waits for a restart', async () => {
    expect((await config(['set', 'tagLanguage', 'ja-jp'])).code).toBe(0);
    expect((await config(['set', 'skipCleanup', 'true'])).code).toBe(0);
    const roots = JSON.stringify([{ name: 'fixtures', path: '/srv/audio' }]);
    expect((await config(['set', 'rootFolders', roots])).code).toBe(0);
    await serverShows('rootFolders', [{ name: 'fixtures', path: '/srv/audio' }]);
    const cfg = await adminConfig();
    expect(cfg.tagLanguage).toBe('ja-jp');
    expect(cfg.skipCleanup).toBe(true);

    const port = await config(['set', 'listenPort', '9999']);
    expect(port.stderr).toContain('restart the server to apply');
    await serverShows('listenPort', 9999);
    expect(serve.stderr()).toContain('restart needed for: listenPort');
  });

  it('refuses bad values and unknown keys with exit 2 naming the key, leaving the file alone', async () => {
    const before = fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8');
    const seek = await config(['set', 'forwardSeekTime', '7']);
    expect(seek.code).toBe(2);
    expect(seek.stderr).toContain('forwardSeekTime: must be 5, 10 or 30 (seconds)');
    const text = await config(['set', 'pageSize', 'twelve']);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('pageSize');
    const typo = await config(['set', 'pageSzie', '12']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown config key: pageSzie');
    expect(fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('refuses a scanCron that is not a cron expression and a relative root path, as the admin API does', async () => {
    const before = fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8');
    const cron = await config(['set', 'scanCron', 'not a cron']);
    expect(cron.code).toBe(2);
    expect(cron.stderr).toMatch(/^audiolib: scanCron: not a cron expression: "not a cron"/);
    const root = await config(['set', 'rootFolders', JSON.stringify([{ name: 'nas', path: 'mnt/nas' }])]);
    expect(root.code).toBe(2);
    expect(root.stderr).toContain('audiolib: rootFolders.0.path: must be an absolute path: "mnt/nas"');
    const json = await config(['set', 'scanCron', '61 * * * *', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: expect.stringMatching(/^scanCron: not a cron expression/), code: 'config', exit: 2 });
    expect(fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8')).toBe(before);
    const api = await fetch(`${serve.url}/api/config/admin`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ config: { scanCron: 'not a cron' } }) });
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: string }).error).toBe(cron.stderr.replace(/^audiolib: /, '').trim());
  });

  it('set --json prints the key, its value and whether it waits for a restart', async () => {
    const res = await config(['set', 'pageSize', '24', '--json']);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ key: 'pageSize', value: 24, restartRequired: false });
    await serverShows('pageSize', 24);
  });

  it('the server reloads on SIGHUP and keeps serving', async () => {
    serve.child.kill('SIGHUP');
    while (!serve.stderr().includes('(SIGHUP): no changes')) await new Promise((r) => setTimeout(r, 25));
    expect((await adminConfig()).rewindSeekTime).toBe(10);
    expect(serve.child.exitCode).toBeNull();
  });
});

describe('audiolib config set on a production instance', () => {
  it('refuses to switch auth (or production) off with the admin API message, unless --force', async () => {
    const fresh = tempDataDir(undefined, 'none');
    const off = await runCli(['--data-dir', fresh, 'config', 'set', 'auth', 'false']);
    expect(off.code).toBe(2);
    expect(off.stderr).toBe('audiolib: auth: cannot be changed in production\n');
    expect(fs.existsSync(path.join(fresh, 'config.json'))).toBe(false);
    const prod = await runCli(['--data-dir', fresh, 'config', 'set', 'production', 'false']);
    expect(prod.code).toBe(2);
    expect(prod.stderr).toBe('audiolib: production: read-only\n');
    const forced = await runCli(['--data-dir', fresh, 'config', 'set', 'auth', 'false', '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain('audiolib: warning: auth is off');
    expect((await runCli(['--data-dir', fresh, 'config', 'get', 'auth'])).stdout).toBe('false\n');
    expect((await runCli(['--data-dir', fresh, 'config', 'set', 'auth', 'true'])).code).toBe(0);
  });
});

describe('audiolib config get', () => {
  it('prints a key, a key as JSON, every key, or the whole config as JSON', async () => {
    expect((await config(['get', 'tagLanguage'])).stdout).toBe('ja-jp\n');
    expect(JSON.parse((await config(['get', 'rootFolders', '--json'])).stdout)).toEqual([{ name: 'fixtures', path: '/srv/audio' }]);
    const all = (await config(['get'])).stdout;
    expect(all).toContain('rewindSeekTime = 10\n');
    expect(all).toContain('production = true\n');
    const json = JSON.parse((await config(['get', '--json'])).stdout);
    expect(json).toEqual(await adminConfig());
    const unknown = await config(['get', 'nokey']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown config key: nokey');
    const unknownJson = await config(['get', 'nokey', '--json']);
    expect(unknownJson.code).toBe(2);
    expect(JSON.parse(unknownJson.stdout)).toEqual({ error: 'unknown config key: nokey', code: 'config', exit: 2 });
  });

  it('works without a server and without a config file (the defaults)', async () => {
    const fresh = tempDataDir(undefined, 'none');
    const res = await runCli(['--data-dir', fresh, 'config', 'get', 'forwardSeekTime']);
    expect(res).toMatchObject({ code: 0, stdout: '30\n' });
  });
});
