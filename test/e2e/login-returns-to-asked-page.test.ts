/**
 * Signing in returns to the page that was asked for (beyond the spec, which always goes to
 * /main): the guard sends a signed-out visitor to /login?redirect=<path>, and the form
 * goes back there. Only paths of this site are followed: a redirect to another origin,
 * in any spelling, lands on /main (no open redirect).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './browser.js';
import { ADMIN_PASSWORD } from '../helpers/server.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); }, 120_000);
afterAll(async () => { await e2e?.close(); });

async function signIn(page: Page): Promise<void> {
  await page.locator('input[name="name"]').fill('admin');
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('signing in returns to the asked-for page', () => {
  it('a signed-out visit to a work page signs in and lands on that page, query included', async () => {
    const page = await e2e.page({ signedIn: false });
    await page.goto('/work/265946?from=mail');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/work/265946?from=mail');
    await signIn(page);
    await page.waitForURL((u) => u.pathname === '/work/265946' && u.search === '?from=mail');
    await page.getByText('long tone 10min.mp3').first().waitFor();
  });

  it('an expired session on a page (401) goes to /login and back to the same page', async () => {
    const page = await e2e.page({ token: 'not-a-valid-token' });
    await page.goto('/favourites/review');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/favourites/review');
    await signIn(page);
    await page.waitForURL((u) => u.pathname === '/favourites/review');
  });

  it('never follows a redirect off the site: every such address lands on /main', async () => {
    for (const evil of ['https://evil.example/', '//evil.example/works', '/\\evil.example', 'javascript:alert(1)', '/login']) {
      const page = await e2e.page({ signedIn: false });
      await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
      await signIn(page);
      await page.waitForURL((u) => u.pathname === '/main', { timeout: 10_000 });
      expect(new URL(page.url()).origin, evil).toBe(e2e.url);
      await page.context().close();
    }
  });

  it('a plain sign-in still goes to /main', async () => {
    const page = await e2e.page({ signedIn: false });
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL((u) => u.pathname === '/main');
  });
});
