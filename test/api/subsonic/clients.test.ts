/**
 * Answers every player can parse (src/subsonic/README.md "The mapping", "Answers"), with a
 * real Subsonic client (`subsonic-api`) against the real server and the scanned fixture
 * library: every album and song names an artist (the unknown circle when a work has
 * neither circle nor voice actor, an artist getArtist and getArtists answer); song paths
 * are unique across the library; album names carry the work code (config
 * subsonicCodeInName); search matches track titles; `coverArt` only where getCoverArt
 * answers an image; a play queue of 1,000 songs by GET (a URL over Node's default 16 KB
 * head) and by POST; CORS on /rest; unknown and unimplemented methods answer a Subsonic
 * error in the format asked for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type SubsonicAPI from 'subsonic-api';
import { scanLibrary } from '../../../src/scan/index.js';
import { RJ01012345, RJ265946, RJ299717, startSubsonicFixture, type SubsonicFixture } from './fixture.js';
import { parseXml } from './xml.js';

let fx: SubsonicFixture;
let api: SubsonicAPI;

beforeAll(async () => {
  fx = await startSubsonicFixture();
  api = fx.client('token');
  // a second work with a file of the same path inside its folder as one of RJ265946's
  fs.copyFileSync(path.join(await fx.workDir(RJ265946), 'short.mp3'), path.join(await fx.workDir(RJ01012345), 'short.mp3'));
  // and a work without any cover: no metadata, and its only image gone
  fs.rmSync(path.join(await fx.workDir(RJ299717), 'Rain Day ASMR', 'cover.png'));
  const scan = await scanLibrary(fx.srv.services.db, { roots: [{ name: 'library', path: fx.library }], maxDepth: 2 });
  expect(scan.failed).toBe(0);
});
afterAll(async () => { await fx?.close(); });

/** The answer after checking it succeeded. */
function ok<T extends { status: string }>(answer: T): T {
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 'ok' });
  return answer;
}
/** Every album (getAlbumList2) and every song (search3 with an empty query). */
async function everything() {
  const album = ok(await api.getAlbumList2({ type: 'newest', size: 500 })).albumList2.album ?? [];
  const song = ok(await api.search3({ query: '', songCount: 500, albumCount: 0, artistCount: 0 })).searchResult3.song ?? [];
  return { album, song };
}

describe('artists', () => {
  it('every album and song names an artist; a work with neither circle nor voice actor has the unknown circle', async () => {
    const { album, song } = await everything();
    expect(album.length).toBe(5);
    for (const a of [...album, ...song]) {
      expect(a.artist, a.id).toBeTruthy();
      expect(a.artistId, a.id).toMatch(/^ar-/);
    }
    // RJ299717 has no metadata: no circle and no voice actor
    const rain = album.find((a) => a.id === `al-${RJ299717}`)!;
    expect([rain.artist, rain.artistId]).toEqual(['unknown circle', 'ar-unknown']);
    const rainSongs = song.filter((s) => s.albumId === `al-${RJ299717}`);
    expect(rainSongs.length).toBe(2); // one copy of its flac/, mp3/ and opus/ tracks
    for (const s of rainSongs) expect([s.artist, s.artistId]).toEqual(['unknown circle', 'ar-unknown']);
    const unknownAlbums = album.filter((a) => a.artistId === 'ar-unknown').map((a) => a.id).sort();
    expect(unknownAlbums).toContain(`al-${RJ299717}`);

    const { artist } = ok(await api.getArtist({ id: 'ar-unknown' }));
    expect(artist).toMatchObject({ id: 'ar-unknown', name: 'unknown circle', albumCount: unknownAlbums.length });
    expect(artist.album!.map((a) => a.id).sort()).toEqual(unknownAlbums);
    const listed = ok(await api.getArtists()).artists.index!.flatMap((i) => i.artist ?? []);
    expect(listed).toContainEqual(expect.objectContaining({ id: 'ar-unknown', name: 'unknown circle', albumCount: unknownAlbums.length }));
    const dir = ok(await api.getMusicDirectory({ id: 'ar-unknown' })).directory;
    expect(dir.child!.map((c) => c.id).sort()).toEqual(unknownAlbums);
  });
});

describe('paths', () => {
  it('are unique across the library: {artist}/{code} {title}/{path in the work}', async () => {
    const { song } = await everything();
    const paths = song.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    const shortOf = (workId: number) => song.filter((s) => s.title === 'short' && s.albumId === `al-${workId}`).map((s) => s.path);
    expect(shortOf(RJ01012345)).toEqual(['unknown circle/RJ01012345 【癒やし】雨音と耳かきの夜/short.mp3']);
    expect(shortOf(RJ265946)).toEqual([expect.stringMatching(/^[^/]+\/RJ265946 サキュバスアカデミア\/short\.mp3$/)]);
    expect(song.find((s) => s.albumId === `al-${RJ299717}`)!.path).toBe('unknown circle/RJ299717/Rain Day ASMR/flac/01 Rain.flac');
  });
});

describe('album names', () => {
  it('start with the work code, so a player filtering a code search by name keeps it; subsonicCodeInName false leaves the title', async () => {
    const found = ok(await api.search3({ query: 'RJ265946' })).searchResult3;
    expect(found.album!.map((a) => a.name)).toEqual(['RJ265946 サキュバスアカデミア']);
    for (const s of found.song!) expect(s.album).toBe('RJ265946 サキュバスアカデミア');
    expect(ok(await api.search2({ query: 'RJ265946' })).searchResult2.album!.map((a) => a.title)).toEqual(['RJ265946 サキュバスアカデミア']);
    // a work titled by its code is not named twice
    expect(ok(await api.getAlbum({ id: `al-${RJ299717}` })).album.name).toBe('RJ299717');
    const config = fx.srv.services.config;
    config.subsonicCodeInName = false;
    try {
      const album = ok(await api.getAlbum({ id: `al-${RJ265946}` })).album;
      expect(album.name).toBe('サキュバスアカデミア');
      expect(album.song![0]!.album).toBe('サキュバスアカデミア');
    } finally {
      config.subsonicCodeInName = true;
    }
  });
});

describe('search', () => {
  it('search3 and search2 find songs by their titles, in works the query does not find', async () => {
    const found = ok(await api.search3({ query: 'short' })).searchResult3;
    expect(found.album).toEqual([]);
    expect(found.song!.map((s) => [s.title, s.albumId]).sort()).toEqual([['short', `al-${RJ01012345}`], ['short', `al-${RJ265946}`]]);
    const two = ok(await api.search2({ query: 'SHORT' })).searchResult2;
    expect(two.song!.map((s) => s.title)).toEqual(['short', 'short']);
    // paged as one list with the found works' songs
    const page = ok(await api.search3({ query: 'short', songCount: 1, songOffset: 1 })).searchResult3;
    expect(page.song!.map((s) => s.id)).toEqual([found.song![1]!.id]);
    // a work found by its title lists its songs after the titled ones of other works
    const mixed = ok(await api.search3({ query: '耳かき', songCount: 50 })).searchResult3;
    expect(mixed.album!.map((a) => a.id)).toEqual([`al-${RJ01012345}`]);
    expect(mixed.song!.every((s) => s.albumId === `al-${RJ01012345}`)).toBe(true);
  });
});

describe('covers', () => {
  it('coverArt is named only for albums and songs whose cover getCoverArt answers', async () => {
    const { album, song } = await everything();
    const without = album.filter((a) => !a.coverArt);
    expect(without.length).toBeGreaterThan(0);
    expect(album.length - without.length).toBeGreaterThan(0);
    for (const a of album) {
      const res = await fx.raw('getCoverArt', { ...fx.keyParams, id: a.id });
      const image = res.headers.get('content-type')?.startsWith('image/') ?? false;
      expect(image, a.id).toBe(Boolean(a.coverArt));
    }
    for (const s of song) expect(Boolean(s.coverArt), s.id).toBe(Boolean(album.find((a) => a.id === s.albumId)!.coverArt));
  });
});

describe('long play queues', () => {
  it.each([['GET', false], ['POST', true]])('savePlayQueue of 1,500 songs by %s, then getPlayQueue answers them', async (_how, post) => {
    const { song } = await everything();
    const ids = Array.from({ length: 1500 }, (_, i) => song[i % song.length]!.id);
    const client = fx.client('token', { post });
    if (!post) {
      const url = new URL(`${fx.srv.url}/rest/savePlayQueue`);
      for (const id of ids) url.searchParams.append('id', id);
      expect(url.href.length).toBeGreaterThan(20 * 1024); // past Node's default head size (16 KB)
    }
    ok(await client.savePlayQueue({ id: ids, current: ids[1499], position: 1500 }));
    const queue = ok(await client.getPlayQueue()).playQueue!;
    expect(queue.entry).toHaveLength(1500);
    expect(queue).toMatchObject({ current: ids[1499], position: 1500 });
  });
});

describe('CORS', () => {
  it('any origin may call /rest, and an OPTIONS preflight is answered', async () => {
    const origin = { origin: 'https://player.example' };
    const ping = await fx.raw('ping', { ...fx.keyParams, f: 'json' }, { headers: origin });
    expect(ping.headers.get('access-control-allow-origin')).toBe('*');
    const failed = await fx.raw('getAlbum', { f: 'json', id: 'al-1' }, { headers: origin });
    expect(JSON.parse(failed.text)['subsonic-response'].error.code).toBe(10);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    const stream = await fx.raw('stream', { ...fx.keyParams, id: (await everything()).song[0]!.id }, { headers: { ...origin, range: 'bytes=0-9' } });
    expect(stream.status).toBe(206);
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${fx.srv.url}/rest/savePlayQueue.view`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');
  });
});

describe('unknown methods', () => {
  it.each(['noSuchMethod', 'getShares', 'jukeboxControl.view'])('%s answers a Subsonic error (HTTP 200) in XML or JSON as asked', async (method) => {
    const json = await fx.raw(method, { ...fx.keyParams, f: 'json' });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(json.text)['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0 } });
    const xml = await fx.raw(method, { ...fx.keyParams });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toContain('text/xml');
    const root = parseXml(xml.text);
    expect(root.attrs.status).toBe('failed');
    expect(root.children[0]).toMatchObject({ name: 'error', attrs: { code: '0' } });
    expect(root.children[0]!.attrs.message).toContain(method.replace(/\.view$/, ''));
  });
});
