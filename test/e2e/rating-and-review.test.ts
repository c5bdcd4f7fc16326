/**
 * Rating and reviewing from the screens: the review dialog's delete button only once a
 * review exists, the stars given just before the dialog opened kept in it, and the work cards' own stars (written, a failure as a notice, not
 * offered to guests).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/users/index.js';
import { holdRequests, startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

describe('review dialog', () => {
  it("offers 'delete review' only once a review exists", async () => {
    const page = await e2e.page();
    await page.goto('/work/173248');
    await page.getByTestId('write-review').click();
    const dialog = page.getByTestId('review-dialog');
    await dialog.getByTestId('review-text').waitFor();
    await expect(dialog.getByRole('button', { name: 'Delete review' }).count()).resolves.toBe(0);
    await dialog.getByTestId('review-text').fill('First thoughts.');
    await dialog.getByTestId('review-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('write-review').click();
    await page.getByTestId('review-dialog').getByRole('button', { name: 'Delete review' }).waitFor();
  });

  it('keeps the stars just given when the dialog is opened before they are saved', async () => {
    const page = await e2e.page();
    await page.goto('/work/265946');
    // the stars' save answers only once the review is written
    const release = await holdRequests(page, '**/api/review', (r) => r.method() === 'PUT' && !r.url().includes('starOnly=false'));
    const star = await page.getByTestId('my-rating').locator('input[value="4"]').getAttribute('id');
    await page.locator(`label[for="${star}"]`).click();
    await page.getByTestId('write-review').click();
    const dialog = page.getByTestId('review-dialog');
    await expect(dialog.getByTestId('review-rating').locator('input[value="4"]').isChecked()).resolves.toBe(true);
    await dialog.getByTestId('review-text').fill('Quick thoughts.');
    await dialog.getByTestId('review-save').click();
    await dialog.waitFor({ state: 'detached' });
    release();
    await expect.poll(async () => (await e2e.call('GET', '/api/work/265946')).body).toMatchObject({ userRating: 4, review_text: 'Quick thoughts.' });
  });
});
describe('work card rating', () => {
  const card = (page: Page, id: number) => page.locator(`[data-testid="work-card"][data-work-id="${id}"]`);

  it("writes the caller's stars with PUT /api/review {user_name, work_id, rating}", async () => {
    const page = await e2e.page();
    await page.goto('/works');
    const stars = card(page, 189758).getByTestId('card-my-rating');
    await stars.waitFor();
    const star = await stars.locator('input[value="3"]').getAttribute('id');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/review'));
    await page.locator(`label[for="${star}"]`).click();
    const request = await put;
    expect(new URL(request.url()).search).toBe('');
    expect(request.postDataJSON()).toEqual({ user_name: 'admin', work_id: 189758, rating: 3 });
    const answer = await (await request.response())!.json() as { message: string };
    await notice(page, answer.message).waitFor();
    await expect.poll(async () => (await e2e.call('GET', '/api/work/189758')).body.userRating).toBe(3);
    await expect(stars.locator('input[value="3"]').isChecked()).resolves.toBe(true);
    await e2e.screenshot(page, 'rough-card-rating');
  });

  it('shows a failure as a notice', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    const stars = card(page, 173248).getByTestId('card-my-rating');
    await stars.waitFor();
    await page.route('**/api/review', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'database is locked' }) }));
    const star = await stars.locator('input[value="4"]').getAttribute('id');
    await page.locator(`label[for="${star}"]`).click();
    await notice(page, 'database is locked').waitFor();
    // the stars shown at the click go back when the save fails
    await expect.poll(() => stars.locator('input[value="4"]').isChecked()).toBe(false);
  });

  it('is not offered to guests, who cannot write', async () => {
    await createUser(e2e.server.services.db, 'guestlistener', 'guest-pw', 'guest');
    const page = await e2e.page({ token: await e2e.server.login('guestlistener', 'guest-pw') });
    await page.goto('/works');
    await card(page, 189758).getByTestId('card-title').waitFor();
    await expect(page.getByTestId('card-my-rating').count()).resolves.toBe(0);
  });
});
