/**
 * The work page's "download the whole work" button (beyond the spec): one click downloads
 * the work as one zip named by its code, the same bytes the API answers.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); }, 120_000);
afterAll(async () => { await e2e?.close(); });

describe('downloading a whole work', () => {
  it('downloads RJ01012345.zip from the work page, the same archive the API serves', async () => {
    const page = await e2e.page();
    await page.goto('/work/1012345');
    const button = page.getByTestId('download-zip');
    await expect(button.textContent()).resolves.toBe('Download the whole work (zip)');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('RJ01012345.zip');
    const file = await download.path();
    const served = Buffer.from(await (await fetch(`${e2e.url}/api/media/zip/1012345?token=${e2e.token}`)).arrayBuffer());
    expect(fs.readFileSync(file).equals(served)).toBe(true);
    await page.context().close();
  });

  it('is labelled in Chinese in the zh-CN UI and fits a phone', async () => {
    const page = await e2e.page({ ...PHONE, lang: 'zh-CN' });
    await page.goto('/work/1012345');
    await page.getByTestId('download-zip').filter({ hasText: '下载整个作品（zip）' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
