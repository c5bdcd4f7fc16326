/**
 * Writes of players and their transcoding (src/users/players.ts) under concurrent use, on
 * the engine of the run, through the real server: first calls of many players at /rest at
 * once add one row each; the CLI's set of one new player from many callers at once adds
 * one row; eight users saving their player's settings on /players over and over at once
 * all succeed and read back their last save; a save naming one field keeps the other, so
 * the two fields saved at once by separate calls are both kept; a statement that fails (a trigger made for
 * the test refuses one value) answers an error, changes nothing, and the writes after it
 * succeed and read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, startTestServer, type TestServer } from '../helpers/server.js';
import { PG_MODE } from '../helpers/pg.js';
import { createApiKey, createUser, deleteUsers, setPlayerTranscode } from '../../src/users/index.js';

const USERS = 8;
let srv: TestServer;
const users: { name: string; key: string; token: string }[] = [];
beforeAll(async () => {
  srv = await startTestServer();
  for (let i = 0; i < USERS; i++) {
    const name = `listener${i}`;
    await createUser(srv.services.db, name, 'password-123', 'user');
    users.push({ name, key: (await createApiKey(srv.services.db, name, 'phone')).key, token: await srv.login(name, 'password-123') });
  }
}, 60_000);
afterAll(async () => { await srv?.close(); });

const ping = (key: string, client: string) => fetch(`${srv.url}/rest/ping?${new URLSearchParams({ apiKey: key, c: client, v: '1.16.1', f: 'json' })}`).then((r) => r.json()) as Promise<{ 'subsonic-response': { status: string } }>;
const players = async (token: string) => (await callApi(srv, 'GET', '/api/player-access', token)).body.players as { id: number; client: string; maxBitRate: number; format: string | null }[];

describe('players written at once', () => {
  it('first calls of many players at once add one row each', async () => {
    const calls = users.flatMap((u) => ['DSub', 'Symfonium', 'Feishin'].flatMap((c) => [ping(u.key, c), ping(u.key, c)]));
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a['subsonic-response'].status === 'ok')).toBe(true);
    for (const u of users) expect((await players(u.token)).map((p) => p.client).sort()).toEqual(['DSub', 'Feishin', 'Symfonium']);
  });

  it("setting one new player's defaults from many callers at once adds one row holding one caller's values", async () => {
    const rates = [32, 48, 64, 96, 128, 160, 192, 256, 320, 0];
    await Promise.all(rates.map((maxBitRate) => setPlayerTranscode(srv.services.db, 'listener0', 'Tempo', { maxBitRate, format: 'mp3' })));
    const tempo = (await players(users[0]!.token)).filter((p) => p.client === 'Tempo');
    expect(tempo).toHaveLength(1);
    expect(rates).toContain(tempo[0]!.maxBitRate);
  });

  it('eight users saving their player at once, five rounds: every save succeeds and each reads back its last', async () => {
    const ids = await Promise.all(users.map(async (u) => (await players(u.token)).find((p) => p.client === 'DSub')!.id));
    const rates = [64, 96, 128, 192, 320];
    const formats = ['mp3', 'opus', 'aac', 'raw', null];
    for (let round = 0; round < rates.length; round++) {
      const answers = await Promise.all(users.map((u, i) => callApi(srv, 'PUT', `/api/player-access/players/${ids[i]}`, u.token, { maxBitRate: rates[(round + i) % 5], format: formats[(round + i) % 5] })));
      expect(answers.map((a) => a.status)).toEqual(users.map(() => 200));
    }
    const last = rates.length - 1;
    const read = await Promise.all(users.map((u) => players(u.token)));
    users.forEach((_, i) => expect(read[i]!.find((p) => p.client === 'DSub')).toMatchObject({ maxBitRate: rates[(last + i) % 5], format: formats[(last + i) % 5] }));
  });
});

describe('one field at a time', () => {
  it('a save naming one field keeps the other; the two fields saved at once by separate calls are both kept; an empty save changes nothing', async () => {
    const u = users[2]!;
    const symfonium = (await players(u.token)).find((p) => p.client === 'Symfonium')!;
    const put = (body: object) => callApi(srv, 'PUT', `/api/player-access/players/${symfonium.id}`, u.token, body);
    expect((await put({ maxBitRate: 128, format: 'mp3' })).status).toBe(200);
    expect((await put({ format: 'opus' })).body.player).toMatchObject({ maxBitRate: 128, format: 'opus' });
    expect((await put({ maxBitRate: 64 })).body.player).toMatchObject({ maxBitRate: 64, format: 'opus' });
    for (let round = 0; round < 5; round++) {
      const rate = [96, 192, 320, 48, 160][round]!;
      const format = ['aac', 'mp3', null, 'raw', 'opus'][round]!;
      const answers = await Promise.all([put({ maxBitRate: rate }), put({ format })]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await players(u.token)).find((p) => p.client === 'Symfonium')).toMatchObject({ maxBitRate: rate, format });
    }
    const empty = await put({});
    expect([empty.status, empty.body.player]).toEqual([200, expect.objectContaining({ maxBitRate: 160, format: 'opus' })]);
    expect((await put({ maxBitRate: 500 })).status).toBe(400);
    expect((await players(u.token)).find((p) => p.client === 'Symfonium')).toMatchObject({ maxBitRate: 160, format: 'opus' });
  });
});

describe('a statement that fails', () => {
  it('answers an error, writes nothing, and the writes after it succeed', async () => {
    const db = srv.services.db;
    if (PG_MODE) {
      await db.raw(`CREATE FUNCTION injected_fault_players() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.max_bit_rate = 48 THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await db.raw('CREATE TRIGGER injected_fault BEFORE INSERT OR UPDATE ON players FOR EACH ROW EXECUTE FUNCTION injected_fault_players()');
    } else {
      await db.raw(`CREATE TRIGGER injected_fault_players BEFORE UPDATE ON players WHEN NEW.max_bit_rate = 48 BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
    const u = users[1]!;
    const feishin = (await players(u.token)).find((p) => p.client === 'Feishin')!;
    const put = (maxBitRate: number, format: string | null) => callApi(srv, 'PUT', `/api/player-access/players/${feishin.id}`, u.token, { maxBitRate, format });
    expect((await put(128, 'aac')).status).toBe(200);
    const refused = await Promise.all([put(48, 'mp3'), put(48, 'opus'), put(64, 'mp3')]);
    expect(refused[0]!.status).toBeGreaterThanOrEqual(400);
    expect(refused[0]!.body).toHaveProperty('error');
    expect(JSON.stringify(refused[0]!.body)).not.toContain('/');
    expect(refused[2]!.status).toBe(200);
    expect((await players(u.token)).find((p) => p.client === 'Feishin')).toMatchObject({ maxBitRate: 64, format: 'mp3' });
    for (let n = 0; n < 10; n++) expect((await put(n % 2 ? 96 : 192, 'opus')).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, n) => put(n % 2 ? 96 : 192, 'aac')));
    expect(burst.map((a) => a.status)).toEqual(burst.map(() => 200));
    expect((await players(u.token)).find((p) => p.client === 'Feishin')).toMatchObject({ format: 'aac' });
    expect([96, 192]).toContain((await players(u.token)).find((p) => p.client === 'Feishin')!.maxBitRate);
  });
});

describe('an account made again under a deleted one\'s name', () => {
  it('has its player recorded on its first call, within the hour the old account was seen', async () => {
    const db = srv.services.db;
    await createUser(db, 'comeback', 'password-123', 'user');
    const first = await createApiKey(db, 'comeback', 'phone');
    expect((await ping(first.key, 'DSub'))['subsonic-response'].status).toBe('ok');
    await deleteUsers(db, ['comeback']);
    await createUser(db, 'comeback', 'password-123', 'user');
    const again = await createApiKey(db, 'comeback', 'phone');
    expect((await ping(again.key, 'DSub'))['subsonic-response'].status).toBe('ok');
    expect((await players(await srv.login('comeback', 'password-123'))).map((p) => p.client)).toEqual(['DSub']);
  });
});
