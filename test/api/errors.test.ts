/**
 * The error path (DESIGN section 6, src/server/middleware/errors.ts): each domain error
 * kind of src/model/errors.ts, thrown by domain code behind a real route, answers its
 * status with `{error, code, params}`; request validation (middleware/validate.ts) answers 400
 * `{error: "field: message"}`, or 422 `{error, errors: [{msg}]}` on the credentials calls.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireScanLock } from '../../src/library/lock.js';
import { callApi, libraryDir, startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer;
let admin: string;
beforeAll(async () => { srv = await startTestServer(); admin = await srv.login(); });
afterAll(() => srv.close());

const call = (method: string, url: string, body?: unknown, token: string | null = admin) => callApi(srv, method, url, token, body);

describe('domain errors through real routes', () => {
  it('Invalid answers 400 {error}: a root folder path that does not exist', async () => {
    const res = await call('POST', '/api/config/roots', { name: 'gone', path: path.join(libraryDir, 'no-such-folder') });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `path does not exist: ${path.join(libraryDir, 'no-such-folder')}`, code: 'root.pathMissing', params: { path: path.join(libraryDir, 'no-such-folder') } });
  });

  it('Invalid with details answers 400 {error, key}: a bad config value names its key', async () => {
    const res = await call('PUT', '/api/config/admin', { config: { pageSize: 'twelve' } });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('pageSize');
    expect(res.body.error).toContain('pageSize');
  });

  it('Unauthorized answers 401 {error}: a wrong password, and no token', async () => {
    const login = await call('POST', '/api/auth/me', { name: 'admin', password: 'not-the-password' }, null);
    expect(login).toMatchObject({ status: 401, body: { error: 'wrong user name or password' } });
    expect(await call('GET', '/api/works', undefined, null)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  });

  it('Forbidden answers 403 {error}: deleting the admin account', async () => {
    const res = await call('DELETE', '/api/credentials/user', { users: [{ name: 'admin' }] });
    expect(res).toMatchObject({ status: 403, body: { error: 'the admin user cannot be deleted' } });
  });

  it('NotFound answers 404 {error}: renaming a root folder that does not exist, an unknown lyric task', async () => {
    expect(await call('PUT', '/api/config/roots', { name: 'nowhere', newName: 'elsewhere' })).toMatchObject({ status: 404, body: { error: 'no root folder named nowhere' } });
    expect(await call('PUT', '/api/lyric/translate/4242')).toMatchObject({ status: 404, body: { error: 'lyric task 4242 not found' } });
  });

  it('Conflict answers 409 {error}: a root folder name that is taken', async () => {
    expect((await call('POST', '/api/config/roots', { name: 'fixtures', path: libraryDir })).status).toBe(200);
    const again = await call('POST', '/api/config/roots', { name: 'fixtures', path: path.join(libraryDir, 'misc') });
    expect(again).toMatchObject({ status: 409, body: { error: 'root folder name already exists: fixtures' } });
  });

  it('Locked answers 409 {error}: rescanning a work while another scan holds the lock', async () => {
    await srv.services.db('works').insert({ id: 299717, title: 'locked work', dir: libraryDir });
    const lock = await acquireScanLock(srv.services.db, 'scan');
    try {
      const res = await call('POST', '/api/work/scan/299717');
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/^a scan is already running \(pid \d+ on .+, started .+ UTC\)$/);
    } finally {
      await lock.release('finished');
    }
  });
});

describe('request validation', () => {
  it('answers 400 {error} naming the field as the client sent it', async () => {
    expect(await call('GET', '/api/works?page=0')).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^page: /) } });
    expect(await call('PUT', '/api/review', { work_id: 1, rating: 9 })).toMatchObject({ status: 400, body: { error: 'rating: rating must be 1 to 5' } });
    expect(await call('PUT', '/api/review?progressOnly=true', { work_id: 1 })).toMatchObject({ status: 400, body: { error: 'progress: required with progressOnly=true' } });
  });

  it('answers 422 {error, errors: [{msg}]} on the credentials calls, for the schema and for the domain rule alike', async () => {
    const short = await call('POST', '/api/credentials/user', { name: 'abc', password: 'pw' });
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ error: 'username length at least 5', code: 'input.rule', params: { reason: 'username length at least 5' }, errors: [{ msg: 'username length at least 5' }, { msg: 'password length at least 5' }] });
    expect((await call('POST', '/api/credentials/user', { name: 'listener', password: 'secret-pw' })).status).toBe(200);
    const taken = await call('POST', '/api/credentials/user', { name: 'listener', password: 'secret-pw' });
    expect(taken).toMatchObject({ status: 422, body: { error: 'name already exists, usernames must not repeat', errors: [{ msg: 'name already exists, usernames must not repeat' }] } });
  });

  it('an /api/ path no route answers is 404 {error}', async () => {
    expect(await call('GET', '/api/no-such-call')).toMatchObject({ status: 404, body: { error: 'not found' } });
  });
});
