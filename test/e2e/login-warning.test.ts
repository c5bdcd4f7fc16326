/**
 * The failed-login warning goes away on the next attempt and after a successful login.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../helpers/server.js';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

describe('login', () => {
  it('takes the failed-login warning away on the next attempt and after a successful login', async () => {
    const page = await e2e.page({ signedIn: false });
    await page.goto('/login');
    const warning = notice(page, 'wrong user name or password');
    await page.getByLabel('User name').fill('admin');
    for (let i = 0; i < 2; i++) {
      await page.getByLabel('Password').fill(`not-the-password-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await warning.first().waitFor();
    }
    await expect.poll(() => warning.count(), { timeout: 1500 }).toBe(1);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await notice(page, 'login successful.').waitFor();
    // Mantine closes a notice by itself after 4 s: this looks well before that
    await expect.poll(() => warning.count(), { timeout: 1500 }).toBe(0);
    await page.waitForURL('**/main');
  });
});
