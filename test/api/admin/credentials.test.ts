/**
 * User management API (spec 001 sections 5, 6, 7): validation messages with 422
 * {error, errors: [{msg}]}, listing, password change and deletion revoking tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, startTestServer, type TestServer } from '../../helpers/server.js';

let srv: TestServer;
let admin: string;
beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.login();
});
afterAll(async () => { await srv.close(); });

const addUser = (body: unknown) => call(srv, 'POST', '/api/credentials/user', admin, body);

describe('POST /api/credentials/user', () => {
  it.each([
    [{ name: 'abcd', password: 'pw-12345', group: 'user' }, 'username length at least 5'],
    [{ password: 'pw-12345', group: 'user' }, 'username length at least 5'],
    [{ name: '   abcd  ', password: 'pw-12345', group: 'user' }, 'username length at least 5'],
    [{ name: 'abcde', password: 'pw', group: 'user' }, 'password length at least 5'],
    [{ name: 'abcde', group: 'user' }, 'password length at least 5'],
    [{ name: 'abcde', password: 'pw-12345', group: 'admin' }, 'group must be user or guest'],
  ])('answers 422 for %j with %s', async (body, message) => {
    const res = await addUser(body);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].msg).toBe(message);
    expect(res.body.error).toBe(message);
  });

  it('adds a user (group user by default) and a guest; a repeated name answers 422 with the spec message', async () => {
    const first = await addUser({ name: 'alice', password: 'alice-pw' });
    expect(first.status).toBe(200);
    expect(first.body.message).toContain('alice');
    expect((await addUser({ name: 'visitor', password: 'visitor-pw', group: 'guest' })).status).toBe(200);
    const again = await addUser({ name: 'alice', password: 'another', group: 'guest' });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].msg).toBe('name already exists, usernames must not repeat');
    const admin2 = await addUser({ name: 'admin', password: 'another', group: 'user' });
    expect(admin2.body.errors[0].msg).toBe('name already exists, usernames must not repeat');

    const list = await call(srv, 'GET', '/api/credentials/users', admin);
    expect(list.body).toEqual({ users: [{ name: 'admin', group: 'admin' }, { name: 'alice', group: 'user' }, { name: 'visitor', group: 'guest' }] });
    expect(JSON.stringify(list.body)).not.toContain('password');
    // the new user can sign in with the password given
    await expect(srv.login('alice', 'alice-pw')).resolves.toBeTruthy();
  });
});

describe('PUT /api/credentials/user', () => {
  it('answers 422 for a short password and 404 for an unknown user', async () => {
    const short = await call(srv, 'PUT', '/api/credentials/user', admin, { name: 'admin', newPassword: 'abc' });
    expect(short.status).toBe(422);
    expect(short.body.errors[0].msg).toBe('password length at least 5');
    const unknown = await call(srv, 'PUT', '/api/credentials/user', admin, { name: 'nobody1', newPassword: 'abcdef' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('nobody1');
  });

  it("refuses the user's tokens issued before the change; the new password signs in", async () => {
    await addUser({ name: 'bobby', password: 'bobby-pw1' });
    const old = await srv.login('bobby', 'bobby-pw1');
    expect((await call(srv, 'GET', '/api/auth/me', old)).status).toBe(200);
    const res = await call(srv, 'PUT', '/api/credentials/user', admin, { name: 'bobby', newPassword: 'bobby-pw2' });
    expect(res.status).toBe(200);
    expect((await call(srv, 'GET', '/api/auth/me', old)).status).toBe(401);
    expect((await call(srv, 'POST', '/api/auth/me', null, { name: 'bobby', password: 'bobby-pw1' })).status).toBe(401);
    const fresh = await srv.login('bobby', 'bobby-pw2');
    expect((await call(srv, 'GET', '/api/auth/me', fresh)).body.user).toEqual({ name: 'bobby', group: 'user' });
  });

  it("changing the admin's own password ends the admin's session", async () => {
    const session = await srv.login();
    const res = await call(srv, 'PUT', '/api/credentials/user', session, { name: 'admin', newPassword: 'new-admin-pw' });
    expect(res.status).toBe(200);
    expect((await call(srv, 'GET', '/api/config/admin', session)).status).toBe(401);
    admin = await srv.login('admin', 'new-admin-pw');
    expect((await call(srv, 'GET', '/api/config/admin', admin)).status).toBe(200);
  });
});

describe('DELETE /api/credentials/user', () => {
  it('refuses to delete the admin with 403 and a message, deleting nothing', async () => {
    const res = await call(srv, 'DELETE', '/api/credentials/user', admin, { users: [{ name: 'visitor' }, { name: 'admin' }] });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('the admin user cannot be deleted');
    const names = (await call(srv, 'GET', '/api/credentials/users', admin)).body.users.map((u: { name: string }) => u.name);
    expect(names).toContain('visitor');
  });

  it('answers 422 for an empty selection and 404 for an unknown name', async () => {
    const empty = await call(srv, 'DELETE', '/api/credentials/user', admin, { users: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].msg).toBe('no users selected');
    const unknown = await call(srv, 'DELETE', '/api/credentials/user', admin, { users: [{ name: 'ghost-user' }] });
    expect(unknown.status).toBe(404);
  });

  it("deletes the selected users, their reviews and history; their tokens stop working", async () => {
    const token = await srv.login('alice', 'alice-pw');
    await srv.services.db('reviews').insert({ user_name: 'alice', work_id: 1012345, rating: 4 });
    await srv.services.db('play_history').insert({ user_name: 'alice', work_id: 1012345, state: '{"queue":[],"index":0,"seconds":0}' });
    const res = await call(srv, 'DELETE', '/api/credentials/user', admin, { users: [{ name: 'alice' }, { name: 'visitor' }] });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('alice');
    expect((await call(srv, 'GET', '/api/auth/me', token)).status).toBe(401);
    expect((await call(srv, 'GET', '/api/credentials/users', admin)).body.users.map((u: { name: string }) => u.name)).toEqual(['admin', 'bobby']);
    expect(await srv.services.db('reviews').where({ user_name: 'alice' })).toEqual([]);
    expect(await srv.services.db('play_history').where({ user_name: 'alice' })).toEqual([]);
  });
});
