/**
 * Test helpers: a fresh data directory with a real SQLite file, the real Koa server
 * on an ephemeral port, and a logged-in admin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { openServices } from '../../src/server/services.js';
import { startServer } from '../../src/server/app.js';
import { ensureAdmin } from '../../src/users/index.js';
import { saveConfig, loadConfig } from '../../src/config/index.js';
import type { AppServices } from '../../src/server/context.js';
import type { Config } from '../../src/config/index.js';

export const ADMIN_PASSWORD = 'admin-test-pw';
export const fixturesDir = path.resolve(import.meta.dirname, '..', 'fixtures');
export const libraryDir = path.join(fixturesDir, 'library');

/** A new empty data directory under the OS temp dir. */
export function tempDataDir(prefix = 'audiolib-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestServer {
  url: string;
  services: AppServices;
  server: http.Server;
  dataDir: string;
  /** Logs in and returns a bearer token. */
  login(name?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the real server on 127.0.0.1 with an ephemeral port and an admin account. */
export async function startTestServer(opts: { dataDir?: string; config?: Partial<Config> } = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? tempDataDir();
  // Scans started through the server fetch no metadata unless a test asks (the stores are out of reach).
  saveConfig(dataDir, { ...loadConfig(dataDir), fetchMetadata: false, ...opts.config });
  const services = await openServices(dataDir);
  await ensureAdmin(services.db, ADMIN_PASSWORD);
  const server = await startServer(services, 0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    services,
    server,
    dataDir,
    async login(name = 'admin', password = ADMIN_PASSWORD) {
      const res = await fetch(`${url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password }) });
      if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await services.db.destroy();
    },
  };
}

/** What a JSON API call answered: the status, the parsed body (the text when not JSON, null when empty), the headers. */
export interface ApiAnswer { status: number; body: any; headers: Headers }

/** Calls the API of `srv` with an optional bearer token and JSON body. */
export async function callApi(srv: Pick<TestServer, 'url'>, method: string, path: string, token?: string | null, body?: unknown): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(srv.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text ? text : null;
  try { if (text) parsed = JSON.parse(text); } catch { /* not JSON: keep the text */ }
  return { status: res.status, body: parsed, headers: res.headers };
}
