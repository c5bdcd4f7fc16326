/**
 * The novel section in a real browser (spec 001 section 2, DESIGN section 7): site chooser
 * -> novel -> the list (zh-CN) -> adding a novel through the spider-filled form (from the
 * local stand-in novel site) -> the detail page with its word count in 万字 and its status
 * -> a Shift-JIS TXT uploaded and downloaded as UTF-8 -> rating and progress -> the
 * favourites in review and progress modes; the novel screens at 390 px do not overflow.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startE2E, type E2E } from './browser.js';
import { startNovelSite, type NovelSite } from '../helpers/novel-site.js';

let e2e: E2E;
let site: NovelSite;
beforeAll(async () => {
  [e2e, site] = await Promise.all([startE2E({ scan: false }), startNovelSite()]);
  Object.assign(e2e.server.services.config, { spiderAllowPrivate: true, retry: 1, retryDelay: 0 });
});
afterAll(async () => { await Promise.all([e2e?.close(), site?.close()]); });

const TEXT = '第一章　星河\n少女は灯台を探して旅に出た。\n'.repeat(40);

describe('the novel section', () => {
  it('goes from the site chooser to the list, adds a novel with the spider, uploads and downloads its TXT, rates it and finds it in the favourites', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/main');
    await page.getByRole('link', { name: '小说' }).click();
    await page.waitForURL('**/novel/works');
    await expect(page.getByTestId('works-title').textContent()).resolves.toBe('所有小说');
    await expect(page.getByTestId('works-count').textContent()).resolves.toBe('0');
    await page.getByTestId('works-empty').filter({ hasText: '没有小说' }).waitFor(); // an empty state, not 'no more works'
    const sorts = await page.getByTestId('sort-select').locator('option').allTextContents();
    expect(sorts).toEqual(['收录时间', '发布时间', '评分', '阅读数', '字数', '最近阅读']);
    await expect(page.getByTestId('nsfw-select').count()).resolves.toBe(0);

    // the add form, filled by the spider
    await page.getByTestId('drawer-toggle').click();
    await page.getByRole('link', { name: '添加小说' }).click();
    await page.waitForURL('**/novel/add');
    await page.getByTestId('add-url').fill(`${site.url}/book/20481/`);
    await page.getByTestId('add-spider').click();
    await page.getByText('已根据页面填写表单').waitFor();
    await expect(page.getByTestId('add-name').inputValue()).resolves.toBe('星河旅人');
    await expect(page.getByTestId('add-id').inputValue()).resolves.toBe('20481');
    await expect(page.getByTestId('add-author').inputValue()).resolves.toBe('林雨');
    await expect(page.getByTestId('add-words').inputValue()).resolves.toBe('356000');
    await expect(page.getByTestId('add-status').getByLabel('完结').isChecked()).resolves.toBe(true);
    await e2e.screenshot(page, 'novel-add');
    await page.getByTestId('add-submit').click();
    await page.waitForURL('**/novel/work/20481');

    // the detail page
    await page.getByTestId('novel-title').filter({ hasText: '星河旅人' }).waitFor();
    await expect(page.getByTestId('novel-words').textContent()).resolves.toBe('35.6 万字');
    await expect(page.getByTestId('novel-status').textContent()).resolves.toBe('完结');
    await expect(page.getByTestId('novel-info').textContent()).resolves.toContain('第一百章 灯塔');
    await expect(page.getByTestId('novel-origin').getAttribute('href')).resolves.toBe(`${site.url}/book/20481/`);
    await page.getByTestId('va-chip').filter({ hasText: '林雨' }).waitFor();
    await e2e.screenshot(page, 'novel-detail');

    // a Shift-JIS TXT, uploaded and downloaded as UTF-8
    await page.getByTestId('txt-button').click();
    await page.getByTestId('txt-none').waitFor();
    await page.getByTestId('txt-dialog').locator('input[type="file"]').setInputFiles({ name: '星河.txt', mimeType: 'text/plain', buffer: iconv.encode(TEXT, 'Shift_JIS') });
    await page.getByTestId('txt-upload').click();
    await page.getByText('TXT 已上传（Shift_JIS）').waitFor(); // the server's coded message, in the UI language
    await page.getByTestId('txt-file').filter({ hasText: '星河.txt' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('txt-download').click()]);
    expect(download.suggestedFilename()).toBe('星河.txt');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(TEXT);
    await page.keyboard.press('Escape');
    await page.getByTestId('txt-file').waitFor({ state: 'hidden' });
    await page.getByTestId('txt-button').filter({ hasText: 'TXT（1）' }).waitFor();

    // rate and set the progress
    const star = await page.getByTestId('my-rating').locator('input[value="4"]').getAttribute('id');
    await page.locator(`label[for="${star}"]`).click();
    await page.getByText('评分已保存').waitFor();
    await page.getByTestId('progress-button').click();
    await page.getByRole('menuitem', { name: '在看' }).click();
    await page.getByTestId('progress-button').filter({ hasText: '在看' }).waitFor();
    const novel = (await e2e.call('GET', '/api/novel/work/20481')).body;
    expect([novel.userRating, novel.myProcess, novel.progress, novel.onlineTxt.length]).toEqual([4, 0, 'listening', 1]);

    // the favourites: reviews on the bare path, then progress
    await page.goto('/novel/favourites');
    const item = page.locator('[data-testid="fav-item"][data-work-id="20481"]');
    await item.waitFor();
    await expect(page.getByTestId('fav-modes').locator('label[data-active="true"]').textContent()).resolves.toBe('我的评论');
    await page.getByTestId('fav-modes').getByText('我的进度').click();
    await page.waitForURL('**/novel/favourites/progress');
    await expect(item.getByTestId('fav-progress').inputValue()).resolves.toBe('在看');
    await page.getByTestId('fav-progress-filter').getByText('看过').click();
    await page.getByTestId('fav-empty').waitFor();
    await page.getByTestId('fav-progress-filter').getByText('在看').click();
    await item.waitFor();
    await e2e.screenshot(page, 'novel-favourites');

    // and the list shows it, with its facts
    await page.goto('/novel/works');
    const card = page.locator('[data-testid="work-card"][data-work-id="20481"]');
    await expect(card.getByTestId('novel-words').textContent()).resolves.toBe('35.6 万字');
    await expect(page.getByTestId('works-count').textContent()).resolves.toBe('1');
  });

  it('lays out the novel screens at 390 px without horizontal overflow', async () => {
    const page = await e2e.page({ ...PHONE, lang: 'zh-CN' });
    for (const path of ['/novel/works', '/novel/search', '/novel/work/20481', '/novel/add', '/novel/favourites', '/novel/favourites/progress', '/novel/tags', '/novel/vas']) {
      await page.goto(path);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/novel/work/20481');
    await page.getByTestId('novel-words').waitFor();
    await e2e.screenshot(page, 'novel-detail');
    await page.getByTestId('txt-button').click();
    await page.getByTestId('txt-file').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
