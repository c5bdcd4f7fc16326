/**
 * Who may call the players' API: every endpoint for anonymous callers (code 10), a wrong
 * password (40), guests (writes and downloads refused with 50), users and the admin; the
 * ways to sign in (token with the player password, plain or enc: password, API key) and
 * their failures (41 without a player password, 43, 44 for an unknown or revoked key);
 * the settings page's calls that set the player password and manage keys; the shared
 * sign-in guard. The server trusts X-Forwarded-For (trustProxy), so each test signs in
 * from an address of its own and the guard's counts of one test do not reach another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/subsonic/index.js';
import { createUser, deleteUsers } from '../../../src/users/index.js';
import { ADMIN_PASSWORD, callApi, startTestServer } from '../../helpers/server.js';
import { LOGIN_PASSWORD, PLAYER_PASSWORDS, RJ01012345, RJ265946, startSubsonicFixture, type SubsonicFixture } from './fixture.js';

let fx: SubsonicFixture;
let song: string;
let circle: string;
beforeAll(async () => {
  fx = await startSubsonicFixture({ trustProxy: true });
  song = `tr-${RJ01012345}-${await fx.fileId(RJ01012345, '01_プロローグ.mp3')}`;
  circle = `ar-c${(await fx.srv.services.db('works').where({ id: RJ265946 }).first('circle_id')).circle_id}`;
  // a playlist of each user's own for the matrix's playlist calls; guests get an admin's public one
  const create = async (user: string, extra: Record<string, string> = {}) => {
    const { text } = await fx.raw('createPlaylist', { c: 'test', v: '1.16.1', f: 'json', u: user, p: PLAYER_PASSWORDS[user]!, name: `${user}'s`, songId: song });
    const id: string = JSON.parse(text)['subsonic-response'].playlist.id;
    if (extra.public) await fx.raw('updatePlaylist', { c: 'test', v: '1.16.1', f: 'json', u: user, p: PLAYER_PASSWORDS[user]!, playlistId: id, public: 'true' });
    return id;
  };
  playlistOf = { admin: await create('admin'), listener: await create('listener'), guest1: await create('admin', { public: 'true' }) };
});
afterAll(async () => { await fx?.close(); });

let playlistOf: Record<string, string> = {};

/** The parameters of one valid call of each method (`self`: the caller's name). */
function callsFor(self: string): Record<string, Record<string, string>> {
  const playlist = playlistOf[self] ?? 'pl-1';
  return {
    ping: {}, getLicense: {}, getOpenSubsonicExtensions: {}, tokenInfo: {}, getUser: { username: self }, getScanStatus: {},
    getPlaylists: {}, getBookmarks: {}, getNowPlaying: {}, getPodcasts: {}, getInternetRadioStations: {},
    getArtistInfo: { id: circle }, getArtistInfo2: { id: circle }, getAlbumInfo: { id: `al-${RJ01012345}` }, getAlbumInfo2: { id: `al-${RJ01012345}` },
    getSimilarSongs: { id: song }, getSimilarSongs2: { id: song }, getTopSongs: { artist: 'x' },
    getMusicFolders: {}, getIndexes: {}, getMusicDirectory: { id: `al-${RJ01012345}` }, getArtists: {}, getArtist: { id: circle },
    getAlbum: { id: `al-${RJ01012345}` }, getSong: { id: song }, getGenres: {},
    getAlbumList: { type: 'newest' }, getAlbumList2: { type: 'random' }, getRandomSongs: {}, getSongsByGenre: { genre: 'x' }, getStarred: {}, getStarred2: {},
    search2: { query: 'RJ01012345' }, search3: { query: '' },
    stream: { id: song }, download: { id: song }, getCoverArt: { id: `al-${RJ01012345}` },
    getLyrics: { title: '01_プロローグ' }, getLyricsBySongId: { id: song },
    star: { id: song }, unstar: { id: song }, setRating: { id: `al-${RJ01012345}`, rating: '4' }, scrobble: { id: song, submission: 'false' },
    getPlayQueue: {}, savePlayQueue: { id: song, current: song, position: '1000' },
    getPlayQueueByIndex: {}, savePlayQueueByIndex: { id: song, currentIndex: '0', position: '1000' },
    createBookmark: { id: song, position: '1000' }, deleteBookmark: { id: song },
    getPlaylist: { id: playlist }, createPlaylist: { name: 'matrix', songId: song }, updatePlaylist: { playlistId: playlist, name: 'renamed' }, deletePlaylist: { id: playlist },
  };
}
const WRITES = ['star', 'unstar', 'setRating', 'scrobble', 'savePlayQueue', 'savePlayQueueByIndex', 'createBookmark', 'deleteBookmark', 'createPlaylist', 'updatePlaylist', 'deletePlaylist'];
const FILES = ['stream', 'download', 'getCoverArt'];

/** One raw call from client `address`: 'ok' for a successful answer or file, else the Subsonic error code. */
async function outcome(method: string, params: Record<string, string>, address = '127.0.0.1'): Promise<'ok' | number> {
  const { status, headers, text } = await fx.raw(method, { c: 'test', v: '1.16.1', f: 'json', ...params }, { headers: { 'x-forwarded-for': address } });
  if (FILES.includes(method) && status === 200 && !headers.get('content-type')!.includes('json')) return 'ok';
  expect(headers.get('content-type'), `${method}: ${text.slice(0, 200)}`).toBe('application/json; charset=utf-8');
  const answer = JSON.parse(text)['subsonic-response'];
  return answer.status === 'ok' ? 'ok' : answer.error.code;
}

describe('permissions of every endpoint', () => {
  it('the matrix lists every method served', () => {
    expect(Object.keys(callsFor('x')).sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it('anonymous: code 10 (only getOpenSubsonicExtensions answers); a wrong password: code 40', async () => {
    // an account of its own, signed in before at this address: the guard then counts the
    // failures of that pair only, and each successful sign-in clears them
    await createUser(fx.srv.services.db, 'wrongpw', LOGIN_PASSWORD, 'user');
    const signedIn = { u: 'wrongpw', p: LOGIN_PASSWORD };
    expect(await outcome('ping', signedIn, '10.0.1.1')).toBe('ok');
    for (const [method, params] of Object.entries(callsFor('wrongpw'))) {
      const expected = method === 'getOpenSubsonicExtensions' ? 'ok' : 10;
      expect(await outcome(method, params, '10.0.1.1'), method).toBe(expected);
      expect(await outcome(method, { ...params, u: 'wrongpw', p: 'wrong-password' }, '10.0.1.1'), method).toBe(expected === 'ok' ? 'ok' : 40);
      expect(await outcome('ping', signedIn, '10.0.1.1')).toBe('ok');
    }
  });

  it.each([
    ['guest1 (token)', 'guest1', 'token'],
    ['listener (API key)', 'listener', 'apiKey'],
    ['admin (plain login password)', 'admin', 'login'],
  ])('%s', async (_name, user, way) => {
    const auth: Record<string, string> = way === 'apiKey' ? { apiKey: fx.apiKey } : way === 'login' ? { u: user, p: ADMIN_PASSWORD } : { u: user, t: '', s: 'salt42' };
    if (way === 'token') auth.t = (await import('node:crypto')).createHash('md5').update(`${PLAYER_PASSWORDS[user]}salt42`).digest('hex');
    const guest = user === 'guest1';
    for (const [method, params] of Object.entries(callsFor(user))) {
      const refused = guest && (WRITES.includes(method) || method === 'download');
      expect(await outcome(method, { ...params, ...auth }), `${user} ${method}`).toBe(refused ? 50 : 'ok');
    }
  });

  it('getUser of another user: code 50 but for the admin; an unknown user: 70', async () => {
    expect(await outcome('getUser', { apiKey: fx.apiKey, username: 'admin' })).toBe(50);
    expect(await outcome('getUser', { u: 'admin', p: PLAYER_PASSWORDS.admin!, username: 'listener' })).toBe('ok');
    expect(await outcome('getUser', { u: 'admin', p: PLAYER_PASSWORDS.admin!, username: 'nobody' })).toBe(70);
  });
});

describe('signing in', () => {
  const ping = (params: Record<string, string>) => outcome('ping', params, '10.0.2.1');

  it('through the real client: token, plain and enc: passwords, API key, and POST', async () => {
    for (const way of ['token', 'plain', 'enc', 'apiKey'] as const) {
      expect((await fx.client(way).ping()).status, way).toBe('ok');
      expect((await fx.client(way, { post: true }).getAlbum({ id: `al-${RJ01012345}` })).status, `${way} POST`).toBe('ok');
    }
    // p may be the login password too (hashed: checked like the web's sign-in)
    expect((await fx.client('plain', { password: LOGIN_PASSWORD }).ping()).status).toBe('ok');
    expect((await fx.client('enc', { password: LOGIN_PASSWORD }).ping()).status).toBe('ok');
  });

  it('a wrong player password, a token made with the login password, a bad enc: value: code 40', async () => {
    for (const [way, password] of [['token', 'not-the-password'], ['token', LOGIN_PASSWORD], ['plain', 'not-the-password']] as const) {
      expect(await fx.client(way, { password, address: '10.0.2.1' }).ping(), `${way} ${password}`).toMatchObject({ status: 'failed', error: { code: 40 } });
    }
    expect(await ping({ u: 'listener', p: 'enc:zz' })).toBe(40);
    expect(await ping({ u: 'nobody', p: 'whatever' })).toBe(40);
    expect(await ping({ u: 'nobody', t: 'a'.repeat(32), s: 'salt' })).toBe(40);
  });

  it('a token for a user without a player password: code 41; missing parts: code 10', async () => {
    await createUser(fx.srv.services.db, 'noplayer', LOGIN_PASSWORD, 'user');
    expect(await fx.client('token', { user: 'noplayer', password: LOGIN_PASSWORD }).ping()).toMatchObject({ status: 'failed', error: { code: 41 } });
    expect(await ping({ u: 'listener' })).toBe(10);
    expect(await ping({ u: 'listener', t: 'abc' })).toBe(10);
    expect(await ping({ p: 'x' })).toBe(10);
  });

  it('API keys: with u too is code 43, an unknown key 44', async () => {
    expect(await ping({ apiKey: fx.apiKey, u: 'listener' })).toBe(43);
    expect(await fx.client('apiKey', { apiKey: 'al_not-a-key', address: '10.0.2.2' }).ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
  });

  it('the player password is stored encrypted and bound to its user', async () => {
    const db = fx.srv.services.db;
    const rows: { user_name: string; secret: string }[] = await db('player_passwords').select('user_name', 'secret');
    for (const row of rows) expect(row.secret).not.toContain(PLAYER_PASSWORDS[row.user_name]!);
    const guestRow = rows.find((r) => r.user_name === 'guest1')!;
    await db('player_passwords').insert({ user_name: 'noplayer', secret: guestRow.secret, updated_at: new Date().toISOString() });
    // the guest's sealed password copied to another user does not open: no usable player password
    expect(await fx.client('token', { user: 'noplayer', password: PLAYER_PASSWORDS.guest1 }).ping()).toMatchObject({ status: 'failed', error: { code: 41 } });
    const keys: { key_hash: string }[] = await db('api_keys').select('key_hash');
    expect(keys.map((k) => k.key_hash)).not.toContain(fx.apiKey);
  });
});

describe('the settings page calls (/api/player-access)', () => {
  it('a user sets and removes their player password; a player signs in with it', async () => {
    await createUser(fx.srv.services.db, 'phoneuser', LOGIN_PASSWORD, 'guest');
    const token = await fx.srv.login('phoneuser', LOGIN_PASSWORD);
    expect((await callApi(fx.srv, 'GET', '/api/player-access', token)).body).toEqual({ playerPassword: false, apiKeys: [], players: [] });
    expect(await callApi(fx.srv, 'PUT', '/api/player-access/password', token, { password: 'abc' })).toMatchObject({ status: 400, body: { error: 'password: password length at least 5' } });
    expect(await callApi(fx.srv, 'PUT', '/api/player-access/password', token, { password: LOGIN_PASSWORD })).toMatchObject({ status: 400, body: { error: 'the player password must differ from the login password' } });
    expect(await callApi(fx.srv, 'PUT', '/api/player-access/password', token, { password: 'phone-pw-1' })).toMatchObject({ status: 200, body: { message: 'player password saved' } });
    expect((await callApi(fx.srv, 'GET', '/api/player-access', token)).body.playerPassword).toBe(true);
    expect((await fx.client('token', { user: 'phoneuser', password: 'phone-pw-1' }).ping()).status).toBe('ok');
    await callApi(fx.srv, 'PUT', '/api/player-access/password', token, { password: 'phone-pw-2' });
    expect(await fx.client('token', { user: 'phoneuser', password: 'phone-pw-1' }).ping()).toMatchObject({ error: { code: 40 } });
    expect(await callApi(fx.srv, 'DELETE', '/api/player-access/password', token)).toMatchObject({ status: 200, body: { message: 'player password removed' } });
    expect(await fx.client('token', { user: 'phoneuser', password: 'phone-pw-2' }).ping()).toMatchObject({ error: { code: 41 } });
    expect((await callApi(fx.srv, 'GET', '/api/player-access')).status).toBe(401);
  });

  it('a user creates, lists and revokes API keys; a revoked key answers code 44 at once', async () => {
    const token = await fx.srv.login('listener', LOGIN_PASSWORD);
    const created = await callApi(fx.srv, 'POST', '/api/player-access/keys', token, { name: 'tablet' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'API key created', apiKey: { name: 'tablet', last_used_at: null } });
    const tablet = fx.client('apiKey', { apiKey: created.body.key });
    expect((await tablet.getAlbumList2({ type: 'newest' })).status).toBe('ok');
    const listed = (await callApi(fx.srv, 'GET', '/api/player-access', token)).body.apiKeys as { id: number; name: string; last_used_at: string | null }[];
    expect(listed.map((k) => k.name)).toEqual(['phone', 'tablet']);
    expect(listed[1]!.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(created.body.key);
    // another user cannot revoke it
    const admin = await fx.srv.login();
    expect((await callApi(fx.srv, 'DELETE', `/api/player-access/keys/${created.body.apiKey.id}`, admin)).status).toBe(404);
    expect((await tablet.ping()).status).toBe('ok');
    expect(await callApi(fx.srv, 'DELETE', `/api/player-access/keys/${created.body.apiKey.id}`, token)).toMatchObject({ status: 200, body: { message: 'API key revoked' } });
    expect(await tablet.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
    expect((await callApi(fx.srv, 'POST', '/api/player-access/keys', token, { name: 'x'.repeat(65) })).status).toBe(400);
  });

  it("a deleted user's keys and player password go with the account", async () => {
    const db = fx.srv.services.db;
    const token = await fx.srv.login('phoneuser', LOGIN_PASSWORD);
    const key = (await callApi(fx.srv, 'POST', '/api/player-access/keys', token, {})).body.key as string;
    expect((await fx.client('apiKey', { apiKey: key }).ping()).status).toBe('ok');
    await deleteUsers(db, ['phoneuser']);
    await createUser(db, 'phoneuser', LOGIN_PASSWORD, 'user');
    expect(await fx.client('apiKey', { apiKey: key }).ping()).toMatchObject({ error: { code: 44 } });
    expect(await db('player_passwords').where({ user_name: 'phoneuser' }).first()).toBeUndefined();
  });
});

describe('with authentication off', () => {
  it('every call acts as the admin, credentials or not', async () => {
    const open = await startTestServer({ config: { auth: false } });
    try {
      const call = async (method: string, params: Record<string, string>) => (await (await fetch(`${open.url}/rest/${method}?${new URLSearchParams({ f: 'json', ...params })}`)).json())['subsonic-response'];
      expect(await call('ping', {})).toMatchObject({ status: 'ok' });
      expect((await call('getUser', { username: 'admin' })).user).toMatchObject({ username: 'admin', adminRole: true });
      expect(await call('star', { id: 'al-1' })).toMatchObject({ status: 'failed', error: { code: 70 } }); // signed in: the id is what is wrong
    } finally {
      await open.close();
    }
  });
});

describe('the sign-in guard', () => {
  const signIn = (address: string, name: string, password: string) =>
    fetch(`${fx.srv.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ name, password }) });

  it('after 10 failed sign-ins an address is refused, on /rest and on POST /api/auth/me alike; valid keys and known pairs go on', async () => {
    const address = '10.0.5.1';
    for (let i = 0; i < 10; i++) expect(await outcome('ping', { u: `guess${i}`, p: 'wrong' }, address)).toBe(40);
    const blocked = await fx.raw('ping', { u: 'listener', p: PLAYER_PASSWORDS.listener!, f: 'json' }, { headers: { 'x-forwarded-for': address } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(blocked.text)['subsonic-response'].error).toMatchObject({ code: 0, message: expect.stringContaining('too many failed sign-ins') });
    expect((await signIn(address, 'admin', ADMIN_PASSWORD)).status).toBe(429);
    // an unknown key counts too; a valid key is never refused (nothing to guess)
    expect(await outcome('ping', { apiKey: 'al_unknown' }, address)).toBe(0);
    expect(await outcome('ping', { apiKey: fx.apiKey }, address)).toBe('ok');
    // calls without credentials are no sign-in; another address is not held up
    expect(await outcome('getOpenSubsonicExtensions', {}, address)).toBe('ok');
    expect(await outcome('ping', { u: 'listener', p: PLAYER_PASSWORDS.listener! }, '10.0.5.2')).toBe('ok');
  });

  it('failures on /rest and POST /api/auth/me share one budget', async () => {
    const address = '10.0.6.1';
    for (let i = 0; i < 5; i++) expect((await signIn(address, `guess${i}`, 'wrong-password')).status).toBe(401);
    for (let i = 5; i < 10; i++) expect(await outcome('ping', { u: `guess${i}`, p: 'wrong' }, address)).toBe(40);
    expect(await outcome('ping', { u: 'guest1', p: PLAYER_PASSWORDS.guest1! }, address)).toBe(0);
    expect((await signIn(address, 'guest1', LOGIN_PASSWORD)).status).toBe(429);
  });
});
