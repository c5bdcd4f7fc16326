/**
 * Shared setup of the lyric task API and `audiolib translate` tests: the real server
 * over a fresh data directory, the fixture library catalogued by the real scanner,
 * an admin, a user, a guest and a worker key (made through the admin API), and a small
 * JSON client.
 */
import { createUser } from '../../src/users/index.js';
import { scanLibrary } from '../../src/scan/index.js';
import type { Config } from '../../src/config/index.js';
import { callApi, libraryDir, startTestServer, type TestServer } from '../helpers/server.js';

export const RJ01012345 = 1012345;
export const USER = { name: 'listener', password: 'listener-pw' };
export const GUEST = { name: 'guest1', password: 'guest1-pw' };

export interface LyricFixture {
  srv: TestServer;
  /** Sign-in tokens, and `worker`: a worker key the admin created. */
  tokens: { admin: string; user: string; guest: string; worker: string };
  /** A JSON call; answers the status and the parsed body (null when empty). */
  call(token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The files row id of a work's file by its path inside the work. */
  fileId(workId: number, relpath: string): Promise<number>;
}

export async function startLyricFixture(config: Partial<Config> = {}): Promise<LyricFixture> {
  const srv = await startTestServer({ config });
  const db = srv.services.db;
  await scanLibrary(db, { roots: [{ name: 'library', path: libraryDir }], maxDepth: 2 });
  await createUser(db, USER.name, USER.password, 'user');
  await createUser(db, GUEST.name, GUEST.password, 'guest');
  const admin = await srv.login();
  const key = await callApi(srv, 'POST', '/api/lyric/worker-keys', admin, { name: 'fixture-worker' });
  if (key.status !== 201) throw new Error(`worker key: ${key.status} ${JSON.stringify(key.body)}`);
  const tokens = { admin, user: await srv.login(USER.name, USER.password), guest: await srv.login(GUEST.name, GUEST.password), worker: key.body.token as string };
  return {
    srv,
    tokens,
    async call(token, method, path, body) {
      const { status, body: answer } = await callApi(srv, method, path, token, body);
      return { status, body: answer };
    },
    async fileId(workId, relpath) {
      const row = await db('files').where({ work_id: workId, relpath }).first('id');
      if (!row) throw new Error(`no file ${relpath} in ${workId}`);
      return row.id as number;
    },
  };
}
