/**
 * Works without store metadata in real Chromium, in the zh-CN UI: the fixture library's
 * RJ01012345 and RJ299717 are unknown to the recorded store, the others fetched. Their
 * cards and work page say 'no store data' instead of zero stars, sales and a store link;
 * the works list filters them; the admin fetches one again from its page; a scan's
 * failed tab lists them with their reasons (in Chinese) and counts them, and 'fetch
 * metadata again' lists those still without it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  expect((await e2e.call('PUT', '/api/config/admin', { config: { fetchMetadata: true, retry: 1, retryDelay: 0 } })).status).toBe(200);
});
afterAll(async () => { await e2e?.close(); });

const card = (page: import('playwright-core').Page, id: number) => page.locator(`[data-testid="work-card"][data-work-id="${id}"]`);

describe('works without store data', () => {
  it('have cards saying so instead of zero stars and sales, and a filter of the works list', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/works');
    await card(page, 1012345).waitFor();
    await expect(card(page, 1012345).getByTestId('no-store-data').textContent()).resolves.toBe('无商店数据');
    await expect(card(page, 1012345).getByTestId('card-rating').count()).resolves.toBe(0);
    await expect(card(page, 1012345).textContent()).resolves.not.toContain('售出');
    await expect(card(page, 265946).getByTestId('no-store-data').count()).resolves.toBe(0);
    await expect(card(page, 265946).getByTestId('card-rating').count()).resolves.toBe(1);

    await page.getByTestId('works-controls').getByText('无商店数据', { exact: true }).click();
    await expect.poll(() => page.getByTestId('works-count').textContent(), { timeout: 20_000 }).toBe('2');
    await expect.poll(async () => (await page.getByTestId('work-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-work-id')))).sort(), { timeout: 20_000 }).toEqual(['1012345', '299717']);
    await e2e.screenshot(page, 'no-store-data-filter');
  });

  it('have a work page without stars, sales or store link, and an admin "fetch again" that says why it failed', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/work/1012345');
    const box = page.getByTestId('no-store-data');
    await box.waitFor();
    await expect(box.textContent()).resolves.toContain('无商店数据');
    for (const id of ['store-link', 'work-sales', 'work-average']) await expect(page.getByTestId(id).count()).resolves.toBe(0);
    await page.getByTestId('fetch-again').click();
    await expect(page.getByText(/^RJ01012345 扫描完成，但未获取到元数据：/).first().waitFor()).resolves.toBeUndefined();
    await page.getByText('RJ01012345 扫描完成，但未获取到元数据：作品代码未知：DLsite 和 HVDB 都没有该作品', { exact: true }).first().waitFor();
    await e2e.screenshot(page, 'no-store-data-work');

    const known = await e2e.page({ lang: 'zh-CN' });
    await known.goto('/work/265946');
    await known.getByTestId('store-link').waitFor();
    await expect(known.getByTestId('no-store-data').count()).resolves.toBe(0);
  });

  it('are listed with their reasons in the scanner page\'s failed tab and counted as metadata not fetched', async () => {
    // the library the fixture scan read, as the root the scanner page scans
    expect((await e2e.call('POST', '/api/config/roots', { name: 'library', path: path.join(e2e.server.dataDir, 'library') })).status).toBe(200);
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/admin/scanner');
    const scan = page.getByRole('button', { name: '扫描本地音声库', exact: true });
    await expect.poll(() => scan.isEnabled(), { timeout: 20_000 }).toBe(true);
    await scan.click();
    await page.locator('[data-testid="scanner"][data-status="finished"]').waitFor();
    await expect(page.getByTestId('result-metadata').textContent()).resolves.toBe('元数据未获取2');
    await expect(page.getByTestId('result-failed').getByTestId('result-count').textContent()).resolves.toBe('0');
    await expect(page.getByTestId('count-failed').textContent()).resolves.toBe('2');
    await page.getByRole('tab', { name: /失败/ }).click();
    const tasks = page.getByTestId('failed-tasks').getByTestId('task');
    await expect(tasks.evaluateAll((items) => items.map((i) => i.getAttribute('data-rjcode')).sort())).resolves.toEqual(['01012345', '299717']);
    const task = page.locator('[data-testid="task"][data-rjcode="299717"]');
    await expect(task.getByTestId('task-metadata').textContent()).resolves.toBe('元数据未获取');
    await task.getByRole('button').first().click();
    await expect.poll(() => task.getByTestId('log-line').count()).toBeGreaterThan(0);
    await expect(task.textContent()).resolves.toMatch(/[\u4e00-\u9fff]/);
    // the reason in Chinese too, not the crawler's English
    await task.getByText('获取元数据失败，稍后重试：作品代码未知：DLsite 和 HVDB 都没有该作品', { exact: true }).waitFor();
    await expect(page.getByTestId('log-body').textContent()).resolves.toContain('元数据未获取 2');
    await e2e.screenshot(page, 'no-store-data-scanner');

    // 'fetch metadata again': the works still without it, listed again
    await page.getByRole('button', { name: '重新获取元数据', exact: true }).click();
    await expect.poll(() => page.getByTestId('log-body').textContent(), { timeout: 20_000 }).toContain('元数据获取完成：获取成功 0 个，未获取 2 个');
    await page.locator('[data-testid="scanner"][data-status="finished"]').waitFor();
    await expect(page.getByTestId('count-failed').textContent()).resolves.toBe('2');
  });
});
