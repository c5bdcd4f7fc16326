/**
 * Media through the players' API: stream and download of a song with Range, suffix
 * ranges, 416, HEAD and conditional requests answered by the web's file code, a file
 * at the asked bit rate sent as stored (transcoding: transcode.test.ts); a song id of another work, of a removed work, or a
 * malformed one answers code 70 with no file content; getCoverArt at the nearest stored
 * size, code 70 for a work without a cover; guests stream but do not download.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hideWork } from '../../../src/works/hide.js';
import { rawGet } from '../media-fixture.js';
import { RJ01012345, RJ189758, RJ265946, RJ299717, startSubsonicFixture, type SubsonicFixture } from './fixture.js';
import { parseXml } from './xml.js';

const PROLOGUE = '01_プロローグ.mp3';
let fx: SubsonicFixture;
let prologue: { id: string; bytes: Buffer };
beforeAll(async () => {
  fx = await startSubsonicFixture();
  prologue = {
    id: `tr-${RJ01012345}-${await fx.fileId(RJ01012345, PROLOGUE)}`,
    bytes: fs.readFileSync(path.join(await fx.workDir(RJ01012345), PROLOGUE)),
  };
});
afterAll(async () => { await fx?.close(); });

/** A media call signed in with listener's API key (the guest's player password with `guest`). */
const media = (method: string, params: Record<string, string>, headers: Record<string, string> = {}, httpMethod = 'GET', guest = false) =>
  fetch(`${fx.srv.url}/rest/${method}?${new URLSearchParams({ ...(guest ? { u: 'guest1', p: 'guest-player-pw', c: 'test', v: '1.16.1' } : fx.keyParams), ...params })}`, { method: httpMethod, headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());
/** The Subsonic error code of an XML answer, after checking it is no file. */
async function errorCode(res: Response): Promise<number> {
  expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
  expect(res.headers.get('content-range')).toBeNull();
  const root = parseXml(await res.text());
  expect(root.attrs.status).toBe('failed');
  return Number(root.children[0]!.attrs.code);
}

describe('stream', () => {
  it('answers the whole file with its type and length; the real client reads the same bytes', async () => {
    const res = await media('stream', { id: prologue.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(prologue.bytes.length));
    expect((await bytes(res)).equals(prologue.bytes)).toBe(true);
    const viaClient = await fx.client('token').stream({ id: prologue.id, format: 'mp3', maxBitRate: 64 });
    expect((await bytes(viaClient)).equals(prologue.bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 100],
    ['bytes=1000-', 1000, undefined],
    ['bytes=-10', -10, undefined],
  ])('answers 206 with the exact bytes for %s', async (range, start, end) => {
    const res = await media('stream', { id: prologue.id }, { range });
    expect(res.status).toBe(206);
    const expected = prologue.bytes.subarray(start, end);
    const first = start < 0 ? prologue.bytes.length + start : start;
    expect(res.headers.get('content-range')).toBe(`bytes ${first}-${first + expected.length - 1}/${prologue.bytes.length}`);
    expect((await bytes(res)).equals(expected)).toBe(true);
  });

  it('answers 416 past the end, with the length and no file content', async () => {
    const res = await media('stream', { id: prologue.id }, { range: `bytes=${prologue.bytes.length + 10}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${prologue.bytes.length}`);
    const text = await res.text();
    expect(text).not.toContain('ID3');
    expect(parseXml(text).attrs.status).toBe('failed');
  });

  it('HEAD answers the headers only; a fresh ETag answers 304', async () => {
    const head = await media('stream', { id: prologue.id }, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(prologue.bytes.length));
    expect((await bytes(head)).length).toBe(0);
    // sent as is: fetch would add Cache-Control: no-cache to a conditional request
    const again = await rawGet(fx.srv.url, `/rest/stream?${new URLSearchParams({ ...fx.keyParams, id: prologue.id })}`, { 'if-none-match': head.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('code 70 and no file content for a song id of another work, a malformed id, a folder or album id', async () => {
    const otherWork = `tr-${RJ265946}-${await fx.fileId(RJ01012345, PROLOGUE)}`;
    const lyricFile = `tr-${RJ01012345}-${await fx.fileId(RJ01012345, '01_プロローグ.lrc')}`;
    for (const id of [otherWork, lyricFile, 'tr-1012345', 'tr-abc-1', '../../etc/passwd', `al-${RJ01012345}`, 'fo-1012345-Li4', 'tr-1012345-99999999']) {
      const res = await media('stream', { id });
      expect(res.status, id).toBe(200);
      expect(await errorCode(res), id).toBe(70);
    }
    expect(await errorCode(await media('stream', {}))).toBe(10);
  });

  it('code 70 for a song of a removed work', async () => {
    const id = `tr-${RJ189758}-${await fx.fileId(RJ189758, 'WAV/part 1.wav')}`;
    expect((await media('stream', { id })).status).toBe(200);
    await hideWork(fx.srv.services.db, RJ189758);
    const res = await media('stream', { id }, { range: 'bytes=0-10' });
    expect(await errorCode(res)).toBe(70);
    expect(await errorCode(await media('download', { id }))).toBe(70);
    expect(await errorCode(await media('getCoverArt', { id: `al-${RJ189758}` }))).toBe(70);
    expect(await errorCode(await media('getAlbum', { id: `al-${RJ189758}` }))).toBe(70);
  });
});

describe('download', () => {
  it('answers the file as an attachment with ranges; guests get code 50', async () => {
    const res = await media('download', { id: prologue.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent(PROLOGUE));
    expect((await bytes(res)).equals(prologue.bytes)).toBe(true);
    const part = await media('download', { id: prologue.id }, { range: 'bytes=-20' });
    expect(part.status).toBe(206);
    expect((await bytes(part)).equals(prologue.bytes.subarray(-20))).toBe(true);
    expect(await errorCode(await media('download', { id: prologue.id }, {}, 'GET', true))).toBe(50);
    const guestStream = await media('stream', { id: prologue.id }, {}, 'GET', true);
    expect((await bytes(guestStream)).equals(prologue.bytes)).toBe(true);
  });
});

describe('getCoverArt', () => {
  it('serves the stored size nearest above the one asked, for album, song and folder ids', async () => {
    const covers = path.join(fx.srv.dataDir, 'covers');
    // tell the three stored sizes apart
    const sizes = { sam: Buffer.from('sam image'), '240x240': Buffer.from('240 image'), main: Buffer.from('main image') };
    for (const [type, data] of Object.entries(sizes)) fs.writeFileSync(path.join(covers, `RJ265946_img_${type}.jpg`), data);
    const cover = async (params: Record<string, string>) => {
      const res = await media('getCoverArt', params);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      return (await bytes(res)).toString();
    };
    expect(await cover({ id: `al-${RJ265946}`, size: '64' })).toBe('sam image');
    expect(await cover({ id: `al-${RJ265946}`, size: '200' })).toBe('240 image');
    expect(await cover({ id: `al-${RJ265946}`, size: '600' })).toBe('main image');
    expect(await cover({ id: `al-${RJ265946}` })).toBe('main image');
    expect(await cover({ id: `tr-${RJ265946}-${await fx.fileId(RJ265946, 'short.mp3')}`, size: '100' })).toBe('sam image');
    fs.rmSync(path.join(covers, 'RJ265946_img_sam.jpg'));
    expect(await cover({ id: `al-${RJ265946}`, size: '64' })).toBe('240 image');
  });

  it("answers a work's own image, and code 70 for a work without any cover or an unknown id", async () => {
    const own = await media('getCoverArt', { id: `al-${RJ01012345}` });
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    const expected = fs.readFileSync(path.join(await fx.workDir(RJ01012345), '画像', '表紙.jpg'));
    expect((await bytes(own)).equals(expected)).toBe(true);
    await fx.srv.services.db('works').where({ id: RJ299717 }).update({ cover_file_id: null });
    expect(await errorCode(await media('getCoverArt', { id: `al-${RJ299717}` }))).toBe(70);
    expect(await errorCode(await media('getCoverArt', { id: 'al-999999' }))).toBe(70);
    expect(await errorCode(await media('getCoverArt', { id: 'ar-c1' }))).toBe(70);
  });
});
