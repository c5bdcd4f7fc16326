/**
 * Dates in the UI's language: favourites and the work page write them as zh-CN does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

describe('dates in the UI language', () => {
  it('favourites and the work page write dates as zh-CN does: 2026/11/22 21:38', async () => {
    expect((await e2e.call('PUT', '/api/review?starOnly=false', { user_name: 'admin', work_id: 265946, rating: 5, review_text: 'Dated.', progress: 'listened' })).status).toBe(200);
    const reviews = (await e2e.call('GET', '/api/review?order=updated_at&sort=desc&page=1')).body.works as { id: number; updated_at: string }[];
    const updatedAt = reviews.find((w) => w.id === 265946)!.updated_at;
    const release = (await e2e.call('GET', '/api/work/265946')).body.release as string;
    expect(release).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/favourites/review');
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const expected = new Intl.DateTimeFormat('zh-CN', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(updatedAt));
    expect(expected).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    const item = page.locator('[data-testid="fav-item"][data-work-id="265946"]');
    await item.getByText(`更新于 ${expected}`, { exact: true }).waitFor();
    const [y, m, d] = release.split('-');
    await expect(item.getByText(`${y}/${m}/${d}`, { exact: true }).count()).resolves.toBe(1);
    await e2e.screenshot(page, 'rough-favourites-dates');

    await page.goto('/work/265946');
    await page.getByTestId('work-header').getByText(`${y}/${m}/${d}`, { exact: true }).waitFor();
    await expect(page.getByTestId('work-header').getByText(release).count()).resolves.toBe(0);

    const en = await e2e.page();
    await en.goto('/favourites/review');
    const updated = en.locator('[data-testid="fav-item"][data-work-id="265946"]').getByText(/^Updated /);
    await expect(updated.textContent()).resolves.toMatch(/^Updated \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\s[AP]M$/);
  });
});
