/**
 * Browser tests of the works list (spec 000 sections 2, 4, 5, 7, 9): titles by context
 * with the count badge, every list control and the query it sends, preferences kept in
 * localStorage, infinite scroll to 'no more works' with reset on change, the recent plays
 * strip, advanced search with its validation messages, per-card delete, name lists.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, startE2E, type E2E } from './browser.js';

const EXTRA = 20;
let e2e: E2E;
let total: number;
beforeAll(async () => {
  e2e = await startE2E({ extraWorks: EXTRA });
  total = (await e2e.call('GET', '/api/works?page=1')).body.pagination.totalCount;
});
afterAll(async () => { await e2e?.close(); });

/** Waits for the next first-page works-list request (any list endpoint: a reset) and answers its query. */
function nextListRequest(page: Page): Promise<URLSearchParams> {
  return page.waitForRequest((r: Request) => /\/api\/(works|search|(circles|tags|vas)\/[^/]+\/works)\?/.test(r.url()) && new URL(r.url()).searchParams.get('page') === '1')
    .then((r) => new URL(r.url()).searchParams);
}

async function scrollToEnd(page: Page): Promise<void> {
  const end = page.getByTestId('no-more');
  while (!(await end.isVisible())) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(150);
  }
}

describe('works list', () => {
  it('loads page after page to the end, then says no more works', async () => {
    expect(total).toBe(5 + EXTRA);
    const page = await e2e.page();
    const first = nextListRequest(page);
    await page.goto('/works');
    const q = await first;
    expect(q.get('page')).toBe('1');
    expect(q.get('order')).toBe('release');
    expect(q.get('sort')).toBe('desc');
    const seed = Number(q.get('seed'));
    expect(seed >= 0 && seed <= 99 && Number.isInteger(seed)).toBe(true);
    await expect(page.getByTestId('works-title').textContent()).resolves.toBe('All works');
    await page.getByTestId('works-count').filter({ hasText: String(total) }).waitFor();
    await page.getByTestId('work-card').nth(11).waitFor();
    await scrollToEnd(page);
    await expect(page.getByTestId('work-card').count()).resolves.toBe(total);
    await expect(page.getByTestId('no-more').textContent()).resolves.toBe('no more works');
    await e2e.screenshot(page, 'works-grid');
  });

  it('shows cover, code, title and circle on each card', async () => {
    const page = await e2e.page();
    await page.goto('/works?circleId=5398');
    const card = page.locator('[data-work-id="265946"]');
    await card.waitFor();
    await expect(card.getByTestId('card-code').textContent()).resolves.toBe('RJ265946');
    await expect(card.getByTestId('card-title').textContent()).resolves.toBe('サキュバスアカデミア');
    await expect(card.getByTestId('card-circle').textContent()).resolves.toBe('SQDT');
    expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/api\/cover\/265946\?type=main&token=/);
    expect(await card.locator('img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  it('titles the list by context with the count badge', async () => {
    const page = await e2e.page();
    const cases: [string, string, number][] = [
      ['/works?circleId=18195', 'Circle works: B-bishop', 2],
      ['/works?tagId=156', 'Search tag: 男性受け', 3],
      ['/works?vaId=306d3752-5bd4-58c0-a5eb-ce123235093b', 'Search voice actor: 井上果林', 1],
      ['/works?keyword=B-bishop', 'Search keyword: B-bishop', 2],
    ];
    for (const [url, title, count] of cases) {
      await page.goto(url);
      await page.getByTestId('works-title').filter({ hasText: new RegExp(`^${title.replace(/[?]/g, '\\$&')}$`) }).waitFor();
      await page.getByTestId('works-count').filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
      await page.getByTestId('no-more').waitFor();
      await expect(page.getByTestId('work-card').count(), url).resolves.toBe(count);
    }
  });

  it('sends every sort order, the age rating, lyric filter and direction, and resets to page 1', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    await page.getByTestId('work-card').first().waitFor();
    const labels = await page.getByTestId('sort-select').locator('option').allTextContents();
    expect(labels).toEqual(['Release date', 'My rating', 'Sales', 'Price', 'Average rating', 'Review count', 'Work code', 'Date added', 'Random']);
    const orders = ['rating', 'dl_count', 'price', 'rate_average_2dp', 'review_count', 'id', 'created_at', 'random'];
    for (const order of orders) {
      const req = nextListRequest(page);
      await page.getByTestId('sort-select').selectOption(order);
      const q = await req;
      expect(q.get('order')).toBe(order);
      expect(q.get('page')).toBe('1');
    }
    expect(await page.getByTestId('nsfw-select').locator('option').allTextContents()).toEqual(['All', 'All ages', 'Adults only (R18)']);
    let req = nextListRequest(page);
    await page.getByTestId('nsfw-select').selectOption({ label: 'Adults only (R18)' });
    expect((await req).get('nsfw')).toBe('2');
    req = nextListRequest(page);
    await page.getByTestId('lyric-select').getByText('Local subtitles').click();
    expect((await req).get('lyric')).toBe('local');
    req = nextListRequest(page);
    await page.getByTestId('lyric-select').getByText('AI subtitles').click();
    expect((await req).get('lyric')).toBe('ai_local');
    req = nextListRequest(page);
    await page.getByTestId('direction-toggle').click();
    const q = await req;
    expect(q.get('sort')).toBe('asc');
    expect(q.get('page')).toBe('1');
    // Kept in localStorage: a reload sends the same query.
    req = nextListRequest(page);
    await page.reload();
    const again = await req;
    expect([again.get('order'), again.get('nsfw'), again.get('lyric'), again.get('sort')]).toEqual(['random', '2', 'ai_local', 'asc']);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('worksPrefs')))!)).toMatchObject({ order: 'random', nsfw: 2, lyric: ['local', 'ai'], desc: false });
    await expect(page.getByTestId('sort-select').inputValue()).resolves.toBe('random');
  });

  it('lists only the works with local lyrics when filtered', async () => {
    const page = await e2e.page();
    await page.addInitScript(() => localStorage.setItem('worksPrefs', JSON.stringify({ order: 'release', nsfw: 0, lyric: ['local'], desc: true, listMode: 'grid', showLabels: true, detailMode: true })));
    await page.goto('/works');
    await page.getByTestId('no-more').waitFor();
    const ids = await page.getByTestId('work-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-work-id')));
    expect(ids).toContain('1012345');
    expect(ids).not.toContain('900001');
  });

  it('switches grid and list, with the label and detail toggles by width', async () => {
    const desktop = await e2e.page(DESKTOP);
    await desktop.goto('/works');
    await desktop.getByTestId('works-grid').waitFor();
    await expect(desktop.getByTestId('detail-toggle').isEnabled()).resolves.toBe(true);
    await expect(desktop.getByTestId('labels-toggle').count()).resolves.toBe(0);
    await desktop.getByRole('switch', { name: 'Detailed cards' }).click({ force: true });
    await desktop.locator('[data-work-id="189758"]').waitFor();
    await e2e.screenshot(desktop, 'works-zoom');
    await desktop.locator('[data-testid="mode-toggle"] label').nth(1).click();
    await desktop.getByTestId('works-list').waitFor();
    await desktop.getByTestId('labels-toggle').waitFor();
    await expect(desktop.getByTestId('detail-toggle').count()).resolves.toBe(0);
    await desktop.locator('[data-work-id="189758"]').getByTestId('va-chip').first().waitFor();
    await e2e.screenshot(desktop, 'works-list');
    await desktop.getByRole('switch', { name: 'Show labels' }).click({ force: true });
    await expect(desktop.locator('[data-work-id="189758"]').getByTestId('work-labels').count()).resolves.toBe(0);

    const medium = await e2e.page({ width: 900, height: 900 });
    await medium.goto('/works');
    await medium.getByTestId('detail-toggle').waitFor();
    await expect(medium.getByTestId('detail-toggle').isDisabled()).resolves.toBe(true);

    const phone = await e2e.page(PHONE);
    await phone.goto('/works');
    await phone.getByTestId('works-grid').waitFor();
    await expect(phone.getByTestId('detail-toggle').count()).resolves.toBe(0);
    await phone.locator('[data-testid="mode-toggle"] label').nth(1).click();
    await phone.getByTestId('works-list').waitFor();
    await expect(phone.getByTestId('labels-toggle').count()).resolves.toBe(0);
    await e2e.screenshot(phone, 'works-list');
  });

  it('shows the recent plays strip on the home list', async () => {
    const tracks = (await e2e.call('GET', '/api/tracks/265946')).body as { type: string; hash: string; title: string }[];
    const queue = tracks.filter((t) => t.type === 'audio').map((t) => ({ hash: t.hash, title: t.title }));
    expect((await e2e.call('PUT', '/api/histroy', { work_id: 265946, state: { queue, index: 0, seconds: 1 } })).status).toBe(200);
    const page = await e2e.page(PHONE);
    await page.goto('/works');
    const strip = page.getByTestId('recent-plays');
    await strip.waitFor();
    await strip.getByText('サキュバスアカデミア').waitFor();
    expect(await strip.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/favourites');
    await e2e.screenshot(page, 'works-home');
    await page.goto('/works?circleId=5398');
    await page.getByTestId('no-more').waitFor();
    await expect(page.getByTestId('recent-plays').count()).resolves.toBe(0);
  });

  it('deletes a card after confirmation and hides it', async () => {
    const page = await e2e.page();
    await page.goto('/works?keyword=Extra work 20');
    const card = page.locator('[data-work-id="900020"]');
    await card.waitFor();
    const before = Number(await page.getByTestId('works-count').textContent());
    await card.getByTestId('card-delete').click();
    await page.getByText('delete audio?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.isVisible()).resolves.toBe(true);
    await card.getByTestId('card-delete').click();
    await page.getByTestId('confirm-ok').click();
    await card.waitFor({ state: 'detached' });
    await page.getByTestId('works-count').filter({ hasText: new RegExp(`^${before - 1}$`) }).waitFor();
    expect((await e2e.call('GET', '/api/work/900020')).status).toBe(404);
  });
});

describe('advanced search', () => {
  it('adds and removes keywords, rejecting blank and duplicate ones', async () => {
    const page = await e2e.page();
    await page.goto('/search');
    await expect(page.getByTestId('works-title').textContent()).resolves.toBe('Aggregate search');
    await page.getByText('Add keywords to search').waitFor();
    await page.getByTestId('advance-input').fill('   ');
    await page.getByTestId('advance-add').click();
    await page.getByText('cannot add blank keyword').waitFor();
    await page.getByTestId('advance-input').fill('  SQDT ');
    await page.getByTestId('advance-add').click();
    await expect(page.getByTestId('advance-badge').textContent()).resolves.toBe('Fuzzy: SQDT');
    await page.locator('[data-work-id="265946"]').waitFor();
    await expect(page.getByTestId('works-count').textContent()).resolves.toBe('1');
    await page.getByTestId('advance-input').fill('SQDT');
    await page.getByTestId('advance-add').click();
    await page.getByText('keyword duplicated, add failed').waitFor();
    await expect(page.getByTestId('advance-badge').count()).resolves.toBe(1);
    await e2e.screenshot(page, 'search');
    await page.reload();
    await expect(page.getByTestId('advance-badge').textContent()).resolves.toBe('Fuzzy: SQDT');
    await page.getByTestId('advance-badge').getByRole('button').click();
    await page.getByText('Add keywords to search').waitFor();
    await expect(page.getByTestId('work-card').count()).resolves.toBe(0);
  });
});

describe('name lists', () => {
  it('lists circles, tags and voice actors with counts, filters, and links to the list', async () => {
    const page = await e2e.page();
    await page.goto('/circles');
    await page.getByRole('heading', { name: 'All circles' }).waitFor();
    await page.getByTestId('name-item').first().waitFor();
    expect(await page.getByTestId('name-item').allTextContents()).toEqual(['B-bishop (2)', 'SQDT (1)']);
    await page.getByTestId('name-filter').fill('sq');
    expect(await page.getByTestId('name-item').allTextContents()).toEqual(['SQDT (1)']);
    await page.getByTestId('name-item').click();
    await page.waitForURL('**/works?circleId=5398');
    await page.getByTestId('works-title').filter({ hasText: 'Circle works: SQDT' }).waitFor();

    await page.goto('/tags');
    await page.getByRole('heading', { name: 'All tags' }).waitFor();
    await page.getByTestId('name-item').filter({ hasText: '男性受け (3)' }).waitFor();
    await e2e.screenshot(page, 'tags');
    await page.goto('/vas');
    await page.getByRole('heading', { name: 'All voice actors' }).waitFor();
    await page.getByTestId('name-filter').fill('井上');
    expect(await page.getByTestId('name-item').allTextContents()).toEqual(['井上果林 (1)']);
    expect(await page.getByTestId('name-item').getAttribute('href')).toBe('/works?vaId=306d3752-5bd4-58c0-a5eb-ce123235093b');
    await page.getByTestId('name-filter').fill('nobody here');
    await page.getByText('Nothing matches').waitFor();
  });
});
