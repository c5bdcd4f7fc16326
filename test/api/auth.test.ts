import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let srv: TestServer;
beforeAll(async () => { srv = await startTestServer(); });
afterAll(async () => { await srv.close(); });

const post = (body: unknown) => fetch(`${srv.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST/GET /api/auth/me', () => {
  it('logs in and answers the user with the token', async () => {
    const token = await srv.login();
    const res = await fetch(`${srv.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: { name: 'admin', group: 'admin' }, auth: true });
  });

  it('answers 401 with {error} on a wrong password', async () => {
    const res = await post({ name: 'admin', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/wrong/);
  });

  it('answers 400 with the spec message for short names and passwords', async () => {
    const res = await post({ name: 'adm', password: 'pw' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain('password length at least 5');
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await fetch(`${srv.url}/api/auth/me`)).status).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJuYW1lIjoiYWRtaW4iLCJ2ZXIiOjB9.AAAA';
    expect((await fetch(`${srv.url}/api/auth/me`, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
  });
});
