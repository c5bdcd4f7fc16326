import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../helpers/server.js';
import { startMediaFixture, type MediaFixture } from './media-fixture.js';

const RJ01012345 = 1012345;
const RJ173248 = 173248;
const RJ265946 = 265946;
const RJ299717 = 299717;
const storeCover = path.join(fixturesDir, 'dlsite', 'img', 'RJ173248_img_main.jpg');

let fx: MediaFixture;
beforeAll(async () => { fx = await startMediaFixture(); }, 60_000);
afterAll(async () => { await fx.close(); });

const cover = (id: number | string, query = '') => fx.get(`/api/cover/${id}${query}`);
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('GET /api/cover/:id', () => {
  it('answers the work\'s own image when no cover was saved', async () => {
    const res = await cover(RJ01012345);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('etag')).toBeTruthy();
    const own = fs.readFileSync(path.join(await fx.workDir(RJ01012345), '画像', '表紙.jpg'));
    expect((await body(res)).equals(own)).toBe(true);

    const png = await cover(RJ299717, '?type=240x240');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await body(png)).equals(fs.readFileSync(path.join(await fx.workDir(RJ299717), 'Rain Day ASMR', 'cover.png')))).toBe(true);
  });

  it('answers a placeholder image for a work without any image', async () => {
    const res = await cover(RJ265946, '?type=sam');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.text()).toContain('<svg');
  });

  it('prefers the saved cover of the requested size, falling back to the other sizes', async () => {
    const covers = path.join(fx.srv.dataDir, 'covers');
    fs.mkdirSync(covers, { recursive: true });
    fs.copyFileSync(storeCover, path.join(covers, 'RJ173248_img_main.jpg'));
    const main = await cover(RJ173248, '?type=main');
    expect(main.headers.get('content-type')).toBe('image/jpeg');
    expect((await body(main)).equals(fs.readFileSync(storeCover))).toBe(true);
    const sam = await cover(RJ173248, '?type=sam');
    expect((await body(sam)).equals(fs.readFileSync(storeCover))).toBe(true);

    const small = fs.readFileSync(path.join(await fx.workDir(RJ01012345), '画像', '表紙.jpg'));
    fs.writeFileSync(path.join(covers, 'RJ173248_img_sam.jpg'), small);
    expect((await body(await cover(RJ173248, '?type=sam'))).equals(small)).toBe(true);
    expect((await body(await cover(RJ173248, '?type=240x240'))).equals(small)).toBe(true);
    expect((await body(await cover(RJ173248))).equals(fs.readFileSync(storeCover))).toBe(true);

    // An 8-digit code: the saved name is padded to 8 digits.
    fs.copyFileSync(storeCover, path.join(covers, 'RJ01012345_img_main.jpg'));
    expect((await body(await cover(RJ01012345))).equals(fs.readFileSync(storeCover))).toBe(true);
  });

  it('answers 404 for an unknown work and 400 for a bad id or type', async () => {
    expect((await cover(999999)).status).toBe(404);
    expect((await cover('abc')).status).toBe(400);
    const badType = await cover(RJ01012345, '?type=huge');
    expect(badType.status).toBe(400);
    expect(((await badType.json()) as { error?: string }).error).toBeTruthy();
  });

  it('answers 401 without a valid token and accepts ?token=', async () => {
    expect((await fetch(`${fx.srv.url}/api/cover/${RJ01012345}`)).status).toBe(401);
    expect((await fetch(`${fx.srv.url}/api/cover/${RJ01012345}?token=bad`)).status).toBe(401);
    const res = await fetch(`${fx.srv.url}/api/cover/${RJ01012345}?type=main&token=${fx.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });
});
