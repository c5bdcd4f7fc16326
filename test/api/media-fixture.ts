/**
 * Shared setup of the tracks, media and cover API tests: a copy of the fixture library
 * in a temp folder (tests may add files to it), scanned into the real server's SQLite
 * file, and a logged-in admin token.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { libraryDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { scanLibrary } from '../../src/scan/index.js';
import type { Config } from '../../src/config/index.js';

export interface MediaFixture {
  srv: TestServer;
  token: string;
  /** The library copy's folder. */
  library: string;
  /** Absolute folder of a work in the copy. */
  workDir(workId: number): Promise<string>;
  /** The files row id of a work's file by relpath ('/' separated). */
  fileId(workId: number, relpath: string): Promise<number>;
  /** GET with the bearer token. */
  get(urlPath: string, headers?: Record<string, string>, method?: string): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts the server over a fresh copy of the fixture library and logs in. `prepare`
 * may add files to the copy before it is scanned. `opts.config` is saved before the
 * server starts; `opts.configureRoot` also makes the copy the configured root 'library'.
 */
export async function startMediaFixture(prepare?: (library: string) => void, opts: { config?: Partial<Config>; configureRoot?: boolean } = {}): Promise<MediaFixture> {
  const library = path.join(tempDataDir('audiolib-lib-'), 'library');
  fs.cpSync(libraryDir, library, { recursive: true });
  prepare?.(library);
  const srv = await startTestServer({ config: { ...opts.config, ...(opts.configureRoot ? { rootFolders: [{ name: 'library', path: library }] } : {}) } });
  const summary = await scanLibrary(srv.services.db, { roots: [{ name: 'library', path: library }], maxDepth: 2 });
  if (summary.failed) throw new Error(`scan failed: ${JSON.stringify(summary.failures)}`);
  const token = await srv.login();
  const db = srv.services.db;
  return {
    srv,
    token,
    library,
    async workDir(workId) {
      const work = await db('works').where({ id: workId }).first('dir');
      if (!work) throw new Error(`no work ${workId}`);
      return work.dir as string;
    },
    async fileId(workId, relpath) {
      const row = await db('files').where({ work_id: workId, relpath }).first('id');
      if (!row) throw new Error(`no file ${workId}/${relpath}`);
      return row.id as number;
    },
    get(urlPath, headers = {}, method = 'GET') {
      return fetch(`${srv.url}${urlPath}`, { method, headers: { authorization: `Bearer ${token}`, ...headers } });
    },
    async close() {
      await srv.close();
      fs.rmSync(path.dirname(library), { recursive: true, force: true });
    },
  };
}

/**
 * A GET with the path and headers sent exactly as given: fetch would normalise '..'
 * and adds `Cache-Control: no-cache` to conditional requests.
 */
export function rawGet(baseUrl: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; statusMessage: string; body: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusMessage: res.statusMessage ?? '', body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}
