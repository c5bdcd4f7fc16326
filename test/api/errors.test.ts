/**
 * The error path (DESIGN section 6, src/server/middleware/errors.ts): each domain error
 * kind of src/model/errors.ts, thrown by domain code behind a real route, answers its
 * status with `{error, code, params}`; request validation (middleware/validate.ts) answers 400
 * `{error: "field: message"}`, or 422 `{error, errors: [{msg}]}` on the credentials calls;
 * input no route can take (NUL bytes, JSON nested past MAX_BODY_DEPTH) answers 400 from the
 * input guard (middleware/input.ts) on both engines and the server keeps answering; and
 * no error answer carries an absolute server path taken from an unexpected error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireScanLock } from '../../src/scan/index.js';
import { HttpError, errorHandler } from '../../src/server/middleware/errors.js';
import { MAX_BODY_DEPTH } from '../../src/server/middleware/input.js';
import { Invalid, say } from '../../src/model/index.js';
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

describe('input no route can take', () => {
  const nul = (field: string) => ({ status: 400, body: { error: `${field}: must not contain NUL bytes`, code: 'input.nul', params: { field } } });
  const stillServing = async () => expect((await call('GET', '/api/works')).status).toBe(200);

  it('a NUL byte in a keyword, an advanced keyword, the path or a stored text answers 400 naming the field', async () => {
    expect(await call('GET', '/api/works?keyword=%00abc')).toMatchObject(nul('keyword'));
    expect(await call('GET', '/api/search?keyword=ab%00c')).toMatchObject(nul('keyword'));
    const advanced = encodeURIComponent(JSON.stringify([{ t: 'fuzzy', d: '\0abc' }]));
    expect(await call('GET', `/api/works?isAdvance=1&keyword=${advanced}`)).toMatchObject(nul('keyword'));
    expect(await call('GET', '/api/works?page=1&n%00ame=x')).toMatchObject(nul('n\\0ame'));
    expect(await call('GET', '/api/work/1%00')).toMatchObject(nul('path'));
    // texts that would be stored (PostgreSQL refuses NUL in every text column): a user, a review, a novel, a history title
    expect(await call('POST', '/api/credentials/user', { name: 'nul\0user', password: 'secret-pw', group: 'user' })).toMatchObject(nul('name'));
    expect(await call('PUT', '/api/review', { work_id: 1, rating: 3, review_text: 'good\0' })).toMatchObject(nul('review_text'));
    expect(await call('POST', '/api/novel/work/', { name: 'a\0b' })).toMatchObject(nul('name'));
    expect(await call('PUT', '/api/histroy', { work_id: 1, state: { queue: [{ hash: '1/1', title: 't\0' }], index: 0, seconds: 0 } })).toMatchObject(nul('state.queue.0.title'));
    expect(await call('PUT', '/api/histroy', { work_id: 1, ['k\0']: 1 })).toMatchObject(nul('k\\0'));
    expect((await call('GET', '/api/credentials/users')).body.users.map((u: { name: string }) => u.name)).not.toContain('nul\0user');
    await stillServing();
  });

  it(`a JSON body nested past ${MAX_BODY_DEPTH} levels answers 400 input.tooDeep (5,000 levels of history included)`, async () => {
    // written as text: JSON.stringify itself may not get through 5,000 levels
    const nested = (levels: number) => `${'{"v":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`;
    const send = async (method: string, url: string, json: string) => {
      const res = await fetch(srv.url + url, { method, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: json });
      return { status: res.status, body: await res.json() };
    };
    const tooDeep = { status: 400, body: { error: `the request body is nested more than ${MAX_BODY_DEPTH} levels deep`, code: 'input.tooDeep', params: { max: MAX_BODY_DEPTH } } };
    const history = (extra: string) => `{"work_id":1,"state":{"queue":[{"hash":"1/1","title":"t","extra":${extra}}],"index":0,"seconds":0}}`;
    expect(await send('PUT', '/api/histroy', history(nested(5000)))).toEqual(tooDeep);
    // body, state, queue, the item: 4 levels; `extra` adds the rest. At the bound the guard lets it through
    const atBound = await send('PUT', '/api/histroy', history(nested(MAX_BODY_DEPTH - 4)));
    expect(atBound.body?.code).not.toBe('input.tooDeep');
    expect(atBound.status).toBeLessThan(500);
    expect(await send('PUT', '/api/histroy', history(nested(MAX_BODY_DEPTH - 3)))).toEqual(tooDeep);
    expect(await send('PUT', '/api/config/admin', `{"config":${nested(5000)}}`)).toEqual(tooDeep);
    expect(await send('POST', '/api/credentials/user', `[${'['.repeat(100_000)}${']'.repeat(100_000)}]`)).toEqual(tooDeep);
    await stillServing();
  });
});

describe('no server path in an error answer', () => {
  /** A Koa app with the server's error mapping, whose one route throws what the test gives. */
  async function failingApp(failure: () => unknown): Promise<{ get(): Promise<{ status: number; body: Record<string, unknown> }>; close(): Promise<void> }> {
    const app = new Koa();
    app.silent = true;
    app.use(errorHandler());
    app.use(() => { throw failure(); });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`;
    return {
      async get() { const res = await fetch(url); return { status: res.status, body: await res.json() as Record<string, unknown> }; },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const SERVER_FILE = '/srv/audiolib-data/trial/.partial-RJ01-x/files/dup.txt';
  const osError = Object.assign(new Error(`EEXIST: file already exists, open '${SERVER_FILE}'`), { code: 'EEXIST', syscall: 'open', path: SERVER_FILE });

  it.each([
    ['an unexpected error', () => osError, 500, { error: 'internal server error', code: 'server.internal' }],
    ['a file answer failing (send)', () => new HttpError(500, say('error.other', { reason: osError.message })), 500,
      { error: "EEXIST: file already exists, open 'dup.txt'", code: 'error.other', params: { reason: "EEXIST: file already exists, open 'dup.txt'" } }],
    ['a domain error made from a plain message', () => new Invalid(`cannot read ${SERVER_FILE}: it is a folder`), 400,
      { error: 'cannot read dup.txt: it is a folder', code: 'error.other', params: { reason: 'cannot read dup.txt: it is a folder' } }],
    ['the reason of a coded refusal', () => new Invalid(say('upload.malformed', { reason: `${osError.message} (C:\\audiolib\\tmp\\up.bin)` })), 400,
      { error: "malformed upload: EEXIST: file already exists, open 'dup.txt' (up.bin)", code: 'upload.malformed', params: { reason: "EEXIST: file already exists, open 'dup.txt' (up.bin)" } }],
    ["a client error of Koa's", () => Object.assign(new Error(`cannot parse ${SERVER_FILE}`), { status: 400, expose: true }), 400,
      { error: 'cannot parse dup.txt', code: 'request.bad', params: { reason: 'cannot parse dup.txt' } }],
  ])('%s', async (_what, failure, status, body) => {
    const app = await failingApp(failure);
    try {
      const res = await app.get();
      expect(res).toEqual({ status, body });
      expect(JSON.stringify(res.body)).not.toContain('/srv/');
    } finally {
      await app.close();
    }
  });

  it('URLs, relative names and a path the client gave stay as they are', async () => {
    const text = 'HTTP 404 at http://127.0.0.1:8080/doujin/RJ01/a.zip; files/dup.txt; ../../escaped.txt; 1/2';
    const app = await failingApp(() => new Invalid(text));
    try {
      expect((await app.get()).body.error).toBe(text);
    } finally {
      await app.close();
    }
    // a refusal naming the path the admin sent keeps it (first test above: root.pathMissing)
  });
});
