/**
 * Screens fit a phone and a desktop, checked as a user sees them at 1440 x 900 and
 * 390 x 844: the third site's way back, the image preview inside the screen, the admin
 * folder table's buttons, the full-screen and expanded player layouts, and the advanced
 * settings' Save button and restart marks.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_KEYS } from '../../src/model/index.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, 'element is rendered').not.toBeNull();
  return b!;
}

/** Asserts `b` lies wholly inside the page's viewport. */
function expectInViewport(page: Page, b: Box, what: string): void {
  const { width, height } = page.viewportSize()!;
  expect(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${what}: right edge`).toBeLessThanOrEqual(width + 0.5);
  expect(b.y + b.height, `${what}: bottom edge`).toBeLessThanOrEqual(height + 0.5);
}

describe('the third site', () => {
  it('has a header with a way back to the site chooser on a phone', async () => {
    const page = await e2e.page(PHONE);
    await page.goto('/lysk/main');
    const back = page.getByRole('link', { name: 'Back to the site chooser' });
    await back.waitFor();
    expectInViewport(page, await box(back), 'back link');
    await back.click();
    await page.waitForURL('**/main');
    await page.getByRole('link', { name: 'Third site' }).waitFor();
  });
});
describe('image preview', () => {
  /** The colour bands of a test picture: top red, bottom blue, left green, right magenta. */
  const BANDS = { red: [255, 0, 0], blue: [0, 0, 255], green: [0, 200, 0], magenta: [255, 0, 255] } as const;
  type Extents = Record<keyof typeof BANDS, { minX: number; maxX: number; minY: number; maxY: number; count: number }>;

  /** Draws a width x height PNG with a `band` px border in the four colours (in a blank page, with a canvas). */
  async function testPicture(width: number, height: number, band: number): Promise<Buffer> {
    const scratch = await e2e.browser.newPage();
    try {
      const b64 = await scratch.evaluate(({ width, height, band, bands }) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext('2d')!;
        const fill = (rgb: readonly number[], x: number, y: number, w: number, h: number) => { ctx.fillStyle = `rgb(${rgb.join(',')})`; ctx.fillRect(x, y, w, h); };
        fill([240, 240, 210], 0, 0, width, height);
        fill(bands.red, 0, 0, width, band);
        fill(bands.blue, 0, height - band, width, band);
        fill(bands.green, 0, band, band, height - 2 * band);
        fill(bands.magenta, width - band, band, band, height - 2 * band);
        return canvas.toDataURL('image/png').split(',')[1]!;
      }, { width, height, band, bands: BANDS });
      return Buffer.from(b64, 'base64');
    } finally {
      await scratch.close();
    }
  }

  /** Where each band colour shows in a screenshot (decoded in a blank page). */
  async function bandExtents(screenshot: Buffer): Promise<Extents> {
    const scratch = await e2e.browser.newPage();
    try {
      return await scratch.evaluate(async ({ b64, bands }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const data = ctx.getImageData(0, 0, img.width, img.height).data;
        const out: Record<string, { minX: number; maxX: number; minY: number; maxY: number; count: number }> = {};
        for (const name of Object.keys(bands)) out[name] = { minX: Infinity, maxX: -1, minY: Infinity, maxY: -1, count: 0 };
        for (let y = 0; y < img.height; y++) {
          for (let x = 0; x < img.width; x++) {
            const i = (y * img.width + x) * 4;
            for (const [name, rgb] of Object.entries(bands)) {
              if (Math.abs(data[i]! - rgb[0]!) < 40 && Math.abs(data[i + 1]! - rgb[1]!) < 40 && Math.abs(data[i + 2]! - rgb[2]!) < 40) {
                const e = out[name]!;
                e.minX = Math.min(e.minX, x); e.maxX = Math.max(e.maxX, x); e.minY = Math.min(e.minY, y); e.maxY = Math.max(e.maxY, y); e.count += 1;
              }
            }
          }
        }
        return out;
      }, { b64: screenshot.toString('base64'), bands: BANDS }) as Extents;
    } finally {
      await scratch.close();
    }
  }

  const PICTURES = [
    { name: 'wide.png', width: 3000, height: 1000, band: 60 },
    { name: 'tall.png', width: 1000, height: 3000, band: 60 },
    { name: 'small.png', width: 300, height: 200, band: 10 },
  ];

  beforeAll(async () => {
    const dir = path.join(e2e.server.dataDir, 'library', 'RJ299717', 'Rain Day ASMR');
    for (const p of PICTURES) fs.writeFileSync(path.join(dir, p.name), await testPicture(p.width, p.height, p.band));
    expect((await e2e.call('POST', '/api/work/scan/299717')).status).toBe(200);
  });

  it('shows the whole picture inside the screen with a margin, not blown up', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await e2e.page(size);
      await page.goto('/work/299717');
      for (const p of PICTURES) {
        await page.getByTestId('tree-item').filter({ hasText: p.name }).click();
        await page.waitForFunction(() => {
          const img = document.querySelector<HTMLImageElement>('.mantine-Modal-content img');
          return !!img && img.complete && img.naturalWidth > 0;
        });
        await page.waitForTimeout(400); // the dialog's opening transition
        const top = await box(page.getByTestId('image-close'));
        const shot = await page.screenshot();
        const e = await bandExtents(shot);
        const what = `${p.name} at ${size.width}px`;
        for (const band of Object.keys(BANDS) as (keyof Extents)[]) expect(e[band].count, `${what}: ${band} edge on screen`).toBeGreaterThan(0);
        // every edge of the picture is on screen, clear of the top row and of the screen's sides
        const margin = 8;
        expect(e.red.minY, `${what}: top edge`).toBeGreaterThan(top.y + top.height);
        expect(e.blue.maxY, `${what}: bottom edge`).toBeLessThan(size.height - margin);
        expect(e.green.minX, `${what}: left edge`).toBeGreaterThanOrEqual(margin);
        expect(e.magenta.maxX, `${what}: right edge`).toBeLessThan(size.width - margin);
        // shown whole, in its own proportions, and never larger than the picture itself
        const shownWidth = e.magenta.maxX - e.green.minX + 1;
        const shownHeight = e.blue.maxY - e.red.minY + 1;
        expect(Math.abs(shownWidth / shownHeight - p.width / p.height) / (p.width / p.height), `${what}: proportions`).toBeLessThan(0.03);
        expect(shownWidth, `${what}: not blown up`).toBeLessThanOrEqual(p.width + 1);
        if (p.name === 'small.png' && size === DESKTOP) expect([shownWidth, shownHeight]).toEqual([p.width, p.height]);
        await page.getByTestId('image-close').click();
        await page.getByTestId('image-index').waitFor({ state: 'detached' });
      }
      await e2e.screenshot(page, 'rough-image-preview');
    }
  });
});
describe('admin folder table on a phone', () => {
  it('keeps the rename and remove buttons on screen beside a long path', async () => {
    const long = path.join(e2e.server.dataDir, 'libraries', 'a-rather-long-folder-name-for-voice-dramas', 'and-another-level-below-it');
    fs.mkdirSync(long, { recursive: true });
    expect((await e2e.call('POST', '/api/config/roots', { name: 'Voice dramas on the big disk', path: long })).status).toBe(200);
    const page = await e2e.page(PHONE);
    await page.goto('/admin');
    const row = page.locator('[data-testid="root-row"][data-name="Voice dramas on the big disk"]');
    await row.waitFor();
    for (const name of ['Rename', 'Remove']) expectInViewport(page, await box(row.getByRole('button', { name })), name);
    expectInViewport(page, await box(row.getByText(long)), 'path');
    await e2e.screenshot(page, 'rough-admin-roots');
    await row.getByRole('button', { name: 'Rename' }).click();
    expectInViewport(page, await box(row.getByRole('button', { name: 'Save' })), 'Save');
    expectInViewport(page, await box(row.getByRole('button', { name: 'Cancel' })), 'Cancel');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
describe('player layouts', () => {
  /** Opens a page of `size`, plays the first track of RJ01012345 (it has an .lrc) and waits for it to play. */
  async function playing(size: { width: number; height: number }): Promise<Page> {
    const page = await e2e.page(size);
    await page.goto('/work/1012345');
    await page.locator('[data-testid="tree-item"][data-type="audio"]').filter({ hasText: '01_プロローグ.mp3' }).click();
    await expect.poll(() => page.getByTestId('player-title').textContent()).toBe('01_プロローグ.mp3');
    await page.waitForFunction(() => { const a = document.querySelector('audio'); return !!a && !a.paused && a.currentTime > 0.2; }, undefined, { timeout: 20_000 });
    return page;
  }
  const visibleToggles = (page: Page) => page.getByTestId('player-toggle').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);

  it('the full-screen page shows the controls once and fits the visualiser and lyric above the bar', async () => {
    for (const size of [DESKTOP, PHONE]) {
      // through the drawer, inside the app: a reload would stop playback
      const p = await playing(size);
      await p.getByTestId('drawer-toggle').click();
      await p.getByRole('link', { name: 'Full-screen player' }).click();
      await p.waitForURL('**/fullScreenPlayer/1012345');
      await p.getByTestId('lyric-view').waitFor();
      await expect.poll(() => visibleToggles(p)).toBe(1);
      const bar = await box(p.getByTestId('player-bar'));
      for (const id of ['visualiser', 'full-screen-title', 'lyric-view']) {
        const b = await box(p.getByTestId(id));
        expectInViewport(p, b, id);
        expect(b.y + b.height, `${id} above the player bar at ${size.width}px`).toBeLessThanOrEqual(bar.y + 0.5);
      }
      if (size === DESKTOP) {
        const canvas = await box(p.getByTestId('visualiser'));
        const lyric = await box(p.getByTestId('lyric-view'));
        expect(lyric.x, 'lyric beside the visualiser').toBeGreaterThanOrEqual(canvas.x + canvas.width);
        expect(canvas.height, 'visualiser uses the height it has').toBeGreaterThan(600);
      }
      await e2e.screenshot(p, 'rough-full-screen');
    }
  });

  it('the expanded player uses the width of a desktop and fits a phone', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await playing(size);
      await page.getByTestId('expand-player').click();
      const drawer = page.getByTestId('expanded-player');
      await drawer.getByTestId('lyric-view').waitFor();
      await page.waitForTimeout(400); // the drawer's opening transition
      const cover = await box(drawer.locator('img').first());
      const lyric = await box(drawer.getByTestId('lyric-view'));
      for (const [id, b] of [['cover', cover], ['lyric', lyric], ['play', await box(drawer.getByTestId('player-toggle'))], ['volume', await box(drawer.getByTestId('player-mute'))]] as const) {
        expectInViewport(page, b, `${id} at ${size.width}px`);
      }
      if (size === DESKTOP) {
        expect(lyric.x, 'lyric beside the cover').toBeGreaterThanOrEqual(cover.x + cover.width);
        expect(lyric.x + lyric.width - cover.x, 'content spans the screen').toBeGreaterThan(DESKTOP.width * 0.7);
      }
      await e2e.screenshot(page, 'rough-expanded-player');
    }
  });
});
describe('advanced settings', () => {
  /** The config keys whose fields carry the restart mark. */
  const markedKeys = (page: Page) => page.getByTestId('restart-hint').evaluateAll((hints) => hints.map((h) => {
    const label = h.closest('label');
    const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
    return input?.closest('[data-key]')?.getAttribute('data-key') ?? null;
  }).sort());

  it('keeps Save on screen while scrolling and marks the fields that need a restart', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await e2e.page(size);
      await page.goto('/admin/advanced');
      const save = page.getByTestId('save-config');
      await save.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollHeight), 'the page is longer than the screen').toBeGreaterThan(size.height);
      for (const y of [0, 700, 100_000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(100);
        expectInViewport(page, await box(save), `Save at scroll ${y}, ${size.width}px`);
      }
      await expect(markedKeys(page)).resolves.toEqual([...RESTART_KEYS].sort());
      await expect(page.getByLabel('Listen port').first().evaluate((el) => el.getAttribute('data-key'))).resolves.toBe('listenPort');
      await e2e.screenshot(page, 'rough-advanced');
    }
    const zh = await e2e.page({ lang: 'zh-CN' });
    await zh.goto('/admin/advanced');
    await zh.getByTestId('save-config').waitFor();
    await expect(zh.getByTestId('restart-hint').allTextContents()).resolves.toEqual(RESTART_KEYS.map(() => '需要重启'));
  });
});
