/**
 * What a phone user (390 px) sees, and the same on a wide screen where it applies: the
 * expanded player's full-screen button opens the visualiser visibly (the sheet closes);
 * the notice of "use as cover" leaves the image preview's close button clickable; the
 * recent-plays strip's cards are all as tall as each other.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); }, 180_000);
afterAll(async () => { await e2e?.close(); });

/** Plays a track of work 1012345 from its page. */
async function play(page: Page, title: string): Promise<void> {
  await page.goto('/work/1012345');
  await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: title }).click();
  await page.getByTestId('player-title').filter({ hasText: title }).waitFor();
}

describe("the expanded player's full-screen button", () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`closes the sheet and shows the visualiser at ${size.width} px`, async () => {
      const page = await e2e.page({ ...size, lang: 'zh-CN' });
      await play(page, '01_プロローグ.mp3');
      await page.getByTestId('expand-player').click();
      const sheet = page.getByTestId('expanded-player');
      await sheet.getByTestId('open-full-screen').click();
      await page.waitForURL('**/fullScreenPlayer/1012345');
      await page.getByTestId('collapse-player').waitFor({ state: 'hidden' });
      const visualiser = page.getByTestId('visualiser');
      await visualiser.waitFor({ state: 'visible' });
      // nothing lies over the visualiser's centre: a click there reaches it
      const box = (await visualiser.boundingBox())!;
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('data-testid') ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
      expect(hit).toBe('visualiser');
      await e2e.screenshot(page, 'full-screen-from-sheet');
    });
  }
});

describe('the image preview on a phone', () => {
  it('"use as cover" shows its notice without covering the close button', async () => {
    const page = await e2e.page({ ...PHONE, lang: 'zh-CN' });
    await play(page, '01_プロローグ.mp3');
    await page.locator('[data-testid="tree-item"][data-type="folder"]').filter({ hasText: '画像' }).click();
    await page.getByTestId('tree-item').filter({ hasText: '表紙.jpg' }).click();
    await page.getByTestId('use-as-cover').click();
    const toast = page.locator('.mantine-Notification-root');
    await toast.waitFor();
    const close = page.getByTestId('image-close');
    const box = (await close.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit).toBe('image-close');
    await close.click({ timeout: 3000 });
    await page.getByTestId('image-index').waitFor({ state: 'detached' });
    await expect(toast.count()).resolves.toBe(1); // the notice stays to be read
  });
});

interface Node { type: string; hash?: string; title: string; children?: Node[] }
/** The first audio file of a track tree. */
const firstAudio = (nodes: Node[]): { hash: string; title: string } | undefined => {
  for (const n of nodes) {
    if (n.type === 'audio' && n.hash) return { hash: n.hash, title: n.title };
    const inner = n.children && firstAudio(n.children);
    if (inner) return inner;
  }
  return undefined;
};

describe('the recent-plays strip', () => {
  it('has cards of one height, whatever the length of their titles', async () => {
    for (const id of [265946, 1012345, 189758]) {
      const { hash, title } = firstAudio((await e2e.call('GET', `/api/tracks/${id}`)).body as Node[])!;
      expect((await e2e.call('PUT', '/api/histroy', { work_id: id, state: { queue: [{ hash, title }], index: 0, seconds: 1 } })).status).toBe(200);
    }
    for (const size of [PHONE, DESKTOP]) {
      const page = await e2e.page(size);
      await page.goto('/works');
      const cards = page.getByTestId('recent-play');
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);
      const heights = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
      const titleLines = await cards.evaluateAll((els) => els.map((el) => Math.round((el.querySelector('p')?.getBoundingClientRect().height ?? 0))));
      expect(new Set(titleLines).size, `title heights ${titleLines}`).toBeGreaterThan(1); // the fixture's titles take one and two lines
      expect(new Set(heights).size, `card heights ${heights}`).toBe(1);
    }
  });
});
