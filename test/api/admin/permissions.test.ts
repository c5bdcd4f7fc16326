/**
 * Every admin route, every method, every caller: anonymous 401, guest and user
 * 403, admin allowed; with `auth: false` an anonymous caller acts as the admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, libraryDir, startTestServer, type TestServer } from '../../helpers/server.js';
import { groupTokens, type Tokens } from './helpers.js';

/** [method, path, body for an admin call that succeeds]: bodies are valid so the admin answer is 200. */
const routes: [string, string, unknown?][] = [
  ['GET', '/api/config/admin'],
  ['PUT', '/api/config/admin', { config: { pageSize: 24 } }],
  ['GET', '/api/config/roots'],
  ['POST', '/api/config/roots', { name: 'fixtures', path: libraryDir }],
  ['PUT', '/api/config/roots', { name: 'fixtures', newName: 'library' }],
  ['DELETE', '/api/config/roots', { name: 'library' }],
  ['GET', '/api/credentials/users'],
  ['POST', '/api/credentials/user', { name: 'newcomer', password: 'pw-12345', group: 'user' }],
  ['PUT', '/api/credentials/user', { name: 'newcomer', newPassword: 'pw-67890' }],
  ['DELETE', '/api/credentials/user', { users: [{ name: 'newcomer' }] }],
];

let srv: TestServer;
let tokens: Tokens;
beforeAll(async () => {
  srv = await startTestServer();
  tokens = await groupTokens(srv);
});
afterAll(async () => { await srv.close(); });

describe('admin routes refuse everyone but the admin', () => {
  for (const [method, path, body] of routes) {
    it(`${method} ${path}: anonymous 401, guest 403, user 403`, async () => {
      const anonymous = await call(srv, method, path, null, body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBeTruthy();
      for (const who of ['guest', 'user'] as const) {
        const res = await call(srv, method, path, tokens[who], body);
        expect(res.status, who).toBe(403);
        expect(res.body).toEqual({ error: 'admin only', code: 'auth.adminOnly' });
      }
    });
  }

  it('the same calls succeed for the admin, in order, and changed nothing before', async () => {
    expect(srv.services.config.pageSize).toBe(12);
    expect((await call(srv, 'GET', '/api/credentials/users', tokens.admin)).body.users.map((u: { name: string }) => u.name)).not.toContain('newcomer');
    for (const [method, path, body] of routes) {
      const res = await call(srv, method, path, tokens.admin, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect(srv.services.config.pageSize).toBe(24);
  });

  it('an unknown method on an admin path answers 405, not the route', async () => {
    const res = await call(srv, 'PATCH', '/api/config/admin', tokens.admin, { config: {} });
    expect(res.status).toBe(405);
    // as JSON as any other refusal, the Allow header kept
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: 'method PATCH not allowed here', code: 'api.methodNotAllowed', params: { method: 'PATCH' } });
    expect(res.headers.get('allow')).toMatch(/GET/);
  });
});

describe('the other admin-only routes (deletes and scans, DESIGN section 6)', () => {
  const others: [string, string][] = [
    ['DELETE', '/api/work/999999'],
    ['POST', '/api/work/scan/999999'],
    ['DELETE', '/api/lyric/translate/999999'],
  ];
  for (const [method, path] of others) {
    it(`${method} ${path}: anonymous 401, guest 403, user 403, admin past the check`, async () => {
      expect((await call(srv, method, path)).status).toBe(401);
      expect((await call(srv, method, path, tokens.guest)).status).toBe(403);
      expect((await call(srv, method, path, tokens.user)).status).toBe(403);
      expect([401, 403]).not.toContain((await call(srv, method, path, tokens.admin)).status);
    });
  }
});

describe('auth: false', () => {
  it('serves admin routes to an anonymous caller as the admin', async () => {
    const open = await startTestServer({ config: { auth: false } });
    try {
      const res = await call(open, 'GET', '/api/config/admin');
      expect(res.status).toBe(200);
      expect(res.body.config.auth).toBe(false);
      expect((await call(open, 'GET', '/api/auth/me')).body).toEqual({ user: { name: 'admin', group: 'admin' }, auth: false });
    } finally {
      await open.close();
    }
  });
});
