/**
 * Sign-in tokens name one account instance (README "Security"): a token outlives
 * neither its account nor a password or group change, a new account of the same
 * name does not inherit it, and a token must carry an expiry. Seen through the
 * real server; the tokens are the ones it issues (or re-signed with its real secret).
 */
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { migrationsDir, openDb, resolveDbTarget } from '../../src/db/index.js';
import { hashPassword } from '../../src/users/index.js';

let srv: TestServer;
beforeAll(async () => { srv = await startTestServer(); });
afterAll(async () => { await srv.close(); });

/** The admin's token, signed in once. */
let adminToken: Promise<string> | undefined;
const asAdmin = (method: string, path: string, body: unknown) => (adminToken ??= srv.login()).then((admin) => call(srv, method, path, admin, body));
const me = (token: string) => call(srv, 'GET', '/api/auth/me', token);
const addUser = async (name: string, password: string, group: 'user' | 'guest') =>
  expect((await asAdmin('POST', '/api/credentials/user', { name, password, group })).status).toBe(200);
const deleteUser = async (name: string) =>
  expect((await asAdmin('DELETE', '/api/credentials/user', { users: [{ name }] })).status).toBe(200);

describe('a token names one account', () => {
  it('is refused once its account is deleted, even after an account of the same name is created again, in any group', async () => {
    await addUser('carol1', 'carol-pw-1', 'user');
    const first = await srv.login('carol1', 'carol-pw-1');
    expect((await me(first)).body.user).toEqual({ name: 'carol1', group: 'user' });

    await deleteUser('carol1');
    await addUser('carol1', 'carol-pw-1', 'user'); // same name, same password, same group
    expect((await me(first)).status).toBe(401);
    const second = await srv.login('carol1', 'carol-pw-1');
    expect((await me(second)).body.user).toEqual({ name: 'carol1', group: 'user' });

    await deleteUser('carol1');
    await addUser('carol1', 'carol-pw-2', 'guest'); // and in another group
    for (const old of [first, second]) {
      const answer = await me(old);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'unauthorized', code: 'auth.unauthorized' });
    }
    expect((await me(await srv.login('carol1', 'carol-pw-2'))).body.user).toEqual({ name: 'carol1', group: 'guest' });
  });

  it('is refused after a password change through the admin API; the new password signs in', async () => {
    await addUser('dave01', 'dave-pw-1', 'user');
    const before = await srv.login('dave01', 'dave-pw-1');
    expect((await asAdmin('PUT', '/api/credentials/user', { name: 'dave01', newPassword: 'dave-pw-2' })).status).toBe(200);
    expect((await me(before)).status).toBe(401);
    expect((await me(await srv.login('dave01', 'dave-pw-2'))).status).toBe(200);
  });

  it('is refused after a group change, whichever way the group changed', async () => {
    await addUser('erin01', 'erin-pw-1', 'guest');
    const asGuest = await srv.login('erin01', 'erin-pw-1');
    // no API changes a group; a change made in the database must not upgrade the guest's token
    await srv.services.db('users').where({ name: 'erin01' }).update({ group: 'user' });
    expect((await me(asGuest)).status).toBe(401);
    expect((await call(srv, 'PUT', '/api/review', asGuest, { work_id: 1, rating: 5 })).status).toBe(401);
    expect((await me(await srv.login('erin01', 'erin-pw-1'))).body.user).toEqual({ name: 'erin01', group: 'user' });
  });
});

describe('token expiry', () => {
  it('refuses a token signed with the real secret but without exp', async () => {
    const issued = decodeJwt(await srv.login());
    const resign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(srv.services.secret);
    // the same claims, re-signed, still work: only the missing exp makes the difference
    expect((await me(await resign(issued))).status).toBe(200);
    const { exp: _exp, ...withoutExp } = issued;
    const answer = await me(await resign(withoutExp));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'unauthorized', code: 'auth.unauthorized' });
  });

  it('refuses a token once its exp has passed, though it was accepted (and its signature kept as checked) before', async () => {
    const issued = decodeJwt(await srv.login());
    const exp = Math.floor(Date.now() / 1000) + 2;
    const short = await new SignJWT({ ...issued, exp }).setProtectedHeader({ alg: 'HS256' }).sign(srv.services.secret);
    expect((await me(short)).status).toBe(200);
    expect((await me(short)).status).toBe(200);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    expect((await me(short)).status).toBe(401);
  });

  it('refuses a token whose signature is wrong, also after the same claims were accepted with the right one', async () => {
    const good = await srv.login();
    expect((await me(good)).status).toBe(200);
    const [head, body] = good.split('.');
    const forged = await new SignJWT(decodeJwt(good)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-secret-not-the-secret-32'));
    expect(forged.split('.').slice(0, 2)).toEqual([head, body]);
    expect((await me(forged)).status).toBe(401);
  });
});

describe('an older database', () => {
  it('gives its existing accounts an id each on upgrade; they sign in as before', async () => {
    const dataDir = tempDataDir(undefined, 'empty');
    const old = openDb(resolveDbTarget(dataDir));
    const options = { directory: migrationsDir, loadExtensions: ['.js'] };
    // the schema as it was before account ids, with two accounts in it
    for (;;) {
      const [, pending] = (await old.migrate.list(options)) as [unknown, { file: string }[]];
      if (pending[0]!.file.endsWith('_account_id.js')) break;
      await old.migrate.up(options);
    }
    await old('users').insert([
      { name: 'oldie1', password: await hashPassword('oldie-pw-1'), group: 'user' },
      { name: 'oldie2', password: await hashPassword('oldie-pw-2'), group: 'guest' },
    ]);
    await old.destroy();

    const upgraded = await startTestServer({ dataDir });
    try {
      const ids = (await upgraded.services.db('users').whereIn('name', ['oldie1', 'oldie2']).pluck('account_id')) as string[];
      expect(ids).toHaveLength(2);
      expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
      expect(ids[0]).not.toBe(ids[1]);
      const token = await upgraded.login('oldie2', 'oldie-pw-2');
      expect((await call(upgraded, 'GET', '/api/auth/me', token)).body.user).toEqual({ name: 'oldie2', group: 'guest' });
    } finally {
      await upgraded.close();
    }
  });
});
