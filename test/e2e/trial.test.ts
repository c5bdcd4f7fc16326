/**
 * The trial catalogue in a real browser (spec 000 sections 2, 4 and 7), in Chinese: the
 * admin runs the trial crawler on /fake/spider, /fake/works lists the trial works (same
 * list screen as /works), a card's dislike hides it, a card's download shows its
 * progress, then /fake/work/{id} plays a trial track (the audio element's time
 * advances), the queue holds its `rj…` hash (saved as play history) and a fresh page
 * resumes it from that history; a downloaded trial shows as downloaded on its card and page
 * (no second download), is listed in the play history (opening in the trial catalogue),
 * rated from its page, and its track gets an AI lyric task with its badge. A download the
 * store cannot serve says why in Chinese, without the store's address. Every notice in
 * Chinese (the harness's watch, untranslated.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Work } from '../../src/model/index.js';
import { PHONE, startE2E, type E2E } from './browser.js';

const RJ173248 = 173248;
const RJ265946 = 265946;
const RJ189758 = 189758;

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E({ scan: false }); }, 180_000);
afterAll(async () => { await e2e?.close(); });

const card = (id: number) => `[data-testid="work-card"][data-work-id="${id}"]`;

describe('the trial catalogue', () => {
  it('the admin runs the crawler on /fake/spider; /fake/works lists the trial works', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/fake/spider');
    await page.getByRole('button', { name: '获取新作', exact: true }).click();
    await page.locator('[data-testid="scanner"][data-status="finished"]').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('result-added').getByTestId('result-count').textContent()).resolves.toBe('3');
    await e2e.screenshot(page, 'trial-spider');

    await page.goto('/main');
    await page.getByRole('link', { name: '试听' }).click();
    await page.waitForURL('**/fake/works');
    await expect(page.getByTestId('works-title').textContent()).resolves.toBe('试听作品');
    await page.locator(card(RJ173248)).getByTestId('card-title').filter({ hasText: '搾精天使ピュアミルク' }).waitFor();
    await expect(page.getByTestId('works-count').textContent()).resolves.toBe('3');
    await expect(page.locator('[data-testid="work-card"]').count()).resolves.toBe(3);
    // cards offer dislike and download, not delete
    await expect(page.locator(card(RJ173248)).getByRole('button', { name: '不喜欢' }).isVisible()).resolves.toBe(true);
    await expect(page.locator(card(RJ173248)).getByRole('button', { name: '下载试听' }).isVisible()).resolves.toBe(true);
    await expect(page.locator(card(RJ173248)).getByTestId('card-delete').count()).resolves.toBe(0);
    await e2e.screenshot(page, 'trial-works');
    // the main list is the library's (status 3): empty here
    await page.goto('/works');
    await page.getByTestId('works-empty').waitFor();
    await expect(page.getByTestId('works-count').textContent()).resolves.toBe('0');
  });

  it('fits a phone screen', async () => {
    const page = await e2e.page({ lang: 'zh-CN', ...PHONE });
    await page.goto('/fake/works');
    await page.locator(card(RJ173248)).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await e2e.screenshot(page, 'trial-works');
  });

  it("a card's dislike hides it for good", async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/fake/works');
    await page.locator(card(RJ265946)).getByTestId('card-dislike').click();
    await page.locator(card(RJ265946)).waitFor({ state: 'detached' });
    await expect(page.getByTestId('works-count').textContent()).resolves.toBe('2');
    await page.reload();
    await page.locator(card(RJ173248)).waitFor();
    await expect(page.locator(card(RJ265946)).count()).resolves.toBe(0);
  });

  it('downloads from the card, then plays a trial track on /fake/work/{id} and resumes it from history', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/fake/works');
    await page.locator(card(RJ173248)).getByTestId('card-download').click();
    const progress = page.locator(card(RJ173248)).getByTestId('download-progress');
    await progress.and(page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
    await expect(progress.textContent()).resolves.toBe('试听已下载');

    await page.locator(card(RJ173248)).getByTestId('card-title').click();
    await page.waitForURL(`**/fake/work/${RJ173248}`);
    await expect(page.getByTestId('work-code').textContent()).resolves.toBe('RJ173248');
    await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: '01_体験版.mp3' }).click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 2, undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => document.querySelector('audio')!.src)).toMatch(/\/api\/fake\/media\/stream\/rj173248\/\d+\?token=/);
    await expect(page.getByTestId('player-title').textContent()).resolves.toBe('01_体験版.mp3');
    await e2e.screenshot(page, 'trial-work-playing');
    await page.getByTestId('player-toggle').click();
    const paused = await page.evaluate(() => document.querySelector('audio')!.currentTime);

    // the player saved its queue (an rj… hash) as the work's play history
    let state: Work['state'] = null;
    for (let i = 0; i < 50 && !(state && state.seconds > 1); i++) {
      await new Promise((r) => setTimeout(r, 200));
      state = ((await e2e.call('GET', `/api/fake/${RJ173248}`)).body as Work).state;
    }
    expect(state?.queue[state.index]?.hash).toMatch(/^rj173248\/\d+$/);
    expect(state!.seconds).toBeGreaterThan(1);
    expect(state!.seconds).toBeLessThanOrEqual(paused + 0.5);

    // a fresh page (nothing playing) resumes it: history play restores the queue and seeks to the saved second
    const fresh = await e2e.page({ lang: 'zh-CN' });
    await fresh.goto(`/fake/work/${RJ173248}`);
    await fresh.getByTestId('history-play').click();
    await fresh.getByText('已恢复播放历史').waitFor();
    await fresh.waitForFunction((s) => (document.querySelector('audio')?.currentTime ?? 0) >= s, state!.seconds - 0.2, { timeout: 20_000 });
    expect(await fresh.evaluate(() => document.querySelector('audio')!.src)).toMatch(/\/api\/fake\/media\/stream\/rj173248\//);
    await expect(fresh.getByTestId('player-title').textContent()).resolves.toBe('01_体験版.mp3');
  });

  it('a downloaded trial: its card and page say so, the play history lists it, it is rated and AI-translated', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/fake/works');
    const download = page.locator(card(RJ173248)).getByTestId('card-download');
    await download.and(page.locator('[data-downloaded="true"]')).waitFor();
    expect(await download.isDisabled()).toBe(true);
    expect(await download.getAttribute('title')).toBe('试听已下载');

    // the play history (the favourites' bare path) lists it and opens it in the trial catalogue
    await page.goto('/favourites');
    const item = page.locator(`[data-testid="fav-item"][data-work-id="${RJ173248}"]`);
    await item.waitFor();
    await item.getByTestId('fav-title').click();
    await page.waitForURL(`**/fake/work/${RJ173248}`);
    const button = page.getByTestId('trial-download');
    await button.and(page.locator('[data-downloaded="true"]')).waitFor();
    expect(await button.textContent()).toBe('试听已下载');

    // rated from its page
    const star = await page.getByTestId('my-rating').locator('input[value="4"]').getAttribute('id');
    await page.locator(`label[for="${star}"]`).click();
    await expect.poll(async () => ((await e2e.call('GET', `/api/fake/${RJ173248}`)).body as Work).userRating).toBe(4);

    // its track's AI translation: a task, and the badge on the track
    const track = page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: '01_体験版.mp3' });
    await track.click({ button: 'right' });
    await page.getByTestId('context-menu').getByRole('menuitem', { name: 'AI 翻译' }).click();
    await page.getByText('已创建字幕任务').waitFor();
    await track.locator('[data-testid="ai-badge"][data-status="1"]').waitFor();
  });

  it("a download the store cannot serve says why in Chinese, without the store's address", async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/fake/works');
    await page.locator(card(RJ189758)).getByTestId('card-download').click();
    await page.getByText('已开始下载 RJ189758').waitFor();
    const progress = page.locator(card(RJ189758)).getByTestId('download-progress');
    await progress.and(page.locator('[data-state="failed"]')).waitFor({ timeout: 60_000 });
    await expect(progress.textContent()).resolves.toBe('下载失败：商店对试听压缩包返回了 HTTP 404');
  });
});
