/**
 * The content security policy holds for the whole web UI: every page,
 * covers, and playback, with no `securitypolicyviolation` in the browser.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

/** A page that records every CSP violation the browser reports (directive and blocked URI). */
async function watchedPage(): Promise<Page> {
  const page = await e2e.page();
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return page;
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('content security policy', () => {
  it('is sent with the web UI and blocks what it should', async () => {
    const page = await watchedPage();
    const res = await page.goto('/works');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    // an inline script is refused, which the browser reports as a violation
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.body.appendChild(s);
    });
    await page.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    expect((await violations(page))[0]).toMatch(/^script-src/);
  });

  it('no page of the app breaks it: lists, detail with covers, playback, favourites, admin', async () => {
    const page = await watchedPage();
    for (const path of ['/main', '/works', '/circles', '/tags', '/vas', '/favourites', '/ai_lyric', '/admin', '/admin/advanced', '/admin/usermanage', '/lysk/main', '/no-such-page']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await violations(page), path).toEqual([]);
    }
    await page.goto('/work/1012345');
    await page.getByTestId('tree-item').filter({ hasText: '02_耳かき' }).first().click();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3, undefined, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
});
