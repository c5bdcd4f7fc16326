/**
 * Playlists through /api/playlists (src/playlists/README.md "Calls"), on the real server
 * over the scanned fixture library, on the engine of the run: every route, who may read
 * and write what (owner, other users, guests), bad input, several clients adding to one
 * playlist at once (no entry lost, positions 0..n-1), a statement failing mid-change
 * (nothing half-written), and a deleted user's playlists going with the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, memoryToken } from '../../src/api/client.js';
import { playlistsApi, type PlaylistsApi } from '../../src/api/playlists.js';
import { createUser, deleteUsers } from '../../src/users/index.js';
import { WorkStatus, type PlaylistAnswer } from '../../src/model/index.js';
import { callApi } from '../helpers/server.js';
import { PG_MODE } from '../helpers/pg.js';
import { startMediaFixture, type MediaFixture } from './media-fixture.js';

const RJ01012345 = 1012345;
const RJ265946 = 265946;
const RJ299717 = 299717;
const PASSWORD = 'password-123';

let fx: MediaFixture;
const tokens = {} as Record<'alice' | 'bob' | 'guest' | 'carol', string>;
let alice: PlaylistsApi;
let bob: PlaylistsApi;
/** Track hashes: the three of RJ01012345 in play order, and two of RJ265946. */
const h = {} as Record<'prologue' | 'mimi' | 'oyasumi' | 'long' | 'short' | 'rain1' | 'rain2', string>;

beforeAll(async () => {
  fx = await startMediaFixture();
  const { db } = fx.srv.services;
  for (const [name, group] of [['alice', 'user'], ['bobby', 'user'], ['guest', 'guest'], ['carol', 'user']] as const) {
    await createUser(db, name, PASSWORD, group);
    tokens[name === 'bobby' ? 'bob' : name] = await fx.srv.login(name, PASSWORD);
  }
  const api = (token: string) => playlistsApi(new ApiClient({ baseUrl: fx.srv.url, token: memoryToken(token) }));
  alice = api(tokens.alice);
  bob = api(tokens.bob);
  h.prologue = `${RJ01012345}/${await fx.fileId(RJ01012345, '01_プロローグ.mp3')}`;
  h.mimi = `${RJ01012345}/${await fx.fileId(RJ01012345, '02_耳かき.mp3')}`;
  h.oyasumi = `${RJ01012345}/${await fx.fileId(RJ01012345, '03_おやすみ.mp3')}`;
  h.long = `${RJ265946}/${await fx.fileId(RJ265946, 'long tone 10min.mp3')}`;
  h.short = `${RJ265946}/${await fx.fileId(RJ265946, 'short.mp3')}`;
  // RJ299717 becomes a trial work: its tracks are trial tracks (rj…)
  await db('works').where({ id: RJ299717 }).update({ status: WorkStatus.NewTrial });
  h.rain1 = `rj${RJ299717}/${await fx.fileId(RJ299717, 'Rain Day ASMR/mp3/01 Rain.mp3')}`;
  h.rain2 = `rj${RJ299717}/${await fx.fileId(RJ299717, 'Rain Day ASMR/mp3/02 Rain.mp3')}`;
});
afterAll(async () => { await fx?.close(); });

const hashes = (a: PlaylistAnswer) => a.playlist.entries.map((e) => e.hash);
const positions = (a: PlaylistAnswer) => a.playlist.entries.map((e) => e.position);

describe('the owner', () => {
  it('creates, reads, lists, renames, adds tracks and a whole work, removes, reorders and deletes', async () => {
    const created = await alice.create({ name: '  night  ', comment: 'for sleeping', hashes: [h.mimi] });
    expect(created).toMatchObject({ message: 'playlist night created', code: 'playlist.created', params: { name: 'night' } });
    const id = created.playlist.id;
    expect(created.playlist).toMatchObject({ name: 'night', comment: 'for sleeping', public: false, owner: 'alice', mine: true, entryCount: 1 });
    expect(created.playlist.entries).toEqual([{
      id: expect.any(Number), position: 0, hash: h.mimi, workId: RJ01012345, fileId: Number(h.mimi.split('/')[1]),
      trial: false, available: true, title: '02_耳かき.mp3', workTitle: expect.any(String), duration: expect.any(Number),
    }]);
    expect(created.playlist.coverWork).toEqual({ id: RJ01012345, trial: false });

    const renamed = await alice.update(id, { name: 'bedtime', public: true });
    expect(renamed).toMatchObject({ code: 'playlist.saved', playlist: { name: 'bedtime', public: true, comment: 'for sleeping' } });

    const tracks = await alice.addTracks(id, [h.long, h.rain1]);
    expect(tracks).toMatchObject({ code: 'playlist.tracksAdded', params: { count: 2 } });
    expect(hashes(tracks)).toEqual([h.mimi, h.long, h.rain1]);
    expect(tracks.playlist.entries[2]).toMatchObject({ trial: true, available: true, title: '01 Rain.mp3' });

    const work = await alice.addWork(id, RJ01012345);
    expect(work).toMatchObject({ params: { count: 3 } });
    expect(hashes(work)).toEqual([h.mimi, h.long, h.rain1, h.prologue, h.mimi, h.oyasumi]);
    expect(positions(work)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(work.playlist.duration).toBeCloseTo(work.playlist.entries.reduce((s, e) => s + e.duration, 0));

    const removed = await alice.removeEntry(id, work.playlist.entries[1]!.id);
    expect(removed).toMatchObject({ code: 'playlist.entryRemoved' });
    expect(hashes(removed)).toEqual([h.mimi, h.rain1, h.prologue, h.mimi, h.oyasumi]);
    expect(positions(removed)).toEqual([0, 1, 2, 3, 4]);

    const ids = removed.playlist.entries.map((e) => e.id);
    const order = [ids[4]!, ids[0]!, ids[2]!, ids[1]!, ids[3]!];
    const reordered = await alice.reorder(id, order);
    expect(reordered.playlist.entries.map((e) => e.id)).toEqual(order);
    expect(hashes(reordered)).toEqual([h.oyasumi, h.mimi, h.prologue, h.rain1, h.mimi]);
    expect(positions(reordered)).toEqual([0, 1, 2, 3, 4]);
    // pictured by its first track's work; a trial track first gives the trial catalogue's cover
    const trialFirst = await alice.reorder(id, [ids[1]!, ids[0]!, ids[2]!, ids[3]!, ids[4]!]);
    expect(trialFirst.playlist.coverWork).toEqual({ id: RJ299717, trial: true });
    const again = await alice.reorder(id, order);
    expect(again.playlist.coverWork).toEqual({ id: RJ01012345, trial: false });

    expect(again.playlist.entries).toEqual(reordered.playlist.entries);
    expect((await alice.get(id)).playlist).toEqual(again.playlist);
    expect((await alice.list()).playlists.find((p) => p.id === id)).toMatchObject({ name: 'bedtime', entryCount: 5 });

    expect(await alice.remove(id)).toEqual({ message: 'playlist deleted', code: 'playlist.deleted' });
    expect(await callApi(fx.srv, 'GET', `/api/playlists/${id}`, tokens.alice)).toMatchObject({ status: 404, body: { code: 'playlist.notFound', params: { id } } });
    expect((await alice.list()).playlists.some((p) => p.id === id)).toBe(false);
    expect(Number((await fx.srv.services.db('playlist_entries').where({ playlist_id: id }).count({ n: '*' }))[0]!.n)).toBe(0);
  });

  it('an entry whose work is hidden stays, unavailable and without duration', async () => {
    const { playlist } = await alice.create({ name: 'hidden', hashes: [h.short, h.prologue] });
    expect(playlist.coverWork).toEqual({ id: RJ265946, trial: false });
    const { db } = fx.srv.services;
    await db('works').where({ id: RJ265946 }).update({ removed_at: new Date().toISOString() });
    try {
      const after = (await alice.get(playlist.id)).playlist;
      expect(after.entries.map((e) => [e.hash, e.available])).toEqual([[h.short, false], [h.prologue, true]]);
      expect(after.entries[0]!.duration).toBe(0);
      // the hidden work does not picture it: the first available track's work does
      expect(after.coverWork).toEqual({ id: RJ01012345, trial: false });
      expect(await callApi(fx.srv, 'POST', `/api/playlists/${playlist.id}/tracks`, tokens.alice, { hashes: [h.long] })).toMatchObject({ status: 404, body: { code: 'playlist.trackNotFound' } });
    } finally {
      await db('works').where({ id: RJ265946 }).update({ removed_at: null });
    }
  });
});

describe('bad input', () => {
  it('answers a coded 4xx and writes nothing', async () => {
    const { playlist } = await alice.create({ name: 'checked', hashes: [h.prologue] });
    const url = `/api/playlists/${playlist.id}`;
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/api/playlists', { name: '' }, 400, 'input.tooShort'],
      ['POST', '/api/playlists', { name: 'x'.repeat(201) }, 400, 'input.tooLong'],
      ['POST', '/api/playlists', { name: 'x', hashes: ['../../etc/passwd'] }, 400, 'playlist.trackNotFound'],
      ['POST', '/api/playlists', { name: 'x', hashes: [`${RJ01012345}/999999`] }, 404, 'playlist.trackNotFound'],
      ['PATCH', url, {}, 400, 'input.rule'],
      ['POST', `${url}/tracks`, { hashes: [] }, 400, 'input.tooShort'],
      ['POST', `${url}/works`, { work_id: 4242 }, 404, 'work.idNotFound'],
      ['DELETE', `${url}/entries/999999`, undefined, 404, 'playlist.entryNotFound'],
      ['PUT', `${url}/order`, { entryIds: [] }, 409, 'playlist.orderStale'],
      ['PUT', `${url}/order`, { entryIds: [playlist.entries[0]!.id, playlist.entries[0]!.id] }, 409, 'playlist.orderStale'],
      ['GET', '/api/playlists/abc', undefined, 400, 'input.wrongType'],
      ['GET', '/api/playlists/999999', undefined, 404, 'playlist.notFound'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await callApi(fx.srv, method, path, tokens.alice, body);
      expect.soft({ method, path, status: res.status, code: res.body?.code }).toEqual({ method, path, status, code });
      expect.soft(JSON.stringify(res.body)).not.toContain('/tmp');
    }
    expect((await alice.get(playlist.id)).playlist).toMatchObject({ name: 'checked', entryCount: 1 });
    expect((await alice.list()).playlists.filter((p) => p.name === 'x')).toEqual([]);
  });

  it('a full playlist refuses more tracks', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => (i % 2 ? h.prologue : h.mimi));
    const { playlist } = await alice.create({ name: 'full', hashes: many });
    expect(playlist.entryCount).toBe(5000);
    expect(await callApi(fx.srv, 'POST', `/api/playlists/${playlist.id}/tracks`, tokens.alice, { hashes: [h.oyasumi] })).toMatchObject({ status: 400, body: { code: 'playlist.full', params: { max: 5000 } } });
    expect((await alice.get(playlist.id)).playlist.entryCount).toBe(5000);
    await alice.remove(playlist.id);
  });
});

describe('who sees and changes what', () => {
  it('others read public playlists only, and change none; guests read public ones and write nothing', async () => {
    const open = (await alice.create({ name: 'shared', public: true, hashes: [h.prologue] })).playlist;
    const closed = (await alice.create({ name: 'mine alone', hashes: [h.mimi] })).playlist;

    const bobs = (await bob.list()).playlists;
    expect(bobs.find((p) => p.id === open.id)).toMatchObject({ owner: 'alice', mine: false });
    expect(bobs.some((p) => p.id === closed.id)).toBe(false);
    expect((await bob.get(open.id)).playlist.entries.map((e) => e.hash)).toEqual([h.prologue]);
    expect(await callApi(fx.srv, 'GET', `/api/playlists/${closed.id}`, tokens.bob)).toMatchObject({ status: 404, body: { code: 'playlist.notFound' } });

    const writes: [string, string, unknown][] = [
      ['PATCH', '', { name: 'taken' }],
      ['DELETE', '', undefined],
      ['POST', '/tracks', { hashes: [h.oyasumi] }],
      ['POST', '/works', { work_id: RJ01012345 }],
      ['DELETE', `/entries/${open.entries[0]!.id}`, undefined],
      ['PUT', '/order', { entryIds: [open.entries[0]!.id] }],
    ];
    for (const [method, tail, body] of writes) {
      expect.soft(await callApi(fx.srv, method, `/api/playlists/${open.id}${tail}`, tokens.bob, body), `bob ${method} public${tail}`).toMatchObject({ status: 403, body: { code: 'playlist.notOwner' } });
      expect.soft(await callApi(fx.srv, method, `/api/playlists/${closed.id}${tail}`, tokens.bob, body), `bob ${method} private${tail}`).toMatchObject({ status: 404, body: { code: 'playlist.notFound' } });
      expect.soft(await callApi(fx.srv, method, `/api/playlists/${open.id}${tail}`, tokens.guest, body), `guest ${method}${tail}`).toMatchObject({ status: 403, body: { code: 'auth.guestReadOnly' } });
    }
    expect(await callApi(fx.srv, 'POST', '/api/playlists', tokens.guest, { name: 'g' })).toMatchObject({ status: 403, body: { code: 'auth.guestReadOnly' } });

    const guests = (await callApi(fx.srv, 'GET', '/api/playlists', tokens.guest)).body.playlists as { id: number; public: boolean; mine: boolean }[];
    expect(guests.some((p) => p.id === open.id)).toBe(true);
    expect(guests.every((p) => p.public && !p.mine)).toBe(true);
    expect(await callApi(fx.srv, 'GET', `/api/playlists/${closed.id}`, tokens.guest)).toMatchObject({ status: 404 });
    expect(await callApi(fx.srv, 'GET', '/api/playlists', null)).toMatchObject({ status: 401 });

    expect((await alice.get(open.id)).playlist).toMatchObject({ name: 'shared', entryCount: 1 });
    expect((await alice.get(closed.id)).playlist).toMatchObject({ name: 'mine alone', entryCount: 1 });
  });

  it('deleting a user deletes their playlists and entries', async () => {
    const carol = playlistsApi(new ApiClient({ baseUrl: fx.srv.url, token: memoryToken(tokens.carol) }));
    const { playlist } = await carol.create({ name: 'carol', public: true, hashes: [h.prologue, h.mimi] });
    const { db } = fx.srv.services;
    await deleteUsers(db, ['carol']);
    expect(await db('playlists').where({ user_name: 'carol' })).toEqual([]);
    expect(await db('playlist_entries').where({ playlist_id: playlist.id })).toEqual([]);
    expect((await bob.list()).playlists.some((p) => p.id === playlist.id)).toBe(false);
  });
});

describe('writes at once', () => {
  it('six clients adding to one playlist at once: every entry lands, positions 0..n-1', async () => {
    const { playlist } = await alice.create({ name: 'busy' });
    const pool = [h.prologue, h.mimi, h.oyasumi, h.long, h.short, h.rain1];
    const ROUNDS = 8;
    const clients = pool.map(() => playlistsApi(new ApiClient({ baseUrl: fx.srv.url, token: memoryToken(tokens.alice) })));
    const failures: string[] = [];
    await Promise.all(clients.map(async (client, i) => {
      for (let round = 0; round < ROUNDS; round++) {
        // rounds alternate single adds, pairs and a reorder-free rename, so the change kinds interleave
        const call = round % 3 === 2 ? client.update(playlist.id, { comment: `client ${i} round ${round}` }).then(() => client.addTracks(playlist.id, [pool[i]!]))
          : client.addTracks(playlist.id, [pool[i]!]);
        await call.catch((err: Error) => failures.push(err.message));
      }
    }));
    expect(failures).toEqual([]);
    const after = (await alice.get(playlist.id)).playlist;
    expect(after.entries.length).toBe(pool.length * ROUNDS);
    expect(after.entries.map((e) => e.position)).toEqual(after.entries.map((_, i) => i));
    for (const hash of pool) expect(after.entries.filter((e) => e.hash === hash).length, hash).toBe(ROUNDS);
    const rows = await fx.srv.services.db('playlist_entries').where({ playlist_id: playlist.id }).orderBy('position').select('position');
    expect(rows.map((r: { position: number }) => r.position)).toEqual(after.entries.map((_, i) => i));
  });

  it('removes and adds at once keep the positions without gaps', async () => {
    const { playlist } = await alice.create({ name: 'churn', hashes: Array.from({ length: 20 }, () => h.prologue) });
    const entries = playlist.entries;
    const failures: string[] = [];
    await Promise.all([
      ...entries.slice(0, 10).map((e) => alice.removeEntry(playlist.id, e.id).catch((err: Error) => failures.push(err.message))),
      ...Array.from({ length: 10 }, () => bob.create({ name: 'other' }).then(() => alice.addTracks(playlist.id, [h.mimi])).catch((err: Error) => failures.push(err.message))),
    ]);
    expect(failures).toEqual([]);
    const after = (await alice.get(playlist.id)).playlist;
    expect(after.entries.length).toBe(20);
    expect(after.entries.map((e) => e.position)).toEqual(after.entries.map((_, i) => i));
    expect(after.entries.filter((e) => e.hash === h.mimi).length).toBe(10);
  });
});

describe('a statement failing mid-change', () => {
  it('leaves the playlist as it was (name, entries, order, changed time), and the next writes succeed', async () => {
    const { db } = fx.srv.services;
    const { playlist } = await alice.create({ name: 'before', hashes: [h.prologue, h.mimi, h.oyasumi] });
    const badFile = Number(h.long.split('/')[1]);
    // a trigger made for the test refuses an entry of that file: the insert fails after the change's first statements ran
    if (PG_MODE) {
      await db.raw(`CREATE FUNCTION injected_playlist_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.file_id = ${badFile} THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await db.raw('CREATE TRIGGER injected_playlist_fault BEFORE INSERT ON playlist_entries FOR EACH ROW EXECUTE FUNCTION injected_playlist_fault()');
    } else {
      await db.raw(`CREATE TRIGGER injected_playlist_fault BEFORE INSERT ON playlist_entries WHEN NEW.file_id = ${badFile} BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
    try {
      const before = (await alice.get(playlist.id)).playlist;
      // a playlist holding the refused file cannot be reordered either: the reorder's delete ran before the insert failed
      const failing = await Promise.all([
        callApi(fx.srv, 'POST', `/api/playlists/${playlist.id}/tracks`, tokens.alice, { hashes: [h.short, h.long] }),
        callApi(fx.srv, 'POST', `/api/playlists/${playlist.id}/works`, tokens.alice, { work_id: RJ265946 }),
        callApi(fx.srv, 'POST', '/api/playlists', tokens.alice, { name: 'never', hashes: [h.prologue, h.long] }),
      ]);
      for (const res of failing) {
        expect(res.status).toBe(500);
        expect(res.body).toMatchObject({ code: 'server.internal' });
      }
      expect((await alice.get(playlist.id)).playlist).toEqual(before);
      expect((await alice.list()).playlists.some((p) => p.name === 'never')).toBe(false);
      // the next writes on every pooled connection succeed
      const next = await Promise.all(Array.from({ length: 10 }, () => alice.addTracks(playlist.id, [h.short])));
      expect(next.length).toBe(10);
      const after = (await alice.get(playlist.id)).playlist;
      expect(after.entries.length).toBe(13);
      expect(after.entries.map((e) => e.position)).toEqual(after.entries.map((_, i) => i));
    } finally {
      await db.raw('DROP TRIGGER injected_playlist_fault' + (PG_MODE ? ' ON playlist_entries' : ''));
      if (PG_MODE) await db.raw('DROP FUNCTION injected_playlist_fault()');
    }
  });

  it('a reorder failing after its delete keeps every entry in place', async () => {
    const { db } = fx.srv.services;
    const { playlist } = await alice.create({ name: 'order', hashes: [h.prologue, h.mimi, h.oyasumi] });
    const badFile = Number(h.oyasumi.split('/')[1]);
    if (PG_MODE) {
      await db.raw(`CREATE FUNCTION injected_order_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.file_id = ${badFile} THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await db.raw('CREATE TRIGGER injected_order_fault BEFORE INSERT ON playlist_entries FOR EACH ROW EXECUTE FUNCTION injected_order_fault()');
    } else {
      await db.raw(`CREATE TRIGGER injected_order_fault BEFORE INSERT ON playlist_entries WHEN NEW.file_id = ${badFile} BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
    try {
      const ids = playlist.entries.map((e) => e.id);
      const res = await callApi(fx.srv, 'PUT', `/api/playlists/${playlist.id}/order`, tokens.alice, { entryIds: [ids[2], ids[1], ids[0]] });
      expect(res.status).toBe(500);
      const removed = await callApi(fx.srv, 'DELETE', `/api/playlists/${playlist.id}/entries/${ids[0]}`, tokens.alice);
      expect(removed.status).toBe(500);
      expect((await alice.get(playlist.id)).playlist.entries).toEqual(playlist.entries);
    } finally {
      await db.raw('DROP TRIGGER injected_order_fault' + (PG_MODE ? ' ON playlist_entries' : ''));
      if (PG_MODE) await db.raw('DROP FUNCTION injected_order_fault()');
    }
  });
});
