/**
 * Hardening: security headers and CSP, login throttling per address,
 * blockRemoteConnection over a real non-loopback connection, database file modes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServices } from '../../../src/server/services.js';
import { startServer, stopServer } from '../../../src/server/app.js';
import { ensureAdmin } from '../../../src/users/index.js';
import { saveConfig, defaultConfig } from '../../../src/config/index.js';
import type { AppServices } from '../../../src/server/context.js';
import { ADMIN_PASSWORD, startTestServer, tempDataDir } from '../../helpers/server.js';

/** This machine's first non-internal IPv4 address, if it has one. */
const lanAddress = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

/** A real server listening on every interface (0.0.0.0). */
let services: AppServices;
let server: http.Server;
let port: number;
beforeAll(async () => {
  const dataDir = tempDataDir();
  saveConfig(dataDir, defaultConfig());
  services = await openServices(dataDir);
  await ensureAdmin(services.db, ADMIN_PASSWORD);
  server = await startServer(services, 0, '0.0.0.0');
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await stopServer(server, 0);
  await services.db.destroy();
});

const login = (host: string, password: string) =>
  fetch(`http://${host}:${port}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'admin', password }) });

describe('security headers', () => {
  it('come with API answers and the web UI, with a CSP that allows what the app needs', async () => {
    const srv = await startTestServer();
    try {
      for (const p of ['/api/auth/me', '/', '/admin/advanced']) {
        const res = await fetch(`${srv.url}${p}`);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('same-origin');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("img-src 'self' blob: data:");
        expect(csp).toContain("media-src 'self' blob:");
        expect(csp).toContain("frame-ancestors 'none'");
      }
    } finally {
      await srv.close();
    }
  });
});

describe('database files', () => {
  it('are readable by their owner only (0600): the SQLite file and its -wal and -shm files, older 0644 ones included', async () => {
    const dataDir = tempDataDir(undefined, 'none'); // the SQLite file, on either test engine
    const files = ['audiolib.sqlite3', 'audiolib.sqlite3-wal', 'audiolib.sqlite3-shm'].map((f) => path.join(dataDir, f));
    const modes = () => files.map((f) => (fs.statSync(f).mode & 0o777).toString(8));
    const serveAndCheck = async () => {
      const srv = await startTestServer({ dataDir });
      try {
        expect((await srv.login()).length).toBeGreaterThan(0);
        expect(modes()).toEqual(['600', '600', '600']);
      } finally {
        await srv.close();
      }
    };
    await serveAndCheck();
    // files an older version left world-readable: the database, an empty WAL and shared-memory file
    fs.chmodSync(files[0]!, 0o644);
    for (const f of files.slice(1)) fs.writeFileSync(f, '', { mode: 0o644 });
    expect(modes()).toEqual(['644', '644', '644']);
    await serveAndCheck();
  });
});

describe('login throttling', () => {
  it('answers 429 after 10 failed sign-ins from one address in a minute, not before, and only for that address', async () => {
    // malformed attempts (400) are not failures
    for (let i = 0; i < 3; i++) expect((await login('127.0.0.1', 'pw')).status).toBe(400);
    for (let i = 1; i <= 10; i++) expect((await login('127.0.0.1', `wrong-password-${i}`)).status, `attempt ${i}`).toBe(401);
    const blocked = await login('127.0.0.1', ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/too many failed sign-ins/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // other routes are not throttled
    expect((await fetch(`http://127.0.0.1:${port}/api/auth/me`)).status).toBe(401);
    if (lanAddress) {
      // another client address still signs in
      expect((await login(lanAddress, ADMIN_PASSWORD)).status).toBe(200);
    }
  });
});

describe('blockRemoteConnection', () => {
  it.skipIf(!lanAddress)(`refuses clients connecting through ${lanAddress ?? 'a non-loopback address'} with 403; loopback stays allowed`, async () => {
    const remote = `http://${lanAddress}:${port}/api/auth/me`;
    const local = `http://127.0.0.1:${port}/api/auth/me`;
    expect((await fetch(remote)).status).toBe(401); // off: served (and asked to sign in)
    services.config.blockRemoteConnection = true;
    try {
      const refused = await fetch(remote);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: 'remote connections are blocked (blockRemoteConnection)', code: 'auth.remoteBlocked' });
      expect((await fetch(`http://${lanAddress}:${port}/`)).status).toBe(403);
      expect((await fetch(local)).status).toBe(401);
    } finally {
      services.config.blockRemoteConnection = false;
    }
    expect((await fetch(remote)).status).toBe(401);
  });
});
