import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, startMediaFixture, type MediaFixture } from './media-fixture.js';

const RJ01012345 = 1012345;
const RJ299717 = 299717;
const RJ173248 = 173248;
const RJ189758 = 189758;
const RJ265946 = 265946;
const PROLOGUE = '01_プロローグ.mp3';
/** A 32 MiB file: more than socket buffers hold, so a paused client keeps the file open. */
const BIG = 'bonus/big.bin';
/** A name with the characters URLs and shells trip on. */
const ODD = 'bonus/100% #1 "quoted" ?&🎧.mp3';

let fx: MediaFixture;
let prologue: { hash: string; bytes: Buffer; file: string };
beforeAll(async () => {
  fx = await startMediaFixture((library) => {
    const work = path.join(library, 'RJ265946 サキュバスアカデミア');
    fs.mkdirSync(path.join(work, 'bonus'));
    fs.writeFileSync(path.join(work, BIG), Buffer.alloc(32 * 1024 * 1024, 7));
    fs.copyFileSync(path.join(work, 'short.mp3'), path.join(work, ODD));
    // A link inside a work to another work's file (inside the library: listed and served).
    fs.symlinkSync(path.join(library, 'RJ299717', 'Rain Day ASMR', 'cover.png'), path.join(work, 'linked.png'));
  });
  const file = path.join(await fx.workDir(RJ01012345), PROLOGUE);
  prologue = { hash: `${RJ01012345}/${await fx.fileId(RJ01012345, PROLOGUE)}`, bytes: fs.readFileSync(file), file };
}, 60_000);
afterAll(async () => { await fx.close(); });

const stream = (hash: string, headers?: Record<string, string>, method?: string) => fx.get(`/api/media/stream/${hash}`, headers, method);
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('GET /api/media/stream/:hash', () => {
  it('answers the whole file with its type, length, ETag, Last-Modified and Accept-Ranges', async () => {
    const res = await stream(prologue.hash);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(prologue.bytes.length));
    expect(res.headers.get('etag')).toBeTruthy();
    expect(new Date(res.headers.get('last-modified')!).getTime()).toBe(Math.floor(fs.statSync(prologue.file).mtimeMs / 1000) * 1000);
    expect((await body(res)).equals(prologue.bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 100],
    ['bytes=1000-4999', 1000, 5000],
    ['bytes=70000-', 70000, undefined],
    ['bytes=-500', -500, undefined],
    ['bytes=71000-999999', 71000, undefined],
  ])('answers 206 with the exact bytes for %s', async (range, start, end) => {
    const res = await stream(prologue.hash, { range });
    expect(res.status).toBe(206);
    const expected = prologue.bytes.subarray(start, end);
    const first = start < 0 ? prologue.bytes.length + start : start;
    expect(res.headers.get('content-range')).toBe(`bytes ${first}-${first + expected.length - 1}/${prologue.bytes.length}`);
    expect(res.headers.get('content-length')).toBe(String(expected.length));
    expect((await body(res)).equals(expected)).toBe(true);
  });

  it.each(['bytes=71156-', 'bytes=80000-90000'])('answers 416 with Content-Range bytes */len for %s', async (range) => {
    const res = await stream(prologue.hash, { range });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${prologue.bytes.length}`);
    expect(((await res.json()) as { error?: string }).error).toBeTruthy();
    // the security headers come with the error answer too
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await stream(prologue.hash, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(prologue.bytes.length));
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect((await body(res)).length).toBe(0);
    const ranged = await stream(prologue.hash, { range: 'bytes=10-19' }, 'HEAD');
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-length')).toBe('10');
  });

  it('honours If-Range with the ETag and with the date: 206 when it matches, the whole file when not', async () => {
    const head = await stream(prologue.hash, {}, 'HEAD');
    const etag = head.headers.get('etag')!;
    const lastModified = head.headers.get('last-modified')!;

    const match = await stream(prologue.hash, { range: 'bytes=0-9', 'if-range': etag });
    expect(match.status).toBe(206);
    expect((await body(match)).equals(prologue.bytes.subarray(0, 10))).toBe(true);

    const mismatch = await stream(prologue.hash, { range: 'bytes=0-9', 'if-range': '"stale-etag"' });
    expect(mismatch.status).toBe(200);
    expect((await body(mismatch)).equals(prologue.bytes)).toBe(true);

    const sameDate = await stream(prologue.hash, { range: 'bytes=0-9', 'if-range': lastModified });
    expect(sameDate.status).toBe(206);
    await sameDate.arrayBuffer();
    const olderDate = await stream(prologue.hash, { range: 'bytes=0-9', 'if-range': new Date(Date.parse(lastModified) - 3_600_000).toUTCString() });
    expect(olderDate.status).toBe(200);
    expect((await body(olderDate)).length).toBe(prologue.bytes.length);
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since, 200 to a stale one', async () => {
    const head = await stream(prologue.hash, {}, 'HEAD');
    const url = `/api/media/stream/${prologue.hash}?token=${fx.token}`;
    const byEtag = await rawGet(fx.srv.url, url, { 'if-none-match': head.headers.get('etag')! });
    expect(byEtag.status).toBe(304);
    expect(byEtag.statusMessage).toBe('Not Modified');
    expect(byEtag.body).toBe('');
    const byDate = await rawGet(fx.srv.url, url, { 'if-modified-since': head.headers.get('last-modified')! });
    expect(byDate.status).toBe(304);
    const stale = await rawGet(fx.srv.url, url, { 'if-none-match': '"stale-etag"' });
    expect(stale.status).toBe(200);
    expect(stale.statusMessage).toBe('OK');
    expect(stale.headers['content-length']).toBe(String(prologue.bytes.length));
  });

  it('says 206 Partial Content on the status line of a range answer', async () => {
    const res = await rawGet(fx.srv.url, `/api/media/stream/${prologue.hash}?token=${fx.token}`, { range: 'bytes=0-99' });
    expect(`${res.status} ${res.statusMessage}`).toBe('206 Partial Content');
    expect(res.headers['content-range']).toBe(`bytes 0-99/${prologue.bytes.length}`);
  });

  it.each([
    [RJ299717, 'Rain Day ASMR/flac/01 Rain.flac', 'audio/flac'],
    [RJ299717, 'Rain Day ASMR/opus/01 Rain.opus', 'audio/ogg'],
    [RJ299717, 'Rain Day ASMR/mp3/01 Rain.mp3', 'audio/mpeg'],
    [RJ173248, 'Track01.m4a', 'audio/mp4'],
    [RJ173248, 'Track02.ogg', 'audio/ogg'],
    [RJ189758, 'WAV/part 1.wav', 'audio/wav'],
    [RJ01012345, '画像/差分1.png', 'image/png'],
  ])('serves work %i file %s as %s', async (workId, relpath, type) => {
    const res = await stream(`${workId}/${await fx.fileId(workId, relpath)}`, { range: 'bytes=0-3' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe(type);
    const onDisk = fs.readFileSync(path.join(await fx.workDir(workId), relpath)).subarray(0, 4);
    expect((await body(res)).equals(onDisk)).toBe(true);
  });

  it('serves a file whose name has %, #, quotes, ? and an emoji', async () => {
    const res = await stream(`${RJ265946}/${await fx.fileId(RJ265946, ODD)}`, { range: 'bytes=-10' });
    expect(res.status).toBe(206);
    expect((await body(res)).equals(fs.readFileSync(path.join(await fx.workDir(RJ265946), ODD)).subarray(-10))).toBe(true);
    const download = await fx.get(`/api/media/download/${RJ265946}/${await fx.fileId(RJ265946, ODD)}`, {}, 'HEAD');
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(path.basename(ODD)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
  });

  it('decodes the Shift-JIS readme to UTF-8 text', async () => {
    const res = await stream(`${RJ01012345}/${await fx.fileId(RJ01012345, 'readme.txt')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('お読みください');
    expect(text).toContain('本作品は雨音と耳かきの音声作品です。');
    const etag = res.headers.get('etag')!;
    const again = await rawGet(fx.srv.url, `/api/media/stream/${RJ01012345}/${await fx.fileId(RJ01012345, 'readme.txt')}?token=${fx.token}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('destroys the file stream when the client goes away', async () => {
    const big = path.join(await fx.workDir(RJ265946), BIG);
    const openOnBig = () => fs.readdirSync('/proc/self/fd').some((fd) => {
      try { return fs.readlinkSync(`/proc/self/fd/${fd}`) === big; } catch { return false; }
    });
    const url = new URL(`${fx.srv.url}/api/media/stream/${RJ265946}/${await fx.fileId(RJ265946, BIG)}?token=${fx.token}`);
    const req = http.get(url);
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    res.pause();
    expect(res.statusCode).toBe(200);
    expect(openOnBig()).toBe(true);
    req.destroy();
    await expect.poll(openOnBig, { timeout: 5000 }).toBe(false);
  });
});

describe('GET /api/media/download/:hash', () => {
  it('answers the bytes as stored with an attachment disposition carrying the UTF-8 name', async () => {
    const res = await fx.get(`/api/media/download/${prologue.hash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(PROLOGUE)}`);
    expect((await body(res)).equals(prologue.bytes)).toBe(true);
  });

  it('answers the Shift-JIS readme undecoded, and ranges', async () => {
    const dir = await fx.workDir(RJ01012345);
    const res = await fx.get(`/api/media/download/${RJ01012345}/${await fx.fileId(RJ01012345, 'readme.txt')}`);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect((await body(res)).equals(fs.readFileSync(path.join(dir, 'readme.txt')))).toBe(true);
    const ranged = await fx.get(`/api/media/download/${prologue.hash}`, { range: 'bytes=-100' });
    expect(ranged.status).toBe(206);
    expect((await body(ranged)).equals(prologue.bytes.subarray(-100))).toBe(true);
  });
});

describe('GET /api/media/small-img/:hash', () => {
  it('answers an image of the work and 404 for a file that is not an image', async () => {
    const relpath = '画像/表紙.jpg';
    const res = await fx.get(`/api/media/small-img/${RJ01012345}/${await fx.fileId(RJ01012345, relpath)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await body(res)).equals(fs.readFileSync(path.join(await fx.workDir(RJ01012345), relpath)))).toBe(true);
    expect((await fx.get(`/api/media/small-img/${prologue.hash}`)).status).toBe(404);
  });
});

describe('GET /api/media/check-lrc/:hash', () => {
  it.each([
    ['01_プロローグ', 'lrc'],
    ['02_耳かき', 'vtt'],
    ['03_おやすみ', 'srt'],
  ])('answers the lyric of %s (%s)', async (name, ext) => {
    const res = await fx.get(`/api/media/check-lrc/${RJ01012345}/${await fx.fileId(RJ01012345, `${name}.mp3`)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      result: true,
      hash: `${RJ01012345}/${await fx.fileId(RJ01012345, `${name}.${ext}`)}`,
      lyricExtension: ext,
    });
  });

  it('answers result false for audio without a lyric and 404 for an unknown hash', async () => {
    const res = await fx.get(`/api/media/check-lrc/${RJ299717}/${await fx.fileId(RJ299717, 'Rain Day ASMR/flac/01 Rain.flac')}`);
    expect(await res.json()).toEqual({ result: false, hash: null, lyricExtension: null });
    expect((await fx.get(`/api/media/check-lrc/${RJ01012345}/99999999`)).status).toBe(404);
  });
});

describe('media access rules', () => {
  it('answers 401 without a token or with a bad one, and accepts ?token=', async () => {
    const url = `${fx.srv.url}/api/media/stream/${prologue.hash}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(`${url}?token=not-a-token`)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
    const res = await fetch(`${url}?token=${fx.token}`, { headers: { range: 'bytes=0-1' } });
    expect(res.status).toBe(206);
    expect((await fetch(`${fx.srv.url}/api/media/check-lrc/${prologue.hash}`)).status).toBe(401);
  });

  it('answers 404 for a hash of another work\'s file and for unknown ids', async () => {
    const otherFile = await fx.fileId(RJ299717, 'Rain Day ASMR/mp3/01 Rain.mp3');
    for (const kind of ['stream', 'download', 'small-img', 'check-lrc']) {
      const res = await fx.get(`/api/media/${kind}/${RJ01012345}/${otherFile}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error?: string }).error).toBeTruthy();
    }
    expect((await stream(`${RJ01012345}/99999999`)).status).toBe(404);
    expect((await stream(`123/${otherFile}`)).status).toBe(404);
    expect((await stream(`${RJ01012345}/abc`)).status).toBe(404);
  });

  it.each([
    `/api/media/stream/${RJ01012345}/../../../../../../etc/passwd`,
    `/api/media/stream/${RJ01012345}/..%2f..%2f..%2fetc%2fpasswd`,
    `/api/media/stream/${RJ01012345}/%2e%2e`,
    `/api/media/download/../${RJ01012345}/1`,
    `/api/media/stream/${RJ01012345}/1/../../../etc/passwd`,
  ])('answers 404 for the raw path %s', async (raw) => {
    const res = await rawGet(fx.srv.url, `${raw}?token=${fx.token}`);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('root:');
  });

  it('answers 404 for a catalogued path that leads out of its work folder', async () => {
    const db = fx.srv.services.db;
    const [row] = await db('files')
      .insert({ work_id: RJ01012345, relpath: '../RJ299717/Rain Day ASMR/cover.png', type: 'image', size: 7718, mtime: 0 })
      .returning('id');
    const id = typeof row === 'object' ? row.id : row;
    expect((await stream(`${RJ01012345}/${id}`)).status).toBe(404);
  });

  it("serves a symlink in the work folder pointing at another work's file of the library", async () => {
    const res = await stream(`${RJ265946}/${await fx.fileId(RJ265946, 'linked.png')}`, { range: 'bytes=0-9' });
    expect(res.status).toBe(206);
    expect((await body(res)).equals(fs.readFileSync(path.join(fx.library, 'RJ299717', 'Rain Day ASMR', 'cover.png')).subarray(0, 10))).toBe(true);
  });

  it('answers 404 for the files of a removed work', async () => {
    const db = fx.srv.services.db;
    const hash = `${RJ173248}/${await fx.fileId(RJ173248, 'Track01.m4a')}`;
    await db('works').where({ id: RJ173248 }).update({ removed_at: new Date().toISOString() });
    expect((await stream(hash)).status).toBe(404);
    await db('works').where({ id: RJ173248 }).update({ removed_at: null });
    expect((await stream(hash, { range: 'bytes=0-0' })).status).toBe(206);
  });
});
