/**
 * Server texts in the UI's language (src/model/messages.ts, web/src/i18n/serverText.ts):
 * the notices of a failed sign-in and a saved review, as a user of the Chinese UI and of
 * the English one sees them; a text whose code this web build does not know is shown
 * as the server wrote it; a refusal that was once a plain English sentence (a player
 * password equal to the login password) is coded too. (The scanner's log lines in
 * Chinese: admin-scanner.test.ts.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startE2E, type E2E } from './browser.js';
import { ADMIN_PASSWORD } from '../helpers/server.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

/** Writes a review in the work page's dialog. */
async function saveReview(page: Page, text: string): Promise<void> {
  await page.goto('/work/173248');
  await page.getByTestId('write-review').click();
  const dialog = page.getByTestId('review-dialog');
  await dialog.getByTestId('review-text').fill(text);
  await dialog.getByTestId('review-save').click();
}

describe('server answers in the UI language', () => {
  it('says a wrong sign-in in Chinese', async () => {
    const page = await e2e.page({ lang: 'zh-CN', signedIn: false });
    await page.goto('/login');
    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill('not-the-password');
    await page.getByRole('button', { name: '登录' }).click();
    await notice(page, '用户名或密码错误').waitFor();
  });

  it('says a saved review in Chinese, and in English', async () => {
    const zh = await e2e.page({ lang: 'zh-CN' });
    await saveReview(zh, '第一印象。');
    await notice(zh, '评论已保存').waitFor();
    await e2e.screenshot(zh, 'server-text-review-zh');
    const en = await e2e.page();
    await saveReview(en, 'Second thoughts.');
    await notice(en, 'review saved').waitFor();
  });

  it('says a refused player password in Chinese', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/players');
    const card = page.getByTestId('player-password-card');
    await card.getByLabel('新的播放器密码').fill(ADMIN_PASSWORD);
    await card.getByLabel('再次输入播放器密码').fill(ADMIN_PASSWORD);
    await card.getByRole('button', { name: '保存' }).click();
    await notice(page, '播放器密码不能与登录密码相同').waitFor();
  });

  it('shows the English text of a code it does not know', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.route('**/api/review*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ message: 'review kept for later', code: 'review.someNewThing' }) }));
    await saveReview(page, '第二印象。');
    await notice(page, 'review kept for later').waitFor();
  });
});
