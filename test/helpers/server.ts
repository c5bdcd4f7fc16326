/**
 * Test helpers: a fresh data directory with a real SQLite file (or, with
 * AUDIOLIB_TEST_DB=pg, a fresh PostgreSQL database named by its config key `db`), the
 * real Koa server on an ephemeral port, and a logged-in admin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { ApiClient, memoryToken, readBody, type Method } from '../../src/api/client.js';
import { openServices } from '../../src/server/services.js';
import { startServer, stopServer } from '../../src/server/app.js';
import { ensureAdmin } from '../../src/users/index.js';
import { saveConfig, loadConfig } from '../../src/config/index.js';
import type { AppServices } from '../../src/server/context.js';
import type { Config } from '../../src/config/index.js';
import { PG_MODE, createTestDatabase } from './pg.js';

export const ADMIN_PASSWORD = 'admin-test-pw';
export const fixturesDir = path.resolve(import.meta.dirname, '..', 'fixtures');
export const libraryDir = path.join(fixturesDir, 'library');

/**
 * A new data directory under the OS temp dir: empty on SQLite; on PostgreSQL (PG_MODE)
 * its config.json names a fresh migrated database (config key `db`), so the server, the
 * CLI and the tests' own openMigrated(dataDir) all use it. `db`: 'migrated' (default),
 * 'empty' (a database without tables, to build an older schema), or 'none' (no
 * config.json even on PostgreSQL: tests of a data directory without one).
 */
export function tempDataDir(prefix = 'audiolib-test-', db: 'migrated' | 'empty' | 'none' = 'migrated'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (PG_MODE && db !== 'none') saveConfig(dir, { ...loadConfig(dir), db: createTestDatabase(db === 'migrated') });
  return dir;
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
      await stopServer(server, 0); // connections cut at once; a running scan or download ends before the database closes
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
