/**
 * Bookmarks in a real browser (web/src/player/BookmarkButton.tsx,
 * web/src/components/work/WorkBookmarks.tsx), in the zh-CN UI: play a long track, seek to
 * 2:03.4, add a bookmark at the current second from the expanded player; the work page
 * lists it at 2:03; after playing another track, its play button starts the long track
 * again at that second; delete removes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

const LONG = 'long tone 10min.mp3';

describe('a bookmark at the current second', () => {
  it('is added from the player, listed on the work page, plays from its second, and is deleted', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    try {
      await page.goto('/work/265946');
      await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: LONG }).click();
      await page.waitForFunction(() => { const a = document.querySelector('audio'); return !!a && !a.paused && a.currentTime > 0.2; }, undefined, { timeout: 20_000 });
      await page.getByTestId('player-toggle').first().click();
      await page.evaluate(() => { document.querySelector('audio')!.currentTime = 123.4; });
      await page.waitForFunction(() => Math.abs(document.querySelector('audio')!.currentTime - 123.4) < 0.2);
      await page.getByTestId('expand-player').click();
      await page.getByRole('button', { name: '在当前秒添加书签' }).click();
      await expect.poll(() => page.getByText('书签已保存').isVisible()).toBe(true);
      const stored = await e2e.call('GET', '/api/bookmarks?work_id=265946');
      expect(stored.body.bookmarks.map((b: { title: string; seconds: number }) => [b.title, b.seconds])).toEqual([[LONG, 123]]);
      await page.getByTestId('collapse-player').click();

      const row = page.getByTestId('bookmark-row');
      await expect.poll(() => row.count()).toBe(1);
      await expect(row.textContent()).resolves.toContain(LONG);
      await expect(page.getByTestId('bookmark-time').textContent()).resolves.toBe('2:03');
      await e2e.screenshot(page, 'work-bookmarks');

      // another track plays; the bookmark's play button goes back to the long track at 2:03
      await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: 'short.mp3' }).click();
      await expect.poll(() => page.getByTestId('player-title').first().textContent()).toBe('short.mp3');
      await page.getByRole('button', { name: '从 2:03 开始播放' }).click();
      await expect.poll(() => page.getByTestId('player-title').first().textContent()).toBe(LONG);
      await page.waitForFunction(() => { const a = document.querySelector('audio')!; return !a.paused && a.currentTime >= 123 && a.currentTime < 126; }, undefined, { timeout: 20_000 });

      await page.getByTestId('bookmark-delete').click();
      await expect.poll(() => page.getByText('书签已删除').isVisible()).toBe(true);
      await expect.poll(() => row.count()).toBe(0);
      expect((await e2e.call('GET', '/api/bookmarks?work_id=265946')).body.bookmarks).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
