/**
 * The main job's end-to-end path in a real browser: log in, open RJ01012345, click
 * `02_耳かき`, and the audio element's currentTime advances past 0.5 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../helpers/server.js';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

describe('log in, open a work, play a track', () => {
  it('plays 02_耳かき from RJ01012345', async () => {
    const page = await e2e.page({ signedIn: false, lang: 'zh-CN' });
    await page.goto('/login');
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/main');
    await page.getByRole('link', { name: '音声' }).click();
    await page.waitForURL('**/works');
    await page.locator('[data-work-id="1012345"] [data-testid="card-title"]').click();
    await page.waitForURL('**/work/1012345');
    await expect(page.getByTestId('work-code').textContent()).resolves.toBe('RJ01012345');
    await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: '02_耳かき' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5, undefined, { timeout: 20_000 });
    const time = await page.evaluate(() => document.querySelector('audio')!.currentTime);
    expect(time).toBeGreaterThan(0.5);
    await expect(page.getByTestId('player-title').textContent()).resolves.toBe('02_耳かき.mp3');
    await e2e.screenshot(page, 'work-playing');
  });
});
