/**
 * Transcoding in real Chromium (src/transcode/README.md "The web player", "Per player"):
 * - the player's settings offer a stream quality (original, 320, 192, 128, 64 kbit/s):
 *   at 64 the playing WAV (made with ffmpeg) loads again, transcoded to MP3, at the second
 *   it had reached; the bar keeps showing the track's real duration; a seek through the
 *   slider asks the server for the stream from that second and the bar shows it; the
 *   choice is kept in localStorage; back at the original the file plays as stored, at the
 *   position reached;
 * - /players lists a player that connected (its client name) and saves its maximum bit
 *   rate and format, which its next stream then follows.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import { scanLibrary } from '../../src/scan/index.js';
import { setPlayerPassword } from '../../src/users/index.js';
import { makeTone, probe } from '../helpers/audio.js';
import { PHONE, holdRequests, startE2E, type E2E } from './browser.js';

const WORK = 1077777;
const SECONDS = 120;
let e2e: E2E;
let library: string;
beforeAll(async () => {
  e2e = await startE2E({ scan: false });
  library = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-quality-'));
  makeTone(path.join(library, 'RJ01077777 quality', 'tone.wav'), SECONDS);
  await scanLibrary(e2e.server.services.db, { roots: [{ name: 'quality', path: library }], maxDepth: 2 });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  fs.rmSync(library, { recursive: true, force: true });
});

/** The bar's 'elapsed / total' in seconds. */
async function barTime(page: Page): Promise<{ at: number; total: number }> {
  const text = (await page.locator('[data-testid="player-bar"] [data-testid="player-time"]').first().textContent()) ?? '';
  const secs = (t: string) => t.split(':').reduce((s, part) => s * 60 + Number(part), 0);
  const [at, total] = text.split('/').map((p) => secs(p.trim()));
  return { at: at!, total: total! };
}

const audio = (page: Page) => page.evaluate(() => { const a = document.querySelector('audio')!; return { src: a.currentSrc, time: a.currentTime, paused: a.paused }; });

async function chooseQuality(page: Page, kbps: number): Promise<void> {
  await page.locator('[data-testid="player-bar"] [data-testid="player-settings"]').first().click();
  await page.getByTestId(`quality-${kbps}`).click();
}

describe("the web player's stream quality", () => {
  it('transcodes at 64 kbit/s from the reached second, seeks by offset, keeps the real duration; original plays the file', async () => {
    const page = await e2e.page();
    await page.goto(`/work/${WORK}`);
    await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: 'tone.wav' }).click();
    await page.waitForFunction(() => { const a = document.querySelector('audio'); return !!a && !a.paused && a.currentTime > 1; }, undefined, { timeout: 20_000 });
    expect((await audio(page)).src).not.toContain('bitrate=');
    expect((await barTime(page)).total).toBe(SECONDS);

    await chooseQuality(page, 64);
    await page.waitForFunction(() => document.querySelector('audio')!.currentSrc.includes('bitrate=64'), undefined, { timeout: 20_000 });
    const src = (await audio(page)).src;
    const answer = await fetch(src);
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    await answer.body?.cancel();
    const offset = Number(new URL(src).searchParams.get('offset'));
    expect(offset).toBeGreaterThan(1);
    await page.waitForFunction(() => { const a = document.querySelector('audio')!; return !a.paused && a.currentTime > 0.5; }, undefined, { timeout: 20_000 });
    // the element plays the rest of the track; the bar shows the track's own clock
    const now = await barTime(page);
    expect(now.total).toBe(SECONDS);
    expect(now.at).toBeGreaterThanOrEqual(Math.floor(offset));

    // a seek asks for the stream from there
    const sought = page.waitForResponse((r) => r.url().includes('bitrate=64') && Number(new URL(r.url()).searchParams.get('offset')) > 80);
    const box = (await page.locator('[data-testid="player-bar"] [data-testid="player-seek"]').first().boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const from = Number(new URL((await sought).url()).searchParams.get('offset'));
    expect(from).toBeGreaterThan(80);
    expect(from).toBeLessThan(100);
    await page.waitForFunction(() => { const a = document.querySelector('audio')!; return !a.paused && a.currentTime > 0.5; }, undefined, { timeout: 20_000 });
    const after = await barTime(page);
    expect(after.at).toBeGreaterThanOrEqual(Math.floor(from));
    expect(after.total).toBe(SECONDS);
    expect((await audio(page)).time).toBeLessThan(20);

    // the choice is kept by the browser
    expect(await page.evaluate(() => localStorage.getItem('streamQuality'))).toBe('64');
    await chooseQuality(page, 0);
    await page.waitForFunction(() => { const a = document.querySelector('audio')!; return !a.paused && !a.currentSrc.includes('bitrate=') && a.currentTime > 80; }, undefined, { timeout: 20_000 });
    expect((await barTime(page)).total).toBe(SECONDS);
  });
});

describe('transcoding per player on /players', () => {
  it("lists a player that connected and saves its bit rate and format, which its streams follow", async () => {
    const { db, secret } = e2e.server.services;
    await setPlayerPassword(db, secret, 'admin', 'admin-phone-pw');
    const phone = new SubsonicAPI({ url: e2e.url, auth: { username: 'admin', password: 'admin-phone-pw' } });
    const { album } = await phone.getAlbum({ id: `al-${WORK}` });
    const song = album.song![0]!.id;
    expect((await phone.stream({ id: song })).headers.get('content-type')).toBe('audio/wav');

    const page = await e2e.page(PHONE);
    await page.goto('/players');
    const row = page.locator('[data-testid="player-row"][data-client="subsonic-api"]');
    await row.waitFor();
    // the format is changed before the bit rate's save has answered: neither is lost
    const release = await holdRequests(page, '**/api/player-access/players/*', (r) => r.postDataJSON()?.maxBitRate === 96);
    await row.getByTestId('player-rate').selectOption('96');
    await row.getByTestId('player-format').selectOption('opus');
    await page.getByText('player settings saved').first().waitFor();
    release();
    await expect(row.getByTestId('player-rate').inputValue()).resolves.toBe('96');
    await expect(row.getByTestId('player-format').inputValue()).resolves.toBe('opus');
    await expect.poll(async () => (await e2e.call('GET', '/api/player-access')).body.players[0]).toMatchObject({ client: 'subsonic-api', maxBitRate: 96, format: 'opus' });
    const res = await phone.stream({ id: song });
    expect(res.headers.get('content-type')).toBe('audio/ogg');
    expect(probe(Buffer.from(await res.arrayBuffer())).codec).toBe('opus');
    // in Chinese too
    const zh = await e2e.page({ lang: 'zh-CN' });
    await zh.goto('/players');
    await zh.getByText('按播放器转码').waitFor();
  });
});
