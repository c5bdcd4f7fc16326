/**
 * The caller's marks on the players' albums and songs (src/subsonic/marks.ts, kept per
 * marks version; `users.marks_version` bumped by the triggers of migration
 * 20261228000000_marks_version): a rating or star written by the web, by a player or
 * straight into the database (as another server instance or process would) shows at the
 * next call; a call while nothing changed reads none of the caller's rows; an account
 * deleted and created again under the same name starts without the old marks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubsonicAPI } from 'subsonic-api';
import type { Knex } from 'knex';
import { createApiKey, createUser, deleteUsers } from '../../../src/users/index.js';
import { callApi } from '../../helpers/server.js';
import { LOGIN_PASSWORD, RJ189758, RJ265946, RJ299717, startSubsonicFixture, type SubsonicFixture } from './fixture.js';

let fx: SubsonicFixture;
let api: SubsonicAPI;
let db: Knex;
beforeAll(async () => {
  fx = await startSubsonicFixture();
  api = fx.client('apiKey');
  db = fx.srv.services.db;
});
afterAll(async () => { await fx?.close(); });

/** `user`'s marks version as stored. */
const versionOf = async (user: string) => Number((await db('users').where({ name: user }).first('marks_version')).marks_version);
/** Each album of getAlbumList2 (all of them) with the caller's [rating, starred?]. */
async function albumMarks(client: SubsonicAPI = api): Promise<Record<string, [number | undefined, boolean]>> {
  const answer = await client.getAlbumList2({ type: 'newest', size: 500 });
  expect(answer.status).toBe('ok');
  return Object.fromEntries((answer.albumList2.album ?? []).map((a) => [a.id, [a.userRating, Boolean(a.starred)]]));
}
const now = () => new Date().toISOString();

describe('the marks version', () => {
  it('moves with every write to a user’s stars and ratings, and with nothing else', async () => {
    const steps: [string, () => Promise<unknown>, number][] = [
      ['star a work', () => db('starred_works').insert({ user_name: 'guest1', work_id: RJ265946, created_at: now() }), 1],
      ['star a track', () => db('starred_tracks').insert({ user_name: 'guest1', work_id: RJ265946, file_id: 1, created_at: now() }), 1],
      ['a review without a rating', () => db('reviews').insert({ user_name: 'guest1', work_id: RJ189758, progress: 'marked', created_at: now(), updated_at: now() }), 0],
      ['its text', () => db('reviews').where({ user_name: 'guest1', work_id: RJ189758 }).update({ review_text: 'good', updated_at: now() }), 0],
      ['its rating', () => db('reviews').where({ user_name: 'guest1', work_id: RJ189758 }).update({ rating: 3 }), 1],
      ['the same rating again', () => db('reviews').where({ user_name: 'guest1', work_id: RJ189758 }).update({ rating: 3, progress: 'listened' }), 0],
      ['a rated review deleted', () => db('reviews').where({ user_name: 'guest1', work_id: RJ189758 }).delete(), 1],
      ['another user’s star', () => db('starred_works').insert({ user_name: 'listener', work_id: RJ299717, created_at: now() }), 0],
      ['unstar the track', () => db('starred_tracks').where({ user_name: 'guest1' }).delete(), 1],
      ['unstar the work', () => db('starred_works').where({ user_name: 'guest1' }).delete(), 1],
    ];
    try {
      for (const [what, write, moves] of steps) {
        const before = await versionOf('guest1');
        await write();
        expect(await versionOf('guest1') - before, what).toBe(moves);
      }
    } finally {
      await db('starred_works').where({ user_name: 'listener', work_id: RJ299717 }).delete();
    }
  });
});

describe("the players' marks", () => {
  it('a rating from the web and stars written by another process show at the next call', async () => {
    expect((await albumMarks())[`al-${RJ189758}`]).toEqual([undefined, false]);
    const token = await fx.srv.login('listener', LOGIN_PASSWORD);
    expect((await callApi(fx.srv, 'PUT', '/api/review?starOnly=true', token, { user_name: 'listener', work_id: RJ189758, rating: 5 })).status).toBe(200);
    expect((await albumMarks())[`al-${RJ189758}`]).toEqual([5, false]);

    const file = await db('files').where({ work_id: RJ265946, type: 'audio' }).orderBy('id').first('id');
    await db('starred_works').insert({ user_name: 'listener', work_id: RJ265946, created_at: now() });
    await db('starred_tracks').insert({ user_name: 'listener', work_id: RJ265946, file_id: file.id, created_at: now() });
    try {
      expect((await albumMarks())[`al-${RJ265946}`]).toEqual([undefined, true]);
      const songs = (await api.getAlbum({ id: `al-${RJ265946}` })).album.song ?? [];
      expect(songs.filter((s) => s.starred).map((s) => s.id)).toEqual([`tr-${RJ265946}-${file.id}`]);
      expect((await api.search3({ query: 'サキュバス' })).searchResult3.song?.filter((s) => s.starred).map((s) => s.id)).toEqual([`tr-${RJ265946}-${file.id}`]);
    } finally {
      await db('starred_works').where({ user_name: 'listener' }).delete();
      await db('starred_tracks').where({ user_name: 'listener' }).delete();
      await db('reviews').where({ user_name: 'listener' }).delete();
    }
    expect((await albumMarks())[`al-${RJ265946}`]).toEqual([undefined, false]);
    expect((await albumMarks())[`al-${RJ189758}`]).toEqual([undefined, false]);
  });

  it('a call while nothing changed reads none of the caller’s rows', async () => {
    await albumMarks();
    const statements: string[] = [];
    const record = (q: { sql: string }) => statements.push(q.sql);
    db.on('query', record);
    try {
      await albumMarks();
      await api.search3({ query: 'サキュバス' });
    } finally {
      db.off('query', record);
    }
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => /starred_works|starred_tracks|reviews/.test(sql))).toEqual([]);
  });

  it('an account deleted and created again under its name starts without the old marks', async () => {
    const signUp = async () => {
      await createUser(db, 'again', LOGIN_PASSWORD, 'user');
      return fx.client('apiKey', { apiKey: (await createApiKey(db, 'again', 'phone')).key });
    };
    const first = await signUp();
    expect((await first.star({ albumId: `al-${RJ265946}` })).status).toBe('ok');
    expect(await versionOf('again')).toBe(1);
    expect((await albumMarks(first))[`al-${RJ265946}`]).toEqual([undefined, true]);

    await deleteUsers(db, ['again']);
    const second = await signUp();
    expect((await second.star({ albumId: `al-${RJ189758}` })).status).toBe('ok');
    expect(await versionOf('again')).toBe(1);
    const marks = await albumMarks(second);
    expect([marks[`al-${RJ265946}`], marks[`al-${RJ189758}`]]).toEqual([[undefined, false], [undefined, true]]);
    await deleteUsers(db, ['again']);
  });
});
