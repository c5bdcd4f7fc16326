/**
 * One listener, several players: the play queue of the players' API is the web player's
 * play history record (PUT /api/histroy; positions ms <-> seconds), both ways; a scrobble
 * records a play in the history; setRating is the same review row as the web's stars;
 * stars are the caller's own. Driven by the `subsonic-api` client and the web's API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type SubsonicAPI from 'subsonic-api';
import { hideWork } from '../../../src/works/hide.js';
import { callApi } from '../../helpers/server.js';
import { LOGIN_PASSWORD, RJ01012345, RJ189758, RJ265946, RJ299717, startSubsonicFixture, type SubsonicFixture } from './fixture.js';

let fx: SubsonicFixture;
let phone: SubsonicAPI;
let web: string;
const f = {} as Record<'long' | 'short' | 'prologue' | 'mimi' | 'oyasumi', number>;
beforeAll(async () => {
  fx = await startSubsonicFixture();
  phone = fx.client('token');
  web = await fx.srv.login('listener', LOGIN_PASSWORD);
  f.long = await fx.fileId(RJ265946, 'long tone 10min.mp3');
  f.short = await fx.fileId(RJ265946, 'short.mp3');
  f.prologue = await fx.fileId(RJ01012345, '01_プロローグ.mp3');
  f.mimi = await fx.fileId(RJ01012345, '02_耳かき.mp3');
  f.oyasumi = await fx.fileId(RJ01012345, '03_おやすみ.mp3');
});
afterAll(async () => { await fx?.close(); });

const ok = <T extends { status: string }>(a: T) => { expect(a, JSON.stringify(a)).toMatchObject({ status: 'ok' }); return a; };
const webWork = async (id: number) => (await callApi(fx.srv, 'GET', `/api/work/${id}`, web)).body;
const history = async () => (await callApi(fx.srv, 'GET', '/api/histroy?order=updated_at&sort=desc', web)).body.works as { id: number; state: unknown }[];

describe('play queue', () => {
  it('savePlayQueue writes the history record the web player resumes from', async () => {
    ok(await phone.savePlayQueue({ id: [`tr-${RJ265946}-${f.short}`, `tr-${RJ265946}-${f.long}`], current: `tr-${RJ265946}-${f.long}`, position: 300_500 }));
    const [latest] = await history();
    expect(latest!.id).toBe(RJ265946);
    expect(latest!.state).toEqual({
      queue: [
        { hash: `${RJ265946}/${f.short}`, title: 'short.mp3', workTitle: 'サキュバスアカデミア', duration: expect.any(Number) },
        { hash: `${RJ265946}/${f.long}`, title: 'long tone 10min.mp3', workTitle: 'サキュバスアカデミア', duration: expect.closeTo(600, 0) },
      ],
      index: 1,
      seconds: 300.5,
    });
    expect((await webWork(RJ265946)).state).toEqual(latest!.state);
    // the works list carries the same state
    const listed = (await callApi(fx.srv, 'GET', '/api/works?order=id&sort=desc', web)).body.works.find((w: { id: number }) => w.id === RJ265946);
    expect(listed.state).toEqual(latest!.state);
  });

  it('getPlayQueue answers what the web player saved, seconds as ms', async () => {
    const state = {
      queue: [f.prologue, f.mimi, f.oyasumi].map((id, i) => ({ hash: `${RJ01012345}/${id}`, title: ['01_プロローグ.mp3', '02_耳かき.mp3', '03_おやすみ.mp3'][i]!, workTitle: '【癒やし】雨音と耳かきの夜', duration: 5 })),
      index: 1,
      seconds: 3.257,
    };
    expect((await callApi(fx.srv, 'PUT', '/api/histroy', web, { work_id: RJ01012345, state })).status).toBe(200);
    const playQueue = ok(await phone.getPlayQueue()).playQueue!;
    expect(playQueue).toMatchObject({ current: `tr-${RJ01012345}-${f.mimi}`, position: 3257, username: 'listener' });
    expect(playQueue.entry!.map((e) => [e.id, e.title, e.track])).toEqual([
      [`tr-${RJ01012345}-${f.prologue}`, '01_プロローグ', 1],
      [`tr-${RJ01012345}-${f.mimi}`, '02_耳かき', 2],
      [`tr-${RJ01012345}-${f.oyasumi}`, '03_おやすみ', 3],
    ]);
    expect(Date.parse(String(playQueue.changed))).toBeGreaterThan(Date.now() - 60_000);
    // and back: the phone saves where it is, the web reads it to the millisecond
    ok(await phone.savePlayQueue({ id: playQueue.entry!.map((e) => e.id), current: `tr-${RJ01012345}-${f.oyasumi}`, position: 1234 }));
    expect((await webWork(RJ01012345)).state).toMatchObject({ index: 2, seconds: 1.234 });
    expect(ok(await phone.getPlayQueue()).playQueue).toMatchObject({ current: `tr-${RJ01012345}-${f.oyasumi}`, position: 1234 });
  });

  it('a queue of several works is the record of the current song\'s work; POST works too', async () => {
    const post = fx.client('apiKey', { post: true });
    ok(await post.savePlayQueue({ id: [`tr-${RJ01012345}-${f.prologue}`, `tr-${RJ265946}-${f.short}`], current: `tr-${RJ265946}-${f.short}`, position: 0 }));
    const [latest] = await history();
    expect(latest!.id).toBe(RJ265946);
    expect(latest!.state).toMatchObject({ index: 1, seconds: 0, queue: [{ hash: `${RJ01012345}/${f.prologue}` }, { hash: `${RJ265946}/${f.short}` }] });
    expect(ok(await phone.getPlayQueue()).playQueue!.entry!.map((e) => e.albumId)).toEqual([`al-${RJ01012345}`, `al-${RJ265946}`]);
  });

  it('refuses unknown, hidden and malformed songs and a current outside the queue, writing nothing', async () => {
    const before = await history();
    const hiddenSong = `tr-${RJ189758}-${await fx.fileId(RJ189758, 'WAV/part 1.wav')}`;
    await hideWork(fx.srv.services.db, RJ189758);
    for (const id of [hiddenSong, `tr-${RJ265946}-${f.prologue}`, 'al-265946', 'bad']) {
      expect(await phone.savePlayQueue({ id: [id], position: 0 }), id).toMatchObject({ status: 'failed', error: { code: 70 } });
    }
    expect(await phone.savePlayQueue({ id: [`tr-${RJ265946}-${f.short}`], current: `tr-${RJ265946}-${f.long}`, position: 0 })).toMatchObject({ status: 'failed', error: { code: 0 } });
    ok(await phone.savePlayQueue({ position: 0 })); // an empty queue names no work: nothing is written
    expect(await history()).toEqual(before);
  });

  it('getPlayQueue answers no queue for a user without history', async () => {
    const queue = ok(await fx.client('token', { user: 'admin' }).getPlayQueue());
    expect(queue).not.toHaveProperty('playQueue');
  });
});

describe('scrobble', () => {
  it('submission=true records a play: a new record at the song, or the work moves to the top', async () => {
    ok(await phone.scrobble({ id: `tr-${RJ299717}-${await fx.fileId(RJ299717, 'Rain Day ASMR/mp3/02 Rain.mp3')}` }));
    const [top] = await history();
    expect(top!.id).toBe(RJ299717);
    expect(top!.state).toMatchObject({ index: 1, seconds: 0, queue: [{ title: '01 Rain.mp3' }, { title: '02 Rain.mp3' }] });
    // a song of a saved queue: the saved position stays, the work comes first again
    const saved = (await webWork(RJ01012345)).state;
    ok(await phone.scrobble({ id: `tr-${RJ01012345}-${f.prologue}`, submission: true }));
    const [again] = await history();
    expect(again!.id).toBe(RJ01012345);
    expect(again!.state).toEqual(saved);
  });

  it('submission=false (now playing) writes nothing; an unknown song is code 70', async () => {
    const before = await history();
    ok(await phone.scrobble({ id: `tr-${RJ265946}-${f.long}`, submission: false }));
    expect(await history()).toEqual(before);
    expect(await phone.scrobble({ id: 'tr-1-1' })).toMatchObject({ status: 'failed', error: { code: 70 } });
  });
});

describe('ratings and stars', () => {
  it('setRating is the rating of the web: one review row, both ways; 0 removes it', async () => {
    ok(await phone.setRating({ id: `al-${RJ265946}`, rating: 4 }));
    expect((await webWork(RJ265946)).userRating).toBe(4);
    const reviews = (await callApi(fx.srv, 'GET', '/api/review', web)).body.works as { id: number; userRating: number }[];
    expect(reviews.map((w) => [w.id, w.userRating])).toEqual([[RJ265946, 4]]);
    expect((await callApi(fx.srv, 'PUT', '/api/review', web, { work_id: RJ265946, rating: 2 })).status).toBe(200);
    expect(ok(await phone.getAlbum({ id: `al-${RJ265946}` })).album.userRating).toBe(2);
    expect(await fx.srv.services.db('reviews').where({ user_name: 'listener' }).count({ n: '*' })).toEqual([{ n: 1 }]);
    ok(await phone.setRating({ id: `al-${RJ265946}`, rating: 0 }));
    expect((await webWork(RJ265946)).userRating).toBeNull();
    expect(await phone.setRating({ id: `tr-${RJ265946}-${f.long}`, rating: 3 })).toMatchObject({ status: 'failed', error: { code: 0, message: 'only albums (works) can be rated' } });
    expect(await phone.setRating({ id: 'al-999999', rating: 3 })).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('star and unstar albums and songs, per user', async () => {
    ok(await phone.star({ albumId: `al-${RJ01012345}`, id: `tr-${RJ265946}-${f.long}` }));
    ok(await phone.star({ id: `al-${RJ01012345}` })); // again: no error
    const starred = ok(await phone.getStarred2()).starred2;
    expect(starred.album!.map((a) => a.id)).toEqual([`al-${RJ01012345}`]);
    expect(starred.song!.map((s) => [s.id, Boolean(s.starred)])).toEqual([[`tr-${RJ265946}-${f.long}`, true]]);
    expect(ok(await phone.getStarred()).starred.album!.map((a) => [a.id, a.isDir])).toEqual([[`al-${RJ01012345}`, true]]);
    expect(ok(await fx.client('token', { user: 'admin' }).getStarred2()).starred2).toEqual({ artist: [], album: [], song: [] });
    expect(ok(await phone.getSong({ id: `tr-${RJ265946}-${f.long}` })).song.starred).toBeTruthy();
    ok(await phone.unstar({ id: [`al-${RJ01012345}`, `tr-${RJ265946}-${f.long}`] }));
    expect(ok(await phone.getStarred2()).starred2).toEqual({ artist: [], album: [], song: [] });
    expect(await phone.star({ id: `al-${RJ189758}` })).toMatchObject({ status: 'failed', error: { code: 70 } }); // hidden above
    expect(await phone.star({ artistId: 'ar-c1' })).toMatchObject({ status: 'failed', error: { code: 0 } });
    expect(await phone.star({})).toMatchObject({ status: 'failed', error: { code: 10 } });
  });
});
