/**
 * The home list's "continue listening" shelf and the progress bar on work cards (beyond
 * the spec, as audiobook players show them), from the caller's play history: a started
 * work is on the shelf with its progress and resumes from it; a finished one is not; the
 * bar shows on the shelf, the recent-plays strip, the works grid and the history list.
 *
 * RJ265946: 'long tone 10min.mp3' (600 s) and 'short.mp3'; RJ01012345: three short tracks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, startE2E, type E2E } from './browser.js';

let e2e: E2E;
type Node = { type: string; hash: string; title: string; duration?: number; children?: Node[] };
const audio = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.type === 'folder' ? audio(n.children ?? []) : n.type === 'audio' ? [n] : []));
let started: number;

beforeAll(async () => {
  e2e = await startE2E();
  const queueOf = async (id: number) => audio((await e2e.call('GET', `/api/tracks/${id}`)).body as Node[]).map((t) => ({ hash: t.hash, title: t.title, duration: t.duration }));
  const tone = await queueOf(265946);
  const rain = await queueOf(1012345);
  const toneIndex = tone.findIndex((t) => t.title === 'long tone 10min.mp3');
  const total = tone.reduce((a, t) => a + t.duration!, 0);
  started = Math.round(((tone.slice(0, toneIndex).reduce((a, t) => a + t.duration!, 0) + 150) / total) * 100);
  // finished first, started last: the shelf is newest first
  expect((await e2e.call('PUT', '/api/histroy', { work_id: 1012345, state: { queue: rain, index: rain.length - 1, seconds: rain.at(-1)!.duration } })).status).toBe(200);
  expect((await e2e.call('PUT', '/api/histroy', { work_id: 265946, state: { queue: tone, index: toneIndex, seconds: 150 } })).status).toBe(200);
}, 120_000);
afterAll(async () => { await e2e?.close(); });

const percentOf = (page: Page, selector: string) => page.locator(selector).getByTestId('card-progress').getAttribute('data-percent').then(Number);

describe('continue listening', () => {
  it('shelves the started work with its progress, leaves the finished one out, and resumes where it stopped', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await e2e.page(size);
      await page.goto('/works');
      const shelf = page.getByTestId('continue-listening');
      await shelf.waitFor();
      await shelf.getByText('Continue listening').waitFor();
      expect(await shelf.getByTestId('continue-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-work-id')))).toEqual(['265946']);
      expect(await percentOf(page, '[data-testid="continue-card"][data-work-id="265946"]')).toBe(started);
      await expect(shelf.getByLabel(`${started}% listened`).count()).resolves.toBe(1);
      await e2e.screenshot(page, 'continue-listening');
      if (size === DESKTOP) {
        await shelf.getByTestId('continue-play').click();
        await page.getByText('resumed play history').waitFor();
        await expect.poll(() => page.getByTestId('player-title').textContent()).toBe('long tone 10min.mp3');
        await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) >= 149);
      }
      await page.context().close();
    }
  });

  it('says it in Chinese in the zh-CN UI', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/works');
    await page.getByTestId('continue-listening').getByText('继续收听').waitFor();
    await expect(page.getByTestId('continue-listening').getByLabel(`已听 ${started}%`).count()).resolves.toBe(1);
    await page.context().close();
  });
});

describe('progress on work cards', () => {
  it('shows the bar on the recent plays strip, the works grid and list, and the history list; none without history', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    const strip = page.getByTestId('recent-plays');
    await strip.waitFor();
    expect(await strip.getByTestId('card-progress').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-percent'))))).toEqual([started, 100]);
    const grid = '[data-testid="work-card"][data-work-id="265946"]';
    await page.locator(grid).waitFor();
    expect(await percentOf(page, grid)).toBe(started);
    expect(await percentOf(page, '[data-testid="work-card"][data-work-id="1012345"]')).toBe(100);
    await expect(page.locator('[data-testid="work-card"][data-work-id="173248"]').getByTestId('card-progress').count()).resolves.toBe(0);
    await page.locator('[data-testid="mode-toggle"] label').nth(1).click();
    await page.getByTestId('works-list').waitFor();
    expect(await percentOf(page, grid)).toBe(started);
    await page.goto('/favourites');
    expect(await percentOf(page, '[data-testid="fav-item"][data-work-id="265946"]')).toBe(started);
    await page.context().close();
  });
});
