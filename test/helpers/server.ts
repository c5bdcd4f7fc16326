/**
 * Test helpers: a fresh data directory with a real SQLite file, the real Koa server
 * on an ephemeral port, and a logged-in admin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { ApiClient, memoryToken, readBody, type Method } from '../../src/api/client.js';
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
    login(name = 'admin', password = ADMIN_PASSWORD) {
      return new ApiClient({ baseUrl: url }).login(name, password);
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

/** Calls the API of `srv` through the shared client (src/api/client.ts) with an optional bearer token and JSON body; any status answers. */
export async function callApi(srv: Pick<TestServer, 'url'>, method: string, path: string, token?: string | null, body?: unknown): Promise<ApiAnswer> {
  const client = new ApiClient({ baseUrl: srv.url, token: memoryToken(token ?? null) });
  const res = await client.send(method as Method, path, { body });
  return { status: res.status, body: (await readBody(res)) ?? null, headers: res.headers };
}
