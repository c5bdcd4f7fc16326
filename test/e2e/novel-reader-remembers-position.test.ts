/**
 * Reading a novel's TXT in the browser (beyond the spec, beside its download): a paged
 * reader opened from the novel page, turned with buttons and the arrow keys, that reopens
 * at the page where the reader stopped, in another browser too (the position is kept on
 * the server, per user). The text comes as uploaded in Shift-JIS, decoded.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, startE2E, type E2E } from './browser.js';

/** Characters per page of the reader (web/src/pages/novel/NovelReader.tsx PAGE_CHARS). */
const PAGE = 3000;
/** Five pages, each starting with its own marker. */
const TEXT = Array.from({ length: 5 }, (_, i) => `【第${i + 1}頁】`.padEnd(PAGE, 'あ')).join('');

let e2e: E2E;
let id: number;
beforeAll(async () => {
  e2e = await startE2E({ scan: false });
  const added = await e2e.call('POST', '/api/novel/work/', { name: '頁の小説' });
  expect(added.status).toBe(200);
  id = added.body.id as number;
  const form = new FormData();
  form.set('id', String(id));
  form.set('file', new Blob([new Uint8Array(iconv.encode(TEXT, 'Shift_JIS'))]), '頁.txt');
  expect((await fetch(`${e2e.url}/api/novel/work/uploadTxt/`, { method: 'POST', headers: { authorization: `Bearer ${e2e.token}` }, body: form })).status).toBe(200);
}, 120_000);
afterAll(async () => { await e2e?.close(); });

describe('the TXT reader', () => {
  it('opens from the novel page, turns pages, and reopens at the same page in another browser', async () => {
    const page = await e2e.page();
    await page.goto(`/novel/work/${id}`);
    await page.getByTestId('novel-read').click();
    await page.waitForURL(`**/novel/read/${id}`);
    await expect.poll(() => page.getByTestId('reader-page').textContent()).toBe('Page 1 / 5');
    expect(await page.getByTestId('reader-text').textContent()).toMatch(/^【第1頁】あ+$/);
    expect(await page.getByTestId('reader-previous').isDisabled()).toBe(true);
    let saved = page.waitForResponse((r) => r.url().endsWith('/api/novel/readingPosition') && r.request().method() === 'PUT' && r.status() === 200);
    await page.getByTestId('reader-next').click();
    await saved;
    saved = page.waitForResponse((r) => r.url().endsWith('/api/novel/readingPosition') && r.request().method() === 'PUT' && r.status() === 200);
    await page.keyboard.press('ArrowRight');
    await saved;
    await expect.poll(() => page.getByTestId('reader-page').textContent()).toBe('Page 3 / 5');
    expect(await page.getByTestId('reader-text').textContent()).toMatch(/^【第3頁】/);
    await e2e.screenshot(page, 'novel-reader');

    // another browser (its own storage), the same user: opens at page 3
    const other = await e2e.page({ ...PHONE, lang: 'zh-CN' });
    await other.goto(`/novel/read/${id}`);
    await expect.poll(() => other.getByTestId('reader-page').textContent()).toBe('第 3 / 5 页');
    expect(await other.getByTestId('reader-text').textContent()).toMatch(/^【第3頁】/);
    expect(await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await e2e.screenshot(other, 'novel-reader');
  });

  it('is offered beside the download in the TXT dialog; a novel without a TXT has no reader', async () => {
    const page = await e2e.page();
    await page.goto(`/novel/work/${id}`);
    await page.getByTestId('txt-button').click();
    await page.getByTestId('txt-read').click();
    await page.waitForURL(`**/novel/read/${id}`);
    await page.getByTestId('reader-text').waitFor();
    const bare = (await e2e.call('POST', '/api/novel/work/', { name: '空の小説' })).body.id as number;
    await page.goto(`/novel/work/${bare}`);
    await page.getByTestId('txt-button').waitFor();
    await expect(page.getByTestId('novel-read').count()).resolves.toBe(0);
    await page.goto(`/novel/read/${bare}`);
    await page.getByText('Page not found').waitFor();
  });
});
