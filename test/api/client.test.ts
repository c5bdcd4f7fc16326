/**
 * The shared API client (src/api/client.ts) against the real server: login and the
 * bearer token, the error text a caller shows (spec 000 section 8), the 401 hook, media
 * URLs with ?token=, and an unreachable server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../src/api/client.js';
import type { AuthMeAnswer } from '../../src/model/index.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer;
beforeAll(async () => { srv = await startTestServer(); });
afterAll(async () => { await srv.close(); });

/** What a call threw (the test fails when it answered). */
const failure = (call: Promise<unknown>) => call.then(() => { throw new Error('the call answered'); }, (err: unknown) => err as ApiError);

describe('ApiClient', () => {
  it('logs in, keeps the token and sends it as a bearer token', async () => {
    const client = new ApiClient({ baseUrl: `${srv.url}/` });
    const token = await client.login('admin', ADMIN_PASSWORD);
    expect(client.token).toBe(token);
    expect(await client.get<AuthMeAnswer>('/api/auth/me')).toEqual({ user: { name: 'admin', group: 'admin' }, auth: true });
    expect(client.mediaUrl('/api/cover/1', { type: 'sam' })).toBe(`${srv.url}/api/cover/1?type=sam&token=${token}`);
  });

  it("throws the server's {error} text; a wrong password does not call the 401 hook", async () => {
    let hooked = 0;
    const client = new ApiClient({ baseUrl: srv.url, onUnauthorized: () => { hooked++; } });
    const err = await failure(client.login('admin', 'wrong-password'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(401);
    expect(err.message).toMatch(/wrong/);
    expect(client.token).toBeNull();
    expect(hooked).toBe(0);
  });

  it('calls the 401 hook for an expired session, unless the call handles 401 itself', async () => {
    const seen: number[] = [];
    const client = new ApiClient({ baseUrl: srv.url, onUnauthorized: (err) => { seen.push(err.status); } });
    expect((await failure(client.get('/api/works'))).status).toBe(401);
    expect(seen).toEqual([401]);
    expect((await failure(client.get('/api/works', { on401: 'throw' }))).status).toBe(401);
    expect(seen).toEqual([401]);
  });

  it('throws the message of a 422 validation answer', async () => {
    const client = new ApiClient({ baseUrl: srv.url });
    await client.login('admin', ADMIN_PASSWORD);
    const err = await failure(client.post('/api/credentials/user', { name: 'ab', password: 'x', group: 'user' }));
    expect(err.status).toBe(422);
    expect(err.message).toBe('username length at least 5');
  });

  it('throws status 0 with the reason when the server cannot be reached', async () => {
    const err = await failure(new ApiClient({ baseUrl: 'http://127.0.0.1:1' }).get('/api/version'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.message).toBeTruthy();
  });
});
