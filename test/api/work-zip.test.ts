/**
 * Downloading a whole work as one zip (beyond the spec; GET /api/media/zip/{id} and the
 * trial catalogue's /api/fake/media/zip/{id}, src/library/work-zip.ts) through the real
 * server on the engine under test: every file of the work, byte for byte, under
 * `{code}/{relpath}`, with its size known up front; the token as a header or in the
 * query (a link); refused without sign-in; a 404 with a coded error for ids that are not
 * a work of the scope (no path is ever taken from the request); a trial work once its
 * trial archive is downloaded, and a clear 404 before.
 */
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaFixture, type MediaFixture } from './media-fixture.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { runTrialFetch } from '../../src/scan/index.js';

const RAIN = 1012345;
const RJ173248 = 173248;

let store: FakeStore;
let m: MediaFixture;
beforeAll(async () => {
  store = await startFakeStore();
  m = await startMediaFixture(undefined, { config: { ...store.config, retry: 1, retryDelay: 0 }, configureRoot: true });
}, 60_000);
afterAll(async () => {
  await m?.close();
  await store?.close();
});

/** The entries of a zip held in memory: name -> bytes. */
function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => { out.set(entry.fileName, Buffer.concat(chunks)); zip.readEntry(); });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('a whole work as one zip', () => {
  it('holds every file of the work byte for byte under {code}/{relpath}, with Content-Length and the code as file name', async () => {
    const res = await m.get(`/api/media/zip/${RAIN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="RJ01012345.zip"');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    const entries = await unzip(body);
    const files: { relpath: string }[] = await m.srv.services.db('files').where({ work_id: RAIN }).orderBy('relpath').select('relpath');
    expect(files.length).toBeGreaterThan(5);
    expect([...entries.keys()].sort()).toEqual(files.map((f) => `RJ01012345/${f.relpath}`).sort());
    const dir = await m.workDir(RAIN);
    for (const f of files) expect(entries.get(`RJ01012345/${f.relpath}`)!.equals(fs.readFileSync(path.join(dir, ...f.relpath.split('/')))), f.relpath).toBe(true);
  });

  it('takes the token from the query, as a download link does; refuses a request without one', async () => {
    const link = await fetch(`${m.srv.url}/api/media/zip/${RAIN}?token=${m.token}`);
    expect(link.status).toBe(200);
    expect((await link.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const anonymous = await fetch(`${m.srv.url}/api/media/zip/${RAIN}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: expect.any(String) });
  });

  it('answers 404 with a coded error, never a path, for anything but a visible work id of the scope', async () => {
    for (const id of ['999999', 'abc', '1012345abc', '-1', '..%2F..%2Fetc', '%2Fetc%2Fpasswd', '12345678901']) {
      const res = await m.get(`/api/media/zip/${id}`);
      expect(res.status, id).toBe(404);
      const body = await res.json() as { error: string; code: string };
      expect(body.code, id).toMatch(/^(work\.idNotFound|work\.notFound|api\.notFound)$/);
      expect(body.error, id).not.toContain(m.library);
      expect(body.error, id).not.toContain('etc');
    }
    // a library work is no trial work
    expect((await m.get(`/api/fake/media/zip/${RAIN}`)).status).toBe(404);
  });

  it('zips a trial work once its trial archive is downloaded; before, a 404 that says it has no files', async () => {
    const { db, config } = m.srv.services;
    // the trial listing adds the recorded new releases the library does not hold (RJ173248 among them)
    await db('works').where({ id: RJ173248 }).delete();
    await runTrialFetch(db, config, m.srv.dataDir);
    const before = await m.get(`/api/fake/media/zip/${RJ173248}`);
    expect(before.status).toBe(404);
    expect(await before.json()).toMatchObject({ code: 'work.noFiles' });

    expect((await fetch(`${m.srv.url}/api/fake/download/${RJ173248}/`, { method: 'POST', headers: { authorization: `Bearer ${m.token}` } })).status).toBe(202);
    await expect.poll(async () => (await (await m.get(`/api/fake/download/${RJ173248}`)).json() as { download?: { state: string } }).download?.state, { timeout: 30_000, interval: 100 }).toBe('done');

    const res = await m.get(`/api/fake/media/zip/${RJ173248}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="RJ173248.zip"');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['01_体験版.lrc', '01_体験版.mp3', 'readme.txt', '表紙.jpg'].map((n) => `RJ173248/RJ173248_trial/${n}`));
    const unpacked = path.join(m.srv.dataDir, 'trial', 'RJ173248', 'RJ173248_trial', '01_体験版.mp3');
    expect(entries.get('RJ173248/RJ173248_trial/01_体験版.mp3')!.equals(fs.readFileSync(unpacked))).toBe(true);
    // the trial route does not serve library works, nor the library route trial works
    expect((await m.get(`/api/media/zip/${RJ173248}`)).status).toBe(404);
  }, 60_000);
});
