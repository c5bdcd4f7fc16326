/**
 * GET/PUT /api/config/admin (spec 001 sections 3 and 5): every key with its
 * default, zod validation naming the key, read-only production, auth locked in
 * production, config.json saved with mode 0600, live values and restartRequired.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, startTestServer, type TestServer } from '../../helpers/server.js';

/** Spec 001 section 3 keys with the defaults of section 9. */
const SPEC_DEFAULTS = {
  tagLanguage: 'zh-cn', dlsiteTimeout: 10000, hvdbTimeout: 10000, retryDelay: 2000, retry: 5, maxParallelism: 16,
  httpProxyHost: '', httpProxyPort: 0, scannerMaxRecursionDepth: 2, skipCleanup: false, production: true, auth: true,
  enableGzip: true, listenPort: 8888, blockRemoteConnection: false, expiresIn: 2592000, pageSize: 12, checkUpdate: false,
  checkBetaUpdate: false, dbUseDefaultPath: true, coverUseDefaultPath: true, rewindSeekTime: 5, forwardSeekTime: 30,
};

let srv: TestServer;
let admin: string;
beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.login();
});
afterAll(async () => { await srv.close(); });

const put = (config: unknown) => call(srv, 'PUT', '/api/config/admin', admin, { config });
const configFile = () => path.join(srv.dataDir, 'config.json');
const configText = () => (fs.existsSync(configFile()) ? fs.readFileSync(configFile(), 'utf8') : null);

describe('GET /api/config/admin', () => {
  it('answers every spec key with its default, and no secret', async () => {
    const res = await call(srv, 'GET', '/api/config/admin', admin);
    expect(res.status).toBe(200);
    expect(res.body.config).toMatchObject(SPEC_DEFAULTS);
    expect(res.body.config.rootFolders).toEqual([]);
    expect(res.body.defaults).toMatchObject(SPEC_DEFAULTS);
    const secret = Buffer.from(srv.services.secret).toString('hex'); // secret.key, or the database's on PostgreSQL
    expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
  });
});

describe('PUT /api/config/admin', () => {
  it.each([
    [{ rewindSeekTime: 7 }, 'rewindSeekTime'],
    [{ forwardSeekTime: '30' }, 'forwardSeekTime'],
    [{ tagLanguage: 'en-us' }, 'tagLanguage'],
    [{ dlsiteTimeout: 'fast' }, 'dlsiteTimeout'],
    [{ retry: 0 }, 'retry'],
    [{ maxParallelism: 1.5 }, 'maxParallelism'],
    [{ httpProxyPort: 70000 }, 'httpProxyPort'],
    [{ listenPort: 0 }, 'listenPort'],
    [{ skipCleanup: 'yes' }, 'skipCleanup'],
    [{ expiresIn: -1 }, 'expiresIn'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ rootFolders: [{ name: '', path: '/x' }] }, 'rootFolders.0.name'],
    [{ pageSzie: 12 }, 'pageSzie'],
    [{ scanCron: 'not a cron' }, 'scanCron'],
    [{ scanCron: '61 * * * *' }, 'scanCron'],
    [{ backupCron: 'nightly' }, 'backupCron'],
    [{ backupKeep: 0 }, 'backupKeep'],
    [{ rootFolders: [{ name: 'nas', path: 'mnt/nas' }] }, 'rootFolders.0.path'],
    [{ rootFolders: [{ name: 'a', path: '/srv/a' }, { name: 'b', path: './b' }] }, 'rootFolders.1.path'],
  ])('answers 400 naming the key for %j', async (config, key) => {
    const before = configText();
    const res = await put(config);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(key);
    expect(res.body.key).toBe(key);
    expect(configText()).toBe(before);
  });

  it('answers 400 for a body without a config object', async () => {
    const res = await call(srv, 'PUT', '/api/config/admin', admin, { pageSize: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('config');
  });

  it('refuses to change production (read-only) and, in production, auth', async () => {
    const prod = await put({ production: false });
    expect(prod.status).toBe(400);
    expect(prod.body.error).toBe('production: read-only');
    const auth = await put({ auth: false });
    expect(auth.status).toBe(400);
    expect(auth.body.error).toBe('auth: cannot be changed in production');
    // sending the unchanged values (what the settings page does) is fine
    expect((await put({ production: true, auth: true })).status).toBe(200);
  });

  it('saves config.json with mode 0600 and applies live keys at once', async () => {
    const res = await put({ rewindSeekTime: 10, forwardSeekTime: 5, pageSize: 30, httpProxyHost: 'proxy.lan', httpProxyPort: 3128 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'config saved', code: 'config.saved', restartRequired: [] });
    const stat = fs.statSync(configFile());
    expect(stat.mode & 0o777).toBe(0o600);
    const onDisk = JSON.parse(fs.readFileSync(configFile(), 'utf8'));
    expect(onDisk).toMatchObject({ rewindSeekTime: 10, forwardSeekTime: 5, pageSize: 30, httpProxyHost: 'proxy.lan', httpProxyPort: 3128 });
    const got = await call(srv, 'GET', '/api/config/admin', admin);
    expect(got.body.config).toMatchObject({ rewindSeekTime: 10, forwardSeekTime: 5, pageSize: 30 });
    expect(srv.services.config.httpProxyPort).toBe(3128);
  });

  it('saves a cron expression and absolute root paths', async () => {
    const res = await put({ scanCron: '0 3 * * *', rootFolders: [{ name: 'nas', path: '/mnt/nas' }] });
    expect(res.status).toBe(200);
    expect(res.body.restartRequired).toEqual(['scanCron']);
    expect((await put({ scanCron: '', rootFolders: [] })).body.restartRequired).toEqual([]);
    // the backup schedule too; the number of backups kept applies at the next backup
    const backups = await put({ backupCron: '30 3 * * *', backupKeep: 3 });
    expect(backups.status).toBe(200);
    expect(backups.body.restartRequired).toEqual(['backupCron']);
    expect(srv.services.config.backupKeep).toBe(3);
    expect((await put({ backupCron: '', backupKeep: 7 })).body.restartRequired).toEqual([]);
  });

  it('lists the keys that need a restart, until they are set back', async () => {
    const res = await put({ listenPort: 9999, dbUseDefaultPath: false });
    expect(res.status).toBe(200);
    expect(res.body.restartRequired).toEqual(['listenPort', 'dbUseDefaultPath']);
    // an unrelated save still reports what waits for the restart
    expect((await put({ pageSize: 12 })).body.restartRequired).toEqual(['listenPort', 'dbUseDefaultPath']);
    expect((await put({ listenPort: 8888, dbUseDefaultPath: true })).body.restartRequired).toEqual([]);
  });

  it('applies blockRemoteConnection and expiresIn live', async () => {
    expect((await put({ expiresIn: 120 })).status).toBe(200);
    const token = await srv.login();
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(120);
    expect((await put({ expiresIn: 2592000, blockRemoteConnection: true })).status).toBe(200);
    // this test connects over loopback, which stays allowed
    expect((await call(srv, 'GET', '/api/config/admin', admin)).body.config.blockRemoteConnection).toBe(true);
    expect((await put({ blockRemoteConnection: false })).status).toBe(200);
  });
});

describe('outside production', () => {
  it('lets the admin turn auth off, after which anonymous calls act as the admin', async () => {
    const dev = await startTestServer({ config: { production: false } });
    try {
      const token = await dev.login();
      const res = await call(dev, 'PUT', '/api/config/admin', token, { config: { auth: false } });
      expect(res.status).toBe(200);
      expect((await call(dev, 'GET', '/api/credentials/users')).status).toBe(200);
      expect((await call(dev, 'PUT', '/api/config/admin', null, { config: { auth: true } })).status).toBe(200);
      expect((await call(dev, 'GET', '/api/credentials/users')).status).toBe(401);
    } finally {
      await dev.close();
    }
  });
});

describe('the database address (config key db)', () => {
  it('shows a postgres:// password as *** and keeps it when the settings page sends the hidden form back', async () => {
    const before = (await call(srv, 'GET', '/api/config/admin', admin)).body.config.db;
    const address = 'postgres://audiolib:s3cret-pw@db.example:5432/audiolib';
    const set = await put({ db: address });
    expect(set.status).toBe(200);
    expect(set.body.restartRequired).toContain('db');
    const shown = (await call(srv, 'GET', '/api/config/admin', admin)).body.config;
    expect(shown.db).toBe('postgres://audiolib:***@db.example:5432/audiolib');
    expect(JSON.stringify(shown)).not.toContain('s3cret-pw');
    expect((await put(shown)).status).toBe(200); // the whole page saved as it was shown
    expect(JSON.parse(configText()!).db).toBe(address);
    expect((await put({ db: 'postgres://audiolib:new-pw@db.example:5432/audiolib' })).status).toBe(200);
    expect(JSON.parse(configText()!).db).toBe('postgres://audiolib:new-pw@db.example:5432/audiolib');
    expect((await put({ db: before })).status).toBe(200);
  });
});
