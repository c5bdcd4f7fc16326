/**
 * Music players and the web UI in real Chromium (src/subsonic/README.md):
 * - a queue left on a phone resumes in the browser, and back: a real Subsonic client
 *   (`subsonic-api`, token sign-in with the admin's player password) saves a queue with
 *   savePlayQueue; the web player opens the work at the saved second and resumes it from
 *   the history button; the position the web player then saves is what getPlayQueue answers;
 * - the /players page at phone width: set a player password, create an API key (shown
 *   once) that a player then uses, revoke it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import { setPlayerPassword } from '../../src/users/index.js';
import { PHONE, startE2E, type E2E } from './browser.js';

const RJ265946 = 265946;
let e2e: E2E;
let phone: SubsonicAPI;
beforeAll(async () => {
  e2e = await startE2E();
  const { db, secret } = e2e.server.services;
  await setPlayerPassword(db, secret, 'admin', 'admin-phone-pw');
  phone = new SubsonicAPI({ url: e2e.url, auth: { username: 'admin', password: 'admin-phone-pw' } });
});
afterAll(async () => { await e2e?.close(); });

describe('play queue shared by a Subsonic player and the web player', () => {
  it('savePlayQueue on the phone -> the web player resumes at that second; its save -> getPlayQueue', async () => {
    const { album } = await phone.getAlbum({ id: `al-${RJ265946}` });
    const long = album.song!.find((s) => s.title === 'long tone 10min')!;
    const saved = await phone.savePlayQueue({ id: album.song!.map((s) => s.id), current: long.id, position: 300_000 });
    expect(saved.status).toBe('ok');

    const page = await e2e.page();
    // opening the work while idle loads the saved queue at the saved second, not playing
    await page.goto(`/work/${RJ265946}`);
    await expect.poll(() => page.getByTestId('player-title').textContent()).toBe('long tone 10min.mp3');
    await page.waitForFunction(() => Math.abs((document.querySelector('audio')?.currentTime ?? -9) - 300) < 1, undefined, { timeout: 15_000 });
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);

    // resume from the history button: plays on from there
    await page.getByTestId('history-play').click();
    await expect(page.getByText('resumed play history').waitFor()).resolves.toBeUndefined();
    await page.waitForFunction(() => { const a = document.querySelector('audio')!; return !a.paused && a.currentTime > 300; });

    // pause: the web player saves its position; the phone reads it
    const put = page.waitForResponse((r) => r.url().endsWith('/api/histroy') && r.request().method() === 'PUT' && r.status() === 200);
    await page.getByTestId('player-toggle').click();
    await put;
    const stopped = await page.evaluate(() => document.querySelector('audio')!.currentTime);
    const { playQueue } = await phone.getPlayQueue();
    expect(playQueue!.current).toBe(long.id);
    expect(Math.abs(playQueue!.position! - stopped * 1000)).toBeLessThan(1000);
    expect(playQueue!.position!).toBeGreaterThan(300_000);
    expect(playQueue!.entry!.map((e) => e.id)).toEqual(album.song!.map((s) => s.id));
  });
});

describe('the music players page', () => {
  it('sets the player password and creates and revokes a key, at 390 px', async () => {
    const page = await e2e.page(PHONE);
    await page.goto('/players');
    await expect.poll(() => page.getByTestId('player-server-url').textContent()).toBe(e2e.url);
    await expect.poll(() => page.getByTestId('player-password-state').textContent()).toBe('A player password is set.');
    const card = page.getByTestId('player-password-card');
    await card.getByLabel('New player password').fill('new-phone-pw');
    await card.getByLabel('Confirm the player password').fill('other');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('the two passwords do not match').waitFor();
    await card.getByLabel('Confirm the player password').fill('new-phone-pw');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('player password saved').waitFor();
    const newPhone = new SubsonicAPI({ url: e2e.url, auth: { username: 'admin', password: 'new-phone-pw' } });
    expect((await newPhone.ping()).status).toBe('ok');
    expect(await phone.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });

    const keys = page.getByTestId('api-keys-card');
    await keys.getByLabel('Label').fill('my phone');
    await keys.getByRole('button', { name: 'Create a key' }).click();
    const key = (await page.getByTestId('new-api-key').locator('code').textContent())!;
    expect(key).toMatch(/^al_/);
    await page.locator('[data-testid="api-key-row"][data-name="my phone"]').waitFor();
    const keyed = new SubsonicAPI({ url: e2e.url, auth: { apiKey: key } });
    expect((await keyed.getUser({ username: 'admin' })).user.username).toBe('admin');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await e2e.screenshot(page, 'players');

    await page.getByRole('button', { name: 'Revoke my phone' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('API key revoked').waitFor();
    await expect.poll(() => page.getByTestId('api-key-row').count()).toBe(0);
    expect(await keyed.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
  });
});
