/**
 * The players' API (src/subsonic) driven by a real Subsonic client (`subsonic-api`, token
 * sign-in with a fresh salt per call) against the real server and the scanned fixture
 * library: every browsing, list, search, lyric and system endpoint answers what a player
 * shows; the JSON and XML forms of the same call agree and the XML is well formed in the
 * Subsonic namespace; POST form bodies, `.view` and unknown methods; NUL bytes refused
 * as Subsonic errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type SubsonicAPI from 'subsonic-api';
import { claimTask, completeTask } from '../../../src/lyrics/claims.js';
import { createTaskForFile } from '../../../src/lyrics/tasks.js';
import { RJ01012345, RJ189758, RJ265946, RJ299717, startSubsonicFixture, type SubsonicFixture } from './fixture.js';
import { elementOfJson, parseXml } from './xml.js';

let fx: SubsonicFixture;
let api: SubsonicAPI;
/** Names the crawler saved: RJ265946's circle and a tag only it has, a voice actor of RJ173248 (RJ265946 has none). */
let meta: { circleId: number; circle: string; vaId: string; va: string; tag: string };
const RJ173248 = 173248;
const VISIBLE = [RJ01012345, 173248, RJ189758, RJ265946, RJ299717].map((id) => `al-${id}`).sort();

beforeAll(async () => {
  fx = await startSubsonicFixture();
  api = fx.client('token');
  const db = fx.srv.services.db;
  const circle = await db('works').join('circles', 'circles.id', 'works.circle_id').where('works.id', RJ265946).first('circles.id', 'circles.name');
  const va = await db('work_vas').join('vas', 'vas.id', 'work_vas.va_id').where('work_vas.work_id', RJ173248).orderBy('vas.name').first('vas.id', 'vas.name');
  const tag = await db('work_tags').join('tags', 'tags.id', 'work_tags.tag_id').where('work_tags.work_id', RJ265946)
    .whereNotIn('work_tags.tag_id', db('work_tags').whereNot('work_id', RJ265946).select('tag_id')).orderBy('tags.id').first('tags.name');
  meta = { circleId: circle.id, circle: circle.name, vaId: va.id, va: va.name, tag: tag.name };
});
afterAll(async () => { await fx?.close(); });

/** The answer after checking it succeeded. */
function ok<T extends { status: string }>(answer: T): T {
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 'ok', version: '1.16.1', type: 'audiolib', openSubsonic: true });
  return answer;
}
const songId = async (workId: number, relpath: string) => `tr-${workId}-${await fx.fileId(workId, relpath)}`;
const ids = (items: { id: string }[] | undefined) => (items ?? []).map((a) => a.id);
/** OpenSubsonic answers `lyricsList: {structuredLyrics: [...]}` (the client's type says a bare list). */
interface Lines { synced?: boolean; displayTitle?: string; line?: { start?: number; value: string }[] }
const lyricsOf = async (id: string) => (ok(await api.getLyricsBySongId({ id })).lyricsList as unknown as { structuredLyrics: Lines[] }).structuredLyrics;

describe('system', () => {
  it('ping, getLicense, tokenInfo, getScanStatus and the empty answers of features audiolib has not', async () => {
    ok(await api.ping());
    expect(ok(await api.getLicense()).license.valid).toBe(true);
    expect(ok(await fx.client('apiKey').customJSON<{ tokenInfo: { username: string } }>('tokenInfo', {}) as never as { status: string; tokenInfo: { username: string } }).tokenInfo.username).toBe('listener');
    expect(ok(await api.getScanStatus()).scanStatus.scanning).toBe(false);
    expect(ok(await api.getPlaylists()).playlists).toEqual({ playlist: [] });
    expect(ok(await api.getBookmarks()).bookmarks).toEqual({ bookmark: [] });
  });

  it('getOpenSubsonicExtensions lists formPost, songLyrics, transcodeOffset and apiKeyAuthentication, without signing in', async () => {
    const names = ok(await api.getOpenSubsonicExtensions()).openSubsonicExtensions.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['formPost', 'songLyrics', 'transcodeOffset', 'apiKeyAuthentication']));
    const anonymous = JSON.parse((await fx.raw('getOpenSubsonicExtensions', { f: 'json' })).text)['subsonic-response'];
    expect(anonymous.status).toBe('ok');
    expect(anonymous.openSubsonicExtensions).toContainEqual({ name: 'apiKeyAuthentication', versions: [1] });
  });

  it('getUser answers the roles of the group', async () => {
    expect(ok(await api.getUser({ username: 'listener' })).user).toMatchObject({ username: 'listener', adminRole: false, streamRole: true, downloadRole: true, scrobblingEnabled: true, playlistRole: true, folder: [1] });
    expect(ok(await fx.client('token', { user: 'guest1' }).getUser({ username: 'guest1' })).user).toMatchObject({ adminRole: false, streamRole: true, downloadRole: false, scrobblingEnabled: false, settingsRole: false, playlistRole: false });
    expect(ok(await fx.client('token', { user: 'admin' }).getUser({ username: 'listener' })).user.username).toBe('listener');
    expect(ok(await fx.client('token', { user: 'admin' }).getUser({ username: 'admin' })).user.adminRole).toBe(true);
  });
});

describe('browsing by folders', () => {
  it('getMusicFolders: one per configured root', async () => {
    expect(ok(await api.getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'library' }]);
  });

  it('a library scanned by path with no rootFolders set is still a music folder, and musicFolderId narrows to it', async () => {
    const config = fx.srv.services.config;
    const roots = config.rootFolders;
    try {
      config.rootFolders = [];
      expect(ok(await api.getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'library' }]);
      expect(ok(await api.getUser({ username: 'listener' })).user.folder).toEqual([1]);
      const listed = ok(await api.getAlbumList2({ type: 'alphabeticalByName', size: 500, musicFolderId: 1 })).albumList2.album ?? [];
      expect(ids(listed).sort()).toEqual(VISIBLE);
      expect(await api.getAlbumList2({ type: 'alphabeticalByName', musicFolderId: 2 })).toMatchObject({ status: 'failed', error: { code: 70 } });
      // a configured root comes first; the works' other roots follow it
      config.rootFolders = [{ name: 'nas', path: '/srv/nothing-here' }];
      expect(ok(await api.getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'nas' }, { id: 2, name: 'library' }]);
      expect(ok(await api.getIndexes({ musicFolderId: 1 })).indexes.index ?? []).toEqual([]);
      expect(ids((ok(await api.getIndexes({ musicFolderId: 2 })).indexes.index ?? []).flatMap((i) => i.artist ?? [])).sort()).toEqual(VISIBLE);
    } finally {
      config.rootFolders = roots;
    }
  });

  it('getIndexes lists every visible work once, and nothing new since its lastModified', async () => {
    const { indexes } = ok(await api.getIndexes({ musicFolderId: 1 }));
    expect(indexes.index!.flatMap((i) => ids(i.artist)).sort()).toEqual(VISIBLE);
    expect(indexes.index!.find((i) => i.name === 'R')!.artist).toEqual([{ id: `al-${RJ299717}`, name: 'RJ299717' }]);
    expect(ok(await api.getIndexes({ ifModifiedSince: indexes.lastModified })).indexes.index ?? []).toEqual([]);
    expect(await api.getIndexes({ musicFolderId: 9 })).toMatchObject({ status: 'failed', error: { code: 70 } });
  });

  it('getMusicDirectory walks a work\'s real sub-folders down to its songs', async () => {
    const top = ok(await api.getMusicDirectory({ id: `al-${RJ299717}` })).directory;
    expect(top.name).toBe('RJ299717');
    expect(top.child!.map((c) => [c.title, c.isDir])).toEqual([['Rain Day ASMR', true]]);
    const inner = ok(await api.getMusicDirectory({ id: top.child![0]!.id })).directory;
    expect(inner.parent).toBe(`al-${RJ299717}`);
    expect(inner.child!.map((c) => c.title)).toEqual(['flac', 'mp3', 'opus']);
    const mp3 = ok(await api.getMusicDirectory({ id: inner.child![1]!.id })).directory;
    expect(mp3.child!.map((c) => [c.title, c.suffix, c.isDir, c.parent, c.path])).toEqual([
      ['01 Rain', 'mp3', false, inner.child![1]!.id, 'unknown circle/RJ299717/Rain Day ASMR/mp3/01 Rain.mp3'],
      ['02 Rain', 'mp3', false, inner.child![1]!.id, 'unknown circle/RJ299717/Rain Day ASMR/mp3/02 Rain.mp3'],
    ]);
    // only folders holding audio, never the bonus zip or the manual
    const machine = ok(await api.getMusicDirectory({ id: `al-${RJ189758}` })).directory;
    expect(machine.child!.map((c) => c.title)).toEqual(['WAV']);
  });

  it('getMusicDirectory of an artist lists their works', async () => {
    const dir = ok(await api.getMusicDirectory({ id: `ar-c${meta.circleId}` })).directory;
    expect(dir.name).toBe(meta.circle);
    expect(ids(dir.child)).toEqual([`al-${RJ265946}`]);
  });
});

describe('browsing by tags', () => {
  it('getArtists: circles and voice actors with their album counts', async () => {
    const artists = ok(await api.getArtists()).artists.index!.flatMap((i) => i.artist ?? []);
    expect(artists).toContainEqual(expect.objectContaining({ id: `ar-c${meta.circleId}`, name: meta.circle, albumCount: 1 }));
    expect(artists).toContainEqual(expect.objectContaining({ id: `ar-v${meta.vaId}`, name: meta.va, albumCount: 1 }));
  });

  it('getArtist: the artist with its albums', async () => {
    const { artist } = ok(await api.getArtist({ id: `ar-v${meta.vaId}` }));
    expect(artist).toMatchObject({ name: meta.va, albumCount: 1 });
    expect(artist.album!.map((a) => [a.id, a.songCount])).toEqual([[`al-${RJ173248}`, 2]]);
  });

  it('getAlbum: the work as an album, its tracks as songs in play order', async () => {
    const { album } = ok(await api.getAlbum({ id: `al-${RJ265946}` }));
    expect(album).toMatchObject({ id: `al-${RJ265946}`, name: 'RJ265946 サキュバスアカデミア', artist: meta.circle, artistId: `ar-c${meta.circleId}`, coverArt: `al-${RJ265946}`, songCount: 2, year: 2021 });
    expect(album.genres).toContainEqual({ name: meta.tag });
    expect(album.genres).toContainEqual({ name: album.genre });
    expect(album.duration).toBeGreaterThanOrEqual(600);
    expect(album.song!.map((s) => [s.title, s.track, s.suffix, s.contentType, s.path, s.album, s.albumId, s.coverArt, s.year])).toEqual([
      ['long tone 10min', 1, 'mp3', 'audio/mpeg', `${meta.circle}/RJ265946 サキュバスアカデミア/long tone 10min.mp3`, 'RJ265946 サキュバスアカデミア', `al-${RJ265946}`, `al-${RJ265946}`, 2021],
      ['short', 2, 'mp3', 'audio/mpeg', `${meta.circle}/RJ265946 サキュバスアカデミア/short.mp3`, 'RJ265946 サキュバスアカデミア', `al-${RJ265946}`, `al-${RJ265946}`, 2021],
    ]);
    const [long] = album.song!;
    expect(long!.duration).toBe(600);
    expect(long!.size).toBe(2400358);
    expect(long!.artist).toBe(meta.circle); // no voice actors: the circle
    const withVas = ok(await api.getAlbum({ id: `al-${RJ173248}` })).album;
    expect(withVas.song![0]!.artist).toContain(meta.va);
    expect(withVas.artist).not.toContain(meta.va); // the album artist is the circle
    // the same tracks in flac/, mp3/ and opus/: the album lists the lossless copy, once (variants.test.ts)
    const rain = ok(await api.getAlbum({ id: `al-${RJ299717}` })).album;
    expect(rain.song!.map((s) => [s.discNumber, s.track, s.suffix])).toEqual([[undefined, 1, 'flac'], [undefined, 2, 'flac']]);
    expect(rain.songCount).toBe(2);
    expect(rain.discTitles).toEqual([]);
  });

  it('getSong: one track', async () => {
    const id = await songId(RJ01012345, '02_耳かき.mp3');
    expect(ok(await api.getSong({ id })).song).toMatchObject({ id, title: '02_耳かき', track: 2, album: 'RJ01012345 【癒やし】雨音と耳かきの夜', isDir: false });
  });

  it('getGenres: the tags with album and song counts', async () => {
    expect(ok(await api.getGenres()).genres.genre).toContainEqual({ value: meta.tag, albumCount: 1, songCount: 2 });
  });
});

describe('lists', () => {
  const list2 = async (args: Parameters<SubsonicAPI['getAlbumList2']>[0]) => ids(ok(await api.getAlbumList2(args)).albumList2.album);

  it('getAlbumList2 newest, alphabeticalByName, alphabeticalByArtist, with size and offset', async () => {
    const newest = await list2({ type: 'newest', size: 500 });
    expect([...newest].sort()).toEqual(VISIBLE);
    expect(await list2({ type: 'newest', size: 2, offset: 1 })).toEqual(newest.slice(1, 3));
    // by title: the names start with the work code
    const byName = ok(await api.getAlbumList2({ type: 'alphabeticalByName', size: 500 })).albumList2.album!.map((a) => a.name.replace(/^RJ\d+ /, ''));
    expect(byName).toEqual([...byName].sort());
    expect(byName).toHaveLength(5);
    // by circle name: the works without a circle (the unknown circle's) first
    const byArtist = ok(await api.getAlbumList2({ type: 'alphabeticalByArtist', size: 500 })).albumList2.album!.map((a) => (a.artistId === 'ar-unknown' ? '' : a.artist ?? ''));
    expect(byArtist).toEqual([...byArtist].sort());
  });

  it('getAlbumList2 random draws distinct albums each call', async () => {
    const drawn = await list2({ type: 'random', size: 3 });
    expect(new Set(drawn).size).toBe(3);
    for (const id of drawn) expect(VISIBLE).toContain(id);
    expect(await list2({ type: 'random', size: 50 })).toHaveLength(5);
  });

  it('getAlbumList2 byYear and byGenre', async () => {
    expect(await list2({ type: 'byYear', fromYear: 2021, toYear: 2021 })).toEqual([`al-${RJ265946}`]);
    expect(await list2({ type: 'byYear', fromYear: 2030, toYear: 2010 })).toContain(`al-${RJ265946}`);
    expect(await list2({ type: 'byGenre', genre: meta.tag })).toEqual([`al-${RJ265946}`]);
    expect(await list2({ type: 'byGenre', genre: 'no such tag' })).toEqual([]);
  });

  it('getAlbumList2 frequent is by downloads; highest, recent and starred follow the caller', async () => {
    const frequent = await list2({ type: 'frequent', size: 500 });
    expect(frequent).toHaveLength(5);
    const rater = fx.client('token', { user: 'admin' });
    ok(await rater.setRating({ id: `al-${RJ189758}`, rating: 5 }));
    ok(await rater.setRating({ id: `al-${RJ299717}`, rating: 3 }));
    expect(ids(ok(await rater.getAlbumList2({ type: 'highest' })).albumList2.album)).toEqual([`al-${RJ189758}`, `al-${RJ299717}`]);
    expect(await list2({ type: 'highest' })).toEqual([]);
    ok(await rater.scrobble({ id: await songId(RJ01012345, '03_おやすみ.mp3') }));
    expect(ids(ok(await rater.getAlbumList2({ type: 'recent' })).albumList2.album)[0]).toBe(`al-${RJ01012345}`);
    ok(await rater.star({ albumId: `al-${RJ265946}` }));
    expect(ids(ok(await rater.getAlbumList2({ type: 'starred' })).albumList2.album)).toEqual([`al-${RJ265946}`]);
    expect(ok(await rater.getAlbum({ id: `al-${RJ265946}` })).album.starred).toBeTruthy();
    expect(ok(await rater.getAlbum({ id: `al-${RJ189758}` })).album.userRating).toBe(5);
  });

  it("every album list and search carries the caller's own rating and star, and nobody else's", async () => {
    const rater = fx.client('token', { user: 'admin' });
    const album = `al-${RJ173248}`;
    const song = await songId(RJ173248, 'Track02.ogg');
    ok(await rater.setRating({ id: album, rating: 4 }));
    ok(await rater.star({ albumId: album }));
    ok(await rater.star({ id: song }));
    const songStars = (songs: { id: string; starred?: unknown }[] | undefined) => (songs ?? []).filter((t) => t.id.startsWith(`tr-${RJ173248}-`)).map((t) => [t.id, Boolean(t.starred)]);
    const otherSong = await songId(RJ173248, 'Track01.m4a');
    type Marked = { id: string; userRating?: number; starred?: unknown };
    const marks = (albums: Marked[] | undefined) => (albums ?? []).filter((a) => a.id === album).map((a) => [a.userRating, Boolean(a.starred)]);
    try {
      expect(marks(ok(await rater.getAlbumList2({ type: 'random', size: 500 })).albumList2.album)).toEqual([[4, true]]);
      expect(marks(ok(await rater.getAlbumList({ type: 'random', size: 500 })).albumList.album)).toEqual([[4, true]]);
      expect(marks(ok(await rater.getAlbumList2({ type: 'newest', size: 500 })).albumList2.album)).toEqual([[4, true]]);
      expect(marks(ok(await rater.search3({ query: '天使' })).searchResult3.album)).toEqual([[4, true]]);
      expect(marks(ok(await rater.search2({ query: '天使' })).searchResult2.album)).toEqual([[4, true]]);
      expect(marks(ok(await api.getAlbumList2({ type: 'random', size: 500 })).albumList2.album)).toEqual([[undefined, false]]);
      expect(marks(ok(await api.search3({ query: '天使' })).searchResult3.album)).toEqual([[undefined, false]]);
      expect(songStars(ok(await rater.search3({ query: '天使' })).searchResult3.song)).toEqual([[otherSong, false], [song, true]]);
      expect(songStars(ok(await rater.search2({ query: '天使' })).searchResult2.song)).toEqual([[otherSong, false], [song, true]]);
      expect(songStars(ok(await api.search3({ query: '天使' })).searchResult3.song)).toEqual([[otherSong, false], [song, false]]);
    } finally {
      ok(await rater.setRating({ id: album, rating: 0 }));
      ok(await rater.unstar({ albumId: album }));
      ok(await rater.unstar({ id: song }));
    }
    expect(songStars(ok(await rater.search3({ query: '天使' })).searchResult3.song)).toEqual([[otherSong, false], [song, false]]);
  });

  it('getAlbumList answers directories', async () => {
    const albums = ok(await api.getAlbumList({ type: 'alphabeticalByName', size: 2 })).albumList.album!;
    expect(albums).toHaveLength(2);
    for (const a of albums) expect(a).toMatchObject({ isDir: true, coverArt: a.id });
  });

  it('getRandomSongs and getSongsByGenre', async () => {
    const random = ok(await api.getRandomSongs({ size: 3 })).randomSongs.song!;
    expect(random).toHaveLength(3);
    expect(new Set(random.map((s) => s.albumId)).size).toBe(3);
    const genre = ok(await api.getRandomSongs({ size: 5, genre: meta.tag })).randomSongs.song!;
    expect(genre.map((s) => s.albumId)).toEqual([`al-${RJ265946}`]);
    const songs = ok(await api.getSongsByGenre({ genre: meta.tag, count: 10 })).songsByGenre.song!;
    expect(songs.map((s) => s.title).sort()).toEqual(['long tone 10min', 'short']);
    expect(ok(await api.getSongsByGenre({ genre: meta.tag, count: 1, offset: 1 })).songsByGenre.song).toHaveLength(1);
  });
});

describe('search', () => {
  const search3 = async (query: string) => ok(await api.search3({ query, songCount: 500 })).searchResult3;

  it.each([
    ['a work code with its prefix', 'RJ265946', RJ265946],
    ['a work code without it, 8 digits', '01012345', RJ01012345],
    ['a Japanese substring of a title', 'サキュバス', RJ265946],
    ['a two-character Japanese word', '雨音', RJ01012345],
    ['Chinese characters (Han) of a title', '天使', RJ173248],
    ['Han characters with kana', '機械人形', RJ189758],
  ])('search3 finds %s', async (_what, query, workId) => {
    const found = await search3(query);
    expect(ids(found.album)).toEqual([`al-${workId}`]);
    expect(found.song!.length).toBeGreaterThan(0);
    for (const s of found.song!) expect(s.albumId).toBe(`al-${workId}`);
  });

  it('search3 finds by circle, voice actor and tag, with the artists named', async () => {
    const byCircle = await search3(meta.circle);
    expect(ids(byCircle.album)).toEqual([`al-${RJ265946}`]);
    expect(ids(byCircle.artist)).toContain(`ar-c${meta.circleId}`);
    const byVa = await search3(meta.va);
    expect(ids(byVa.album)).toEqual([`al-${RJ173248}`]);
    expect(ids(byVa.artist)).toEqual([`ar-v${meta.vaId}`]);
    expect(ids((await search3(meta.tag)).album)).toEqual([`al-${RJ265946}`]);
    expect(await search3('nothing matches this')).toEqual({ artist: [], album: [], song: [] });
  });

  it('an empty query lists everything (a player syncing), paged', async () => {
    const all = ok(await api.search3({ query: '""', albumCount: 500, songCount: 500, artistCount: 500 })).searchResult3;
    expect(ids(all.album).sort()).toEqual(VISIBLE);
    expect(all.song).toHaveLength(3 + 2 + 2 + 2 + 2); // RJ299717: one copy of its flac/, mp3/ and opus/ tracks
    const page = ok(await api.search3({ query: '', albumCount: 2, albumOffset: 2, songCount: 3, songOffset: 3 })).searchResult3;
    expect(ids(page.album)).toEqual(ids(all.album).slice(2, 4));
    expect(ids(page.song)).toEqual(ids(all.song).slice(3, 6));
  });

  it('a NUL byte in the query (search2, search3, a form body) or a folder id is refused as a Subsonic error; the server keeps answering', async () => {
    const failed = async (method: string, params: Record<string, string>, init?: RequestInit) => {
      const res = await fx.raw(method, { ...fx.keyParams, ...params, f: 'json' }, init);
      expect(res.status).toBe(200);
      return JSON.parse(res.text)['subsonic-response'];
    };
    for (const method of ['search2', 'search3', 'search3.view']) {
      expect(await failed(method, { query: '\0abc' })).toMatchObject({ status: 'failed', error: { code: 0, message: 'parameter query must not contain NUL bytes' } });
    }
    const form = await fetch(`${fx.srv.url}/rest/search3`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fx.keyParams, f: 'xml', query: 'ab\0c' }),
    });
    const xml = parseXml(await form.text());
    expect(xml.attrs.status).toBe('failed');
    expect(xml.children[0]).toMatchObject({ name: 'error', attrs: { code: '0', message: 'parameter query must not contain NUL bytes' } });
    const folder = `fo-${RJ01012345}-${Buffer.from('mp3\0', 'utf8').toString('base64url')}`;
    expect(await failed('getMusicDirectory', { id: folder })).toMatchObject({ status: 'failed', error: { code: 70 } });
    expect(ids(ok(await api.search3({ query: 'RJ265946' })).searchResult3.album)).toEqual([`al-${RJ265946}`]);
  });

  it('search2 answers directories and plain artists', async () => {
    const found = ok(await api.search2({ query: meta.circle })).searchResult2;
    expect(found.album!.map((a) => [a.id, a.isDir])).toEqual([[`al-${RJ265946}`, true]]);
    expect(found.artist).toContainEqual({ id: `ar-c${meta.circleId}`, name: meta.circle });
  });
});

describe('lyrics', () => {
  it('getLyricsBySongId: synced lines in ms from the local LRC, VTT and SRT', async () => {
    const lrc = await lyricsOf(await songId(RJ01012345, '01_プロローグ.mp3'));
    expect(lrc).toHaveLength(1);
    expect(lrc[0]).toMatchObject({ synced: true, displayTitle: '01_プロローグ' });
    expect(lrc[0]!.line).toEqual([{ start: 0, value: 'はじめまして。' }, { start: 1800, value: '今夜はゆっくり休んでください。' }]);
    const vtt = await lyricsOf(await songId(RJ01012345, '02_耳かき.mp3'));
    // a cue's end clears the line
    expect(vtt[0]!.line).toEqual([{ start: 0, value: '右の耳から、' }, { start: 1500, value: '耳かきをしていきますね。' }, { start: 4000, value: '' }]);
    const srt = await lyricsOf(await songId(RJ01012345, '03_おやすみ.mp3'));
    expect(srt[0]!.line![0]).toEqual({ start: 0, value: 'おやすみなさい。' });
  });

  it('getLyricsBySongId: a successful AI lyric task, else nothing found', async () => {
    const id = await songId(RJ265946, 'long tone 10min.mp3');
    expect(await lyricsOf(id)).toEqual([]);
    const db = fx.srv.services.db;
    await createTaskForFile(db, `${RJ265946}/${await fx.fileId(RJ265946, 'long tone 10min.mp3')}`);
    const claim = (await claimTask(db, 'test', 600))!;
    await completeTask(db, fx.srv.dataDir, claim.task.id, claim.secret, { lrc: '[00:01.25]AI line one\n[01:02.50]AI line two\n' });
    expect((await lyricsOf(id))[0]!.line).toEqual([{ start: 1250, value: 'AI line one' }, { start: 62500, value: 'AI line two' }]);
  });

  it('getLyrics: by title (and artist), as text', async () => {
    expect(ok(await api.getLyrics({ title: '01_プロローグ' })).lyrics).toEqual({ title: '01_プロローグ', value: 'はじめまして。\n今夜はゆっくり休んでください。' });
    expect(ok(await api.getLyrics({ title: 'long tone 10min', artist: meta.circle })).lyrics.value).toBe('AI line one\nAI line two');
    expect(ok(await api.getLyrics({ title: 'long tone 10min', artist: 'someone else' })).lyrics).toEqual({});
    expect(ok(await api.getLyrics({ title: 'short' })).lyrics).toEqual({});
  });
});

describe('answers', () => {
  /** The same call in JSON (through the client) and XML (raw), both parsed. */
  async function bothForms(method: string, params: Record<string, string>) {
    const json = await api.customJSON<Record<string, unknown>>(method, params);
    const xml = await fx.raw(method, { ...fx.keyParams, ...params, f: 'xml' });
    expect(xml.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    return { json, root: parseXml(xml.text) };
  }

  it.each([
    ['getAlbum', { id: `al-${RJ265946}` }],
    ['getAlbum', { id: `al-${RJ299717}` }],
    ['getAlbumList2', { type: 'alphabeticalByName', size: '500' }],
    ['getAlbumList', { type: 'newest', size: '500' }],
    ['search3', { query: '' }],
    ['search2', { query: 'RJ265946' }],
    ['getIndexes', {}],
    ['getArtists', {}],
    ['getGenres', {}],
    ['getMusicFolders', {}],
    ['getOpenSubsonicExtensions', {}],
    ['getLyricsBySongId', { id: 'LRC' }],
    ['getUser', { username: 'listener' }],
    ['getAlbum', { id: 'al-999999' }],
  ])('%s %j: the JSON and the XML say the same, in the Subsonic namespace', async (method, params: Record<string, string>) => {
    if (params.id === 'LRC') params = { id: await songId(RJ01012345, '01_プロローグ.mp3') };
    const { json, root } = await bothForms(method, params);
    expect(root.name).toBe('subsonic-response');
    expect(root.attrs.xmlns).toBe('http://subsonic.org/restapi');
    expect(root.attrs).toMatchObject({ version: '1.16.1', type: 'audiolib', openSubsonic: 'true' });
    delete root.attrs.xmlns;
    expect(root).toEqual(elementOfJson('subsonic-response', json)[0]);
  });

  it('XML escapes names with quotes, ampersands and angle brackets', async () => {
    await fx.srv.services.db('works').where({ id: RJ299717 }).update({ title: 'Rain & "Day" <ASMR> \'1\'' });
    const { root } = await bothForms('getAlbum', { id: `al-${RJ299717}` });
    expect(root.children[0]!.attrs.name).toBe('RJ299717 Rain & "Day" <ASMR> \'1\'');
    await fx.srv.services.db('works').where({ id: RJ299717 }).update({ title: 'RJ299717' });
  });

  it('POST form bodies and the .view suffix answer as GET', async () => {
    const get = ok(await api.getAlbum({ id: `al-${RJ01012345}` }));
    const post = ok(await fx.client('token', { post: true }).getAlbum({ id: `al-${RJ01012345}` }));
    expect(post.album).toEqual(get.album);
    const plain = await fx.raw('getAlbum', { ...fx.keyParams, id: `al-${RJ01012345}`, f: 'json' });
    const view = await fx.raw('getAlbum.view', { ...fx.keyParams, id: `al-${RJ01012345}`, f: 'json' });
    expect(JSON.parse(view.text)).toEqual(JSON.parse(plain.text));
  });

  it('f=jsonp, an unknown method and /rest itself answer Subsonic errors (HTTP 200), never the web page', async () => {
    const jsonp = await fx.raw('ping', { ...fx.keyParams, f: 'jsonp', callback: 'cb' });
    expect(jsonp.status).toBe(200);
    const failed = parseXml(jsonp.text);
    expect(failed.attrs.status).toBe('failed');
    expect(failed.children[0]).toMatchObject({ name: 'error', attrs: { code: '0', message: 'f=jsonp is not supported: use f=json or f=xml' } });
    for (const path of ['noSuchMethod', 'ping/extra', '']) {
      const res = await fetch(`${fx.srv.url}/rest${path ? `/${path}` : ''}?f=json`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json())['subsonic-response'].error.code).toBe(0);
    }
  });
});
