/**
 * Browser tests of the favourites screen (spec 000 section 2 "Favourites", section 7
 * sorting and review parameter rules): modes, the playlists mode's empty state (its
 * screens are test/e2e/playlists.test.ts), sort options and
 * direction rules, progress filters, empty state, review dialog, inline progress, the
 * favourites rating (starOnly=true, shown at once) and play-from-history.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, holdRequests, startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  const put = (work_id: number, body: object, query: string) => e2e.call('PUT', `/api/review${query}`, { user_name: 'admin', work_id, ...body });
  expect((await put(265946, { rating: 4, review_text: 'Great school drama.', progress: 'listening' }, '?starOnly=false')).status).toBe(200);
  expect((await put(189758, { progress: 'listened' }, '?starOnly=false&progressOnly=true')).status).toBe(200);
  const tracks = (await e2e.call('GET', '/api/tracks/1012345')).body as { type: string; hash: string; title: string }[];
  const queue = tracks.filter((t) => t.type === 'audio').map((t) => ({ hash: t.hash, title: t.title }));
  expect((await e2e.call('PUT', '/api/histroy', { work_id: 1012345, state: { queue, index: 1, seconds: 1.5 } })).status).toBe(200);
});
afterAll(async () => { await e2e?.close(); });

function listRequest(page: Page, endpoint: 'review' | 'histroy'): Promise<URLSearchParams> {
  return page.waitForRequest((r) => r.url().includes(`/api/${endpoint}?`)).then((r) => new URL(r.url()).searchParams);
}

describe('favourites', () => {
  it('shows history on the bare path and plays from history', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await e2e.page(size);
      const req = listRequest(page, 'histroy');
      await page.goto('/favourites');
      expect((await req).get('page')).toBe('1');
      const item = page.locator('[data-testid="fav-item"][data-work-id="1012345"]');
      await item.waitFor();
      await expect(item.getByTestId('fav-position').textContent()).resolves.toBe('2/3');
      await expect(item.getByTestId('fav-history').textContent()).resolves.toContain('02_耳かき.mp3');
      await expect(page.getByTestId('fav-direction').count()).resolves.toBe(0);
      await e2e.screenshot(page, 'favourites-history');
      if (size === DESKTOP) {
        await item.getByTestId('fav-play-history').click();
        await page.getByText('resumed play history').waitFor();
        await page.getByTestId('player-title').filter({ hasText: '02_耳かき.mp3' }).waitFor();
        await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 1.5);
      }
    }
  });

  it('lists my reviews; a click on the text opens the review dialog', async () => {
    const page = await e2e.page();
    await page.goto('/favourites');
    await page.getByTestId('fav-modes').getByText('My reviews').click();
    await page.waitForURL('**/favourites/review');
    const item = page.locator('[data-testid="fav-item"][data-work-id="265946"]');
    await expect(item.getByTestId('fav-review-text').textContent()).resolves.toBe('Great school drama.');
    await item.getByTestId('fav-review-text').click();
    await page.getByTestId('review-text').waitFor();
    await expect(page.getByTestId('review-text').inputValue()).resolves.toBe('Great school drama.');
    await page.getByTestId('review-text').fill('Even better the second time.');
    await page.getByTestId('review-save').click();
    await item.getByTestId('fav-review-text').filter({ hasText: 'Even better the second time.' }).waitFor();
    await e2e.screenshot(page, 'favourites-review');
  });

  it('sorts by every option, with the direction rules for allage and nsfw', async () => {
    const page = await e2e.page();
    await page.goto('/favourites/review');
    await page.getByTestId('fav-item').first().waitFor();
    await page.getByTestId('fav-sort').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Last updated', 'My rating', 'Release date', 'Review count', 'Sales', 'All ages first', 'Adults only first']);
    let req = listRequest(page, 'review');
    await page.getByRole('option', { name: 'Release date' }).click();
    let q = await req;
    expect([q.get('order'), q.get('sort')]).toEqual(['release', 'desc']);
    req = listRequest(page, 'review');
    await page.getByTestId('fav-direction').click();
    q = await req;
    expect([q.get('order'), q.get('sort'), q.get('page')]).toEqual(['release', 'asc', '1']);
    for (const [label, sort] of [['All ages first', 'asc'], ['Adults only first', 'desc']]) {
      await page.getByTestId('fav-sort').click();
      req = listRequest(page, 'review');
      await page.getByRole('option', { name: label }).click();
      q = await req;
      expect([q.get('order'), q.get('sort')]).toEqual(['nsfw', sort]);
      await expect(page.getByTestId('fav-direction').isDisabled()).resolves.toBe(true);
    }
  });

  it('filters progress, changes it inline and shows the empty state', async () => {
    const page = await e2e.page();
    await page.goto('/favourites/progress');
    await page.getByTestId('fav-item').nth(1).waitFor();
    await page.getByTestId('fav-progress-filter').getByText('Listened').click();
    await page.waitForURL('**/favourites/progress/listened');
    // the list reloads for the filter: wait until it shows just the listened work
    await expect.poll(async () => page.locator('[data-testid="fav-item"]').evaluateAll((items) => items.map((i) => i.getAttribute('data-work-id'))), { timeout: 20_000 }).toEqual(['189758']);
    await e2e.screenshot(page, 'favourites-progress');
    await page.getByTestId('fav-progress').click();
    await page.getByRole('option', { name: 'Replay' }).click();
    await expect.poll(async () => (await e2e.call('GET', '/api/work/189758')).body.progress).toBe('replay');
    const req = listRequest(page, 'review');
    await page.goto('/favourites/progress/postponed');
    expect((await req).get('filter')).toBe('postponed');
    await page.getByText('Nothing yet: mark stars or progress on a work page and they appear here.').waitFor();
  });

  it('rates from the list with starOnly=true', async () => {
    const page = await e2e.page();
    await page.goto('/favourites/review');
    const item = page.locator('[data-testid="fav-item"][data-work-id="265946"]');
    await item.waitFor();
    const star = await item.getByTestId('fav-rating').locator('input[value="2"]').getAttribute('id');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/review'));
    await page.locator(`label[for="${star}"]`).click();
    const r = await put;
    expect(new URL(r.url()).searchParams.get('starOnly')).toBe('true');
    expect(r.postDataJSON()).toMatchObject({ user_name: 'admin', work_id: 265946, rating: 2 });
  });

  it('keeps the stars just given when the review dialog is opened before they are saved', async () => {
    const page = await e2e.page();
    await page.goto('/favourites/review');
    const item = page.locator('[data-testid="fav-item"][data-work-id="265946"]');
    await item.waitFor();
    // the stars' save (starOnly=true) answers only once the review is written
    const release = await holdRequests(page, '**/api/review?*', (r) => r.method() === 'PUT' && r.url().includes('starOnly=true'));
    const star = await item.getByTestId('fav-rating').locator('input[value="5"]').getAttribute('id');
    await page.locator(`label[for="${star}"]`).click();
    await item.getByTestId('fav-review-text').click();
    const dialog = page.getByTestId('review-dialog');
    await expect(dialog.getByTestId('review-rating').locator('input[value="5"]').isChecked()).resolves.toBe(true);
    await dialog.getByTestId('review-text').fill('Five stars now.');
    await dialog.getByTestId('review-save').click();
    await dialog.waitFor({ state: 'detached' });
    release();
    await expect.poll(async () => (await e2e.call('GET', '/api/work/265946')).body).toMatchObject({ userRating: 5, review_text: 'Five stars now.' });
  });

  it('the folder mode is the playlists: with none yet it says how to make one', async () => {
    const page = await e2e.page();
    await page.goto('/favourites/folder');
    await page.getByTestId('playlist-none').waitFor();
    await expect(page.getByTestId('fav-modes').getByText('Playlists').count()).resolves.toBe(1);
    await expect(page.getByText('not yet implemented, stay tuned').count()).resolves.toBe(0);
  });
});
