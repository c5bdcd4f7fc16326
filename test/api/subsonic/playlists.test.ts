/**
 * Playlists at /rest (src/subsonic/README.md "Playlists") driven by the `subsonic-api`
 * client against the real server, on the engine of the run: getPlaylists, getPlaylist,
 * createPlaylist (new, and with a playlistId replacing the songs), updatePlaylist (name,
 * comment, public, repeated songIdToAdd and songIndexToRemove), deletePlaylist; a
 * playlist's coverArt; the same
 * store as the web's /api/playlists (trial tracks left out of the players' list, indexes
 * counted in it); JSON and XML agree; errors 10, 50, 70 and 0 with nothing written; a
 * phone and the web adding to one playlist at once; a statement failing mid-change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type SubsonicAPI from 'subsonic-api';
import { WorkStatus } from '../../../src/model/index.js';
import { callApi } from '../../helpers/server.js';
import { PG_MODE } from '../../helpers/pg.js';
import { LOGIN_PASSWORD, RJ01012345, RJ265946, RJ299717, startSubsonicFixture, type SubsonicFixture } from './fixture.js';
import { elementOfJson, parseXml } from './xml.js';

let fx: SubsonicFixture;
let phone: SubsonicAPI;
let other: SubsonicAPI;
let guest: SubsonicAPI;
let web: string;
/** Song ids: RJ01012345's three in play order, RJ265946's two. */
const s = {} as Record<'prologue' | 'mimi' | 'oyasumi' | 'long' | 'short', string>;
let rainHash: string;

beforeAll(async () => {
  fx = await startSubsonicFixture();
  phone = fx.client('token');
  other = fx.client('token', { user: 'admin' });
  guest = fx.client('token', { user: 'guest1' });
  web = await fx.srv.login('listener', LOGIN_PASSWORD);
  s.prologue = `tr-${RJ01012345}-${await fx.fileId(RJ01012345, '01_プロローグ.mp3')}`;
  s.mimi = `tr-${RJ01012345}-${await fx.fileId(RJ01012345, '02_耳かき.mp3')}`;
  s.oyasumi = `tr-${RJ01012345}-${await fx.fileId(RJ01012345, '03_おやすみ.mp3')}`;
  s.long = `tr-${RJ265946}-${await fx.fileId(RJ265946, 'long tone 10min.mp3')}`;
  s.short = `tr-${RJ265946}-${await fx.fileId(RJ265946, 'short.mp3')}`;
  rainHash = `rj${RJ299717}/${await fx.fileId(RJ299717, 'Rain Day ASMR/mp3/01 Rain.mp3')}`;
});
afterAll(async () => { await fx?.close(); });

const ok = <T extends { status: string }>(a: T) => { expect(a, JSON.stringify(a)).toMatchObject({ status: 'ok' }); return a; };
/** A failed answer's error. */
const failed = (a: { status: string; error?: { code: number; message?: string } }) => { expect(a.status, JSON.stringify(a)).toBe('failed'); return a.error!; };
const songs = async (id: string) => (ok(await phone.getPlaylist({ id })).playlist.entry ?? []).map((e) => e.id);
const hashOf = (song: string) => song.slice(3).replace('-', '/');

describe('a phone manages its playlists', () => {
  it('createPlaylist, getPlaylists, getPlaylist, updatePlaylist, deletePlaylist', async () => {
    const created = ok(await phone.createPlaylist({ name: 'commute', songId: [s.prologue, s.long] })).playlist;
    expect(created).toMatchObject({ id: expect.stringMatching(/^pl-\d+$/), name: 'commute', owner: 'listener', public: false, songCount: 2 });
    expect(created.duration).toBeGreaterThanOrEqual(600);
    expect(created.entry!.map((e) => e.id)).toEqual([s.prologue, s.long]);
    expect(created.entry![1]).toMatchObject({ title: 'long tone 10min', albumId: `al-${RJ265946}`, isDir: false });

    const listed = ok(await phone.getPlaylists()).playlists.playlist!;
    expect(listed.map((p) => p.id)).toContain(created.id);
    expect(listed.find((p) => p.id === created.id)).toMatchObject({ songCount: 2, owner: 'listener' });
    expect(listed.find((p) => p.id === created.id)).not.toHaveProperty('entry');
    // its picture: the cover of its first song's work that has one, and getCoverArt answers it
    const pictured = ok(await phone.getAlbum({ id: `al-${RJ01012345}` })).album.coverArt ? `al-${RJ01012345}` : `al-${RJ265946}`;
    expect(created.coverArt).toBe(pictured);
    expect(listed.find((p) => p.id === created.id)!.coverArt).toBe(pictured);
    const picture = await fx.raw('getCoverArt', { ...fx.keyParams, id: pictured });
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^image\//)]);
    const empty = ok(await phone.createPlaylist({ name: 'nothing yet' })).playlist;
    expect(empty).not.toHaveProperty('coverArt');
    ok(await phone.deletePlaylist({ id: empty.id }));

    ok(await phone.updatePlaylist({ playlistId: created.id, name: 'morning', comment: 'train', public: true, songIdToAdd: [s.mimi, s.oyasumi, s.short] }));
    let read = ok(await phone.getPlaylist({ id: created.id })).playlist;
    expect(read).toMatchObject({ name: 'morning', comment: 'train', public: true, songCount: 5 });
    expect(read.entry!.map((e) => e.id)).toEqual([s.prologue, s.long, s.mimi, s.oyasumi, s.short]);

    ok(await phone.updatePlaylist({ playlistId: created.id, songIndexToRemove: [1, 3] }));
    expect(await songs(created.id)).toEqual([s.prologue, s.mimi, s.short]);
    ok(await phone.updatePlaylist({ playlistId: created.id, songIndexToRemove: [0], songIdToAdd: [s.long] }));
    expect(await songs(created.id)).toEqual([s.mimi, s.short, s.long]);

    // createPlaylist with a playlistId: the songs become exactly these, the name when given
    const replaced = ok(await phone.createPlaylist({ playlistId: created.id, songId: [s.oyasumi, s.prologue] })).playlist;
    expect(replaced).toMatchObject({ id: created.id, name: 'morning', songCount: 2 });
    expect(replaced.entry!.map((e) => e.id)).toEqual([s.oyasumi, s.prologue]);
    read = ok(await phone.createPlaylist({ playlistId: created.id, name: 'evening' })).playlist;
    expect(read).toMatchObject({ name: 'evening', songCount: 0 });

    // the web reads the same playlist
    const id = Number(created.id.slice(3));
    expect((await callApi(fx.srv, 'GET', `/api/playlists/${id}`, web)).body.playlist).toMatchObject({ name: 'evening', comment: 'train', public: true, entryCount: 0 });

    ok(await phone.deletePlaylist({ id: created.id }));
    expect(failed(await phone.getPlaylist({ id: created.id }))).toMatchObject({ code: 70 });
    expect(ok(await phone.getPlaylists()).playlists.playlist ?? []).not.toContainEqual(expect.objectContaining({ id: created.id }));
  });

  it('trial tracks and hidden works are left out of the players\' list, and songIndexToRemove counts in that list', async () => {
    const { db } = fx.srv.services;
    await db('works').where({ id: RJ299717 }).update({ status: WorkStatus.NewTrial });
    try {
      const made = await callApi(fx.srv, 'POST', '/api/playlists', web, { name: 'mixed', hashes: [hashOf(s.prologue), rainHash, hashOf(s.mimi), hashOf(s.oyasumi)] });
      expect(made.status).toBe(201);
      const id = `pl-${made.body.playlist.id}`;
      expect(ok(await phone.getPlaylist({ id })).playlist).toMatchObject({ songCount: 3 });
      expect(await songs(id)).toEqual([s.prologue, s.mimi, s.oyasumi]);
      ok(await phone.updatePlaylist({ playlistId: id, songIndexToRemove: [1] }));
      const after = (await callApi(fx.srv, 'GET', `/api/playlists/${made.body.playlist.id}`, web)).body.playlist;
      expect(after.entries.map((e: { hash: string }) => e.hash)).toEqual([hashOf(s.prologue), rainHash, hashOf(s.oyasumi)]);
      // a trial track is no song at /rest
      expect(failed(await phone.updatePlaylist({ playlistId: id, songIdToAdd: [`tr-${RJ299717}-${rainHash.split('/')[1]}`] }))).toMatchObject({ code: 70 });
    } finally {
      await db('works').where({ id: RJ299717 }).update({ status: WorkStatus.InLibrary });
    }
  });

  it('JSON and XML say the same', async () => {
    const { id } = ok(await phone.createPlaylist({ name: 'Rain & "quotes" <ok>', songId: [s.prologue, s.mimi] })).playlist;
    for (const [method, params] of [['getPlaylist', { id }], ['getPlaylists', {}], ['createPlaylist', { playlistId: id, songId: s.prologue }]] as const) {
      const json = await phone.customJSON<Record<string, unknown>>(method, params);
      const xml = await fx.raw(method, { ...fx.keyParams, ...params, f: 'xml' });
      expect(xml.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      const root = parseXml(xml.text);
      delete root.attrs.xmlns;
      const expected = elementOfJson('subsonic-response', json)[0]!;
      // each createPlaylist call is a change of its own: its time differs between the two calls
      if (method === 'createPlaylist') for (const el of [root, expected]) delete el.children[0]!.attrs.changed;
      expect(root).toEqual(expected);
    }
    const xml = parseXml((await fx.raw('getPlaylist', { ...fx.keyParams, id, f: 'xml' })).text);
    expect(xml.children[0]).toMatchObject({ name: 'playlist', attrs: { name: 'Rain & "quotes" <ok>', songCount: '1' } });
    expect(xml.children[0]!.children.map((c) => c.name)).toEqual(['entry']);
  });
});

describe('errors', () => {
  it('missing and unknown ids, others\' playlists, guests, bad songs and indexes; nothing written', async () => {
    const mine = ok(await phone.createPlaylist({ name: 'private', songId: [s.prologue] })).playlist;
    const shared = ok(await other.createPlaylist({ name: 'admin shared', songId: [s.mimi] })).playlist;
    ok(await other.updatePlaylist({ playlistId: shared.id, public: true }));
    const hidden = ok(await other.createPlaylist({ name: 'admin private' })).playlist;

    expect(failed(await phone.createPlaylist({}))).toMatchObject({ code: 10 });
    expect(failed(await phone.getPlaylist({ id: '' }))).toMatchObject({ code: 10 });
    expect(failed(await phone.getPlaylist({ id: 'pl-999999' }))).toMatchObject({ code: 70 });
    expect(failed(await phone.getPlaylist({ id: '../etc' }))).toMatchObject({ code: 70 });
    expect(failed(await phone.getPlaylist({ id: hidden.id }))).toMatchObject({ code: 70 });
    expect(failed(await phone.createPlaylist({ name: 'x', songId: ['tr-1-1'] }))).toMatchObject({ code: 70 });
    expect(failed(await phone.createPlaylist({ name: 'x', songId: [`al-${RJ01012345}`] }))).toMatchObject({ code: 70 });
    expect(failed(await phone.createPlaylist({ name: 'x'.repeat(201) }))).toMatchObject({ code: 0 });
    expect(failed(await phone.updatePlaylist({ playlistId: mine.id, name: 'renamed', songIndexToRemove: [5] }))).toMatchObject({ code: 0 });
    expect(failed(await phone.updatePlaylist({ playlistId: mine.id, name: 'renamed', songIdToAdd: ['tr-1-1'] }))).toMatchObject({ code: 70 });

    // another user's public playlist: readable, not changeable (50); a private one: unknown (70)
    expect(ok(await phone.getPlaylist({ id: shared.id })).playlist).toMatchObject({ owner: 'admin', songCount: 1 });
    expect(failed(await phone.updatePlaylist({ playlistId: shared.id, name: 'mine now' }))).toMatchObject({ code: 50 });
    expect(failed(await phone.createPlaylist({ playlistId: shared.id, songId: [s.prologue] }))).toMatchObject({ code: 50 });
    expect(failed(await phone.deletePlaylist({ id: shared.id }))).toMatchObject({ code: 50 });
    expect(failed(await phone.deletePlaylist({ id: hidden.id }))).toMatchObject({ code: 70 });
    expect(failed(await phone.updatePlaylist({ playlistId: hidden.id, name: 'x' }))).toMatchObject({ code: 70 });

    // guests read public playlists only, and write nothing
    const guestLists = ok(await guest.getPlaylists()).playlists.playlist!.map((p) => p.id);
    expect(guestLists).toContain(shared.id);
    expect(guestLists).not.toContain(mine.id);
    expect(guestLists).not.toContain(hidden.id);
    expect(failed(await guest.getPlaylist({ id: mine.id }))).toMatchObject({ code: 70 });
    expect(ok(await guest.getPlaylist({ id: shared.id })).playlist.entry!.map((e) => e.id)).toEqual([s.mimi]);
    expect(failed(await guest.createPlaylist({ name: 'guest' }))).toMatchObject({ code: 50 });
    expect(failed(await guest.updatePlaylist({ playlistId: shared.id, name: 'g' }))).toMatchObject({ code: 50 });
    expect(failed(await guest.deletePlaylist({ id: shared.id }))).toMatchObject({ code: 50 });

    // the owner's view lists others' public playlists after their own
    const listener = ok(await phone.getPlaylists()).playlists.playlist!;
    expect(listener.map((p) => p.id)).toContain(shared.id);
    expect(listener.map((p) => p.id)).not.toContain(hidden.id);
    expect(listener.findIndex((p) => p.id === shared.id)).toBeGreaterThan(listener.findIndex((p) => p.id === mine.id));

    expect(ok(await phone.getPlaylist({ id: mine.id })).playlist).toMatchObject({ name: 'private', songCount: 1 });
    expect(ok(await other.getPlaylist({ id: shared.id })).playlist).toMatchObject({ name: 'admin shared', songCount: 1 });
  });
});

describe('writes at once', () => {
  it('phones and the web adding to one playlist at once: no entry lost, indexes 0..n-1', async () => {
    const { id } = ok(await phone.createPlaylist({ name: 'busy' })).playlist;
    const numeric = Number(id.slice(3));
    const PHONES = 4;
    const ROUNDS = 6;
    const pool = [s.prologue, s.mimi, s.oyasumi, s.short];
    const failures: string[] = [];
    await Promise.all([
      ...Array.from({ length: PHONES }, (_, i) => (async () => {
        const client = fx.client(i % 2 ? 'apiKey' : 'token', { post: i === 3 });
        for (let r = 0; r < ROUNDS; r++) {
          const a = await client.updatePlaylist({ playlistId: id, songIdToAdd: [pool[i]!] });
          if (a.status !== 'ok') failures.push(JSON.stringify(a));
        }
      })()),
      (async () => {
        for (let r = 0; r < ROUNDS; r++) {
          const a = await callApi(fx.srv, 'POST', `/api/playlists/${numeric}/tracks`, web, { hashes: [hashOf(s.long)] });
          if (a.status !== 200) failures.push(JSON.stringify(a.body));
        }
      })(),
    ]);
    expect(failures).toEqual([]);
    const entry = await songs(id);
    expect(entry.length).toBe((PHONES + 1) * ROUNDS);
    for (const song of [...pool, s.long]) expect(entry.filter((e) => e === song).length, song).toBe(ROUNDS);
    const rows = await fx.srv.services.db('playlist_entries').where({ playlist_id: numeric }).orderBy('position').select('position');
    expect(rows.map((r: { position: number }) => r.position)).toEqual(entry.map((_, i) => i));
  });
});

describe('a statement failing mid-change', () => {
  it('updatePlaylist renaming, removing and adding answers an error and changes nothing', async () => {
    const { db } = fx.srv.services;
    const { id } = ok(await phone.createPlaylist({ name: 'steady', songId: [s.prologue, s.mimi, s.oyasumi] })).playlist;
    const before = ok(await phone.getPlaylist({ id })).playlist;
    const badFile = Number(s.long.split('-')[2]);
    if (PG_MODE) {
      await db.raw(`CREATE FUNCTION injected_rest_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.file_id = ${badFile} THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await db.raw('CREATE TRIGGER injected_rest_fault BEFORE INSERT ON playlist_entries FOR EACH ROW EXECUTE FUNCTION injected_rest_fault()');
    } else {
      await db.raw(`CREATE TRIGGER injected_rest_fault BEFORE INSERT ON playlist_entries WHEN NEW.file_id = ${badFile} BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
    try {
      const answers = await Promise.all([
        phone.updatePlaylist({ playlistId: id, name: 'half', comment: 'half', songIndexToRemove: [0], songIdToAdd: [s.short, s.long] }),
        phone.createPlaylist({ playlistId: id, name: 'half', songId: [s.long] }),
      ]);
      for (const a of answers) expect(failed(a)).toMatchObject({ code: 0 });
      expect(ok(await phone.getPlaylist({ id })).playlist).toEqual(before);
      ok(await phone.updatePlaylist({ playlistId: id, songIdToAdd: [s.short] }));
      expect(await songs(id)).toEqual([s.prologue, s.mimi, s.oyasumi, s.short]);
    } finally {
      await db.raw('DROP TRIGGER injected_rest_fault' + (PG_MODE ? ' ON playlist_entries' : ''));
      if (PG_MODE) await db.raw('DROP FUNCTION injected_rest_fault()');
    }
  });
});
