/**
 * One album per work (src/subsonic/variants.ts, README.md "One album per work"): a work
 * holding its tracks in several formats (`mp3/` and `wav/` copies, made with ffmpeg here)
 * is one album listing each track once, the lossless copy by default and the lossy one
 * with config `subsonicVariant` lossy, its song count and duration those of that copy, in
 * getAlbum, getAlbumList2, search3 and getRandomSongs; getMusicDirectory still reaches every
 * copy as a folder. Folders of one format with the same names (`SE有り/`, `SE無し/`) or a
 * track more or less are not copies. Real server, the `subsonic-api` client, the run's engine.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type SubsonicAPI from 'subsonic-api';
import { scanLibrary } from '../../../src/scan/index.js';
import { makeTone } from '../../unit/library/helpers.js';
import { startSubsonicFixture, type SubsonicFixture } from './fixture.js';

const COPIES = 400001;
const MIXES = 400002;
const NESTED = 400003;
const PARTIAL = 400004;

let fx: SubsonicFixture;
let api: SubsonicAPI;
beforeAll(async () => {
  fx = await startSubsonicFixture();
  api = fx.client('token');
  const work = (id: number, title: string) => path.join(fx.library, `RJ${id} ${title}`);
  for (const [name, seconds] of [['01 opening', 3], ['02 main', 5]] as const) {
    makeTone(path.join(work(COPIES, 'copies'), 'mp3', `${name}.mp3`), seconds);
    makeTone(path.join(work(COPIES, 'copies'), 'wav', `${name}.wav`), seconds);
  }
  makeTone(path.join(work(MIXES, 'mixes'), 'SE有り', '01 track.mp3'), 2);
  makeTone(path.join(work(MIXES, 'mixes'), 'SE無し', '01 track.mp3'), 2);
  makeTone(path.join(work(NESTED, 'nested'), '本編', 'MP3', '01 本編.mp3'), 4);
  makeTone(path.join(work(NESTED, 'nested'), '本編', 'FLAC', '01 本編.flac'), 4);
  makeTone(path.join(work(NESTED, 'nested'), '特典', '01 おまけ.mp3'), 1);
  makeTone(path.join(work(PARTIAL, 'partial'), 'mp3', '01 a.mp3'), 1);
  makeTone(path.join(work(PARTIAL, 'partial'), 'mp3', '02 b.mp3'), 1);
  makeTone(path.join(work(PARTIAL, 'partial'), 'wav', '01 a.wav'), 1);
  const scan = await scanLibrary(fx.srv.services.db, { roots: [{ name: 'library', path: fx.library }], maxDepth: 2 });
  expect(scan.failed).toBe(0);
}, 180_000);
afterAll(async () => { await fx?.close(); });

const ok = <T extends { status: string }>(a: T) => { expect(a, JSON.stringify(a)).toMatchObject({ status: 'ok' }); return a; };
/** getAlbum of a work: name-free summary of what a player shows. */
async function album(workId: number) {
  const a = ok(await api.getAlbum({ id: `al-${workId}` })).album;
  return { songCount: a.songCount, duration: a.duration, songs: (a.song ?? []).map((s) => [`${s.title}.${s.suffix}`, s.track, s.discNumber]), discs: (a as { discTitles?: unknown }).discTitles };
}
/** A work's [songCount, duration] in getAlbumList2 newest. */
async function listed(workId: number) {
  const found = (ok(await api.getAlbumList2({ type: 'newest', size: 500 })).albumList2.album ?? []).find((a) => a.id === `al-${workId}`)!;
  return [found.songCount, found.duration];
}

describe('a work with mp3/ and wav/ copies', () => {
  it('is one album of the lossless copy: each track once, its count and duration', async () => {
    expect(await album(COPIES)).toEqual({ songCount: 2, duration: 8, songs: [['01 opening.wav', 1, undefined], ['02 main.wav', 2, undefined]], discs: [] });
    expect(await listed(COPIES)).toEqual([2, 8]);
  });

  it('lists the same copy in search3 (paged sync and title search) and getRandomSongs', async () => {
    const all = [];
    for (let offset = 0; ; offset += 7) {
      const page = ok(await api.search3({ query: '', songCount: 7, songOffset: offset, albumCount: 0, artistCount: 0 })).searchResult3.song ?? [];
      all.push(...page);
      if (page.length < 7) break;
    }
    expect(all.filter((s) => s.albumId === `al-${COPIES}`).map((s) => `${s.title}.${s.suffix}`)).toEqual(['01 opening.wav', '02 main.wav']);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    const titled = ok(await api.search3({ query: 'opening', albumCount: 0, artistCount: 0 })).searchResult3.song ?? [];
    expect(titled.map((s) => `${s.title}.${s.suffix}`)).toEqual(['01 opening.wav']);
    for (let n = 0; n < 5; n++) {
      for (const s of ok(await api.getRandomSongs({ size: 50 })).randomSongs.song ?? []) if (s.albumId === `al-${COPIES}`) expect(s.suffix).toBe('wav');
    }
  });

  it('keeps every copy reachable as a folder through getMusicDirectory', async () => {
    const top = ok(await api.getMusicDirectory({ id: `al-${COPIES}` })).directory;
    expect(top.child!.map((c) => [c.title, c.isDir])).toEqual([['mp3', true], ['wav', true]]);
    const mp3 = ok(await api.getMusicDirectory({ id: top.child![0]!.id })).directory;
    expect(mp3.child!.map((c) => [`${c.title}.${c.suffix}`, c.track])).toEqual([['01 opening.mp3', 1], ['02 main.mp3', 2]]);
    const song = ok(await api.getSong({ id: mp3.child![1]!.id })).song;
    expect(song).toMatchObject({ suffix: 'mp3', albumId: `al-${COPIES}`, parent: top.child![0]!.id });
    const stream = await fetch(new URL(`/rest/stream?${new URLSearchParams({ ...fx.keyParams, id: song.id })}`, fx.srv.url));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('audio/mpeg');
    await stream.arrayBuffer();
  });

  it('lists the lossy copy with subsonicVariant lossy', async () => {
    const config = fx.srv.services.config;
    config.subsonicVariant = 'lossy';
    try {
      const lossy = await album(COPIES);
      expect(lossy.songs).toEqual([['01 opening.mp3', 1, undefined], ['02 main.mp3', 2, undefined]]);
      expect(lossy.songCount).toBe(2);
      const [{ d }] = await fx.srv.services.db('files').where({ work_id: COPIES, type: 'audio' }).whereLike('relpath', 'mp3/%').sum({ d: 'duration' });
      expect(lossy.duration).toBe(Math.round(Number(d)));
      expect(await listed(COPIES)).toEqual([2, lossy.duration]);
    } finally {
      config.subsonicVariant = 'lossless';
    }
    expect(await listed(COPIES)).toEqual([2, 8]);
  });
});

describe('folders that are not copies', () => {
  it('one format with the same names (SE有り/, SE無し/): both listed, as discs', async () => {
    const a = await album(MIXES);
    expect(a.songCount).toBe(2);
    expect(a.songs).toEqual([['01 track.mp3', 1, 1], ['01 track.mp3', 2, 2]]);
    expect(a.discs).toEqual([{ disc: 1, title: 'SE有り' }, { disc: 2, title: 'SE無し' }]);
  });

  it('a copy with a track less: both listed', async () => {
    expect((await album(PARTIAL)).songCount).toBe(3);
  });

  it('copies nested below a folder (本編/MP3, 本編/FLAC) are found there, beside a folder of their own', async () => {
    const a = await album(NESTED);
    expect(a.songs).toEqual([['01 本編.flac', 1, 1], ['01 おまけ.mp3', 2, 2]]);
    expect([a.songCount, a.duration]).toEqual([2, 5]);
  });
});
