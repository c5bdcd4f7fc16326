/**
 * The Chinese UI says everything in Chinese (the harness's watch, untranslated.ts, fails
 * the file on any English or raw message code a Chinese page shows): a walk through the
 * screens and their notices in zh-CN, each checked for what a user sees: the works list
 * (list rows with price, sales and date; an empty list's empty state; an unknown voice
 * actor said so, without a second call; advanced-search badges as typed), a bad work id
 * as the not-found page, the settings' validation, the players' notices, the AI lyric
 * centre without a worker, adding a user, a plain user on /admin, and the novel section
 * (its AI centre and full-screen player stay in it; word count and reads in Chinese).
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/users/index.js';
import { startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); }, 180_000);
afterAll(async () => { await e2e?.close(); });

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });
/** The API calls a page makes whose path matches `re`. */
function callsTo(page: Page, re: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => { const u = new URL(r.url()); if (re.test(u.pathname)) seen.push(u.pathname + u.search); });
  return seen;
}
/** Nothing untranslated showed so far (the harness fails the file at its end too; here the test says where). */
const noEnglish = () => expect(e2e.untranslated).toEqual([]);

describe('the works list in Chinese', () => {
  it('list rows show price, sales and release date', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.addInitScript(() => localStorage.setItem('worksPrefs', JSON.stringify({ order: 'release', nsfw: 0, lyric: [], desc: true, listMode: 'list', showLabels: true, detailMode: true })));
    await page.goto('/works');
    const row = page.locator('[data-testid="work-card"][data-work-id="265946"]');
    await row.waitFor();
    const work = (await e2e.call('GET', '/api/work/265946')).body as { price: number; dl_count: number };
    expect(work.price).toBeGreaterThan(0);
    await expect(row.getByTestId('card-price').textContent()).resolves.toContain(String(work.price));
    await expect(row.getByTestId('card-sales').textContent()).resolves.toContain(String(work.dl_count));
    await expect(row.getByTestId('card-release').textContent()).resolves.toMatch(/\d{4}/);
    noEnglish();
  });

  it('an empty list shows its empty state, not "no more works"', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/works?keyword=%E6%B2%A1%E6%9C%89%E8%BF%99%E4%B8%AA');
    await page.getByTestId('works-empty').filter({ hasText: '没有作品' }).waitFor();
    await expect(page.getByTestId('no-more').count()).resolves.toBe(0);
    noEnglish();
  });

  it('an unknown voice actor id is said so, with one call for the name and none for the list', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    const calls = callsTo(page, /^\/api\/vas\//);
    await page.goto('/works?vaId=00000000-0000-0000-0000-000000000000');
    await page.getByTestId('works-title').filter({ hasText: '没有这个声优' }).waitFor();
    await page.getByTestId('works-empty').waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['/api/vas/00000000-0000-0000-0000-000000000000']);
    await expect(page.locator('.mantine-Notification-root').count()).resolves.toBe(0);
    noEnglish();
  });

  it('advanced-search badges keep the keyword as typed', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/search');
    await page.getByTestId('advance-input').fill('B-bishop');
    await page.getByTestId('advance-add').click();
    const badge = page.getByTestId('advance-badge');
    await expect(badge.evaluate((el: HTMLElement) => el.innerText)).resolves.toBe('模糊: B-bishop');
    noEnglish();
  });
});

describe('screens and notices in Chinese', () => {
  it('a work id that is no number is the not-found page, asked of nobody', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    const calls = callsTo(page, /^\/api\/(work|tracks|lyric)\//);
    await page.goto('/work/abc');
    await page.getByTestId('not-found').getByText('页面不存在').waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await expect(page.locator('.mantine-Notification-root').count()).resolves.toBe(0);
    noEnglish();
  });

  it("the settings' validation says what is wrong in Chinese", async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/admin/advanced');
    const pageSize = page.locator('input[data-key="pageSize"]');
    await pageSize.fill('0');
    await page.getByTestId('save-config').click();
    await notice(page, '输入有误（pageSize）：不能小于 1').waitFor();
    noEnglish();
  });

  it("the players' notices: password saved and removed, key revoked", async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/players');
    const card = page.getByTestId('player-password-card');
    await card.getByLabel('新的播放器密码').fill('phone-pw-1');
    await card.getByLabel('再次输入播放器密码').fill('phone-pw-1');
    await card.getByRole('button', { name: '保存' }).click();
    await notice(page, '播放器密码已保存').waitFor();
    await card.getByRole('button', { name: '删除' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await notice(page, '播放器密码已删除').waitFor();
    const keys = page.getByTestId('api-keys-card');
    await keys.getByLabel('备注').fill('手机');
    await keys.getByRole('button', { name: '新建密钥' }).click();
    await page.locator('[data-testid="api-key-row"][data-name="手机"]').waitFor();
    await page.getByRole('button', { name: '吊销 手机' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await notice(page, 'API 密钥已吊销').waitFor();
    noEnglish();
  });

  it('the AI lyric centre says a worker must be set up, with the link to worker keys for the admin', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/ai_lyric');
    const hint = page.getByTestId('ai-no-worker');
    await hint.getByText('还没有 AI 字幕工作者').waitFor();
    await hint.getByTestId('ai-worker-keys').click();
    await page.waitForURL('**/admin/advanced');
    await page.getByTestId('card-workers').waitFor();

    // a plain user is told too, without the admin's link
    await createUser(e2e.server.services.db, 'listener', 'listener-pw', 'user');
    const user = await e2e.page({ lang: 'zh-CN', token: await e2e.server.login('listener', 'listener-pw') });
    await user.goto('/ai_lyric');
    await user.getByTestId('ai-no-worker').waitFor();
    await expect(user.getByTestId('ai-worker-keys').count()).resolves.toBe(0);

    // once a worker has been seen the hint is gone
    await e2e.call('POST', '/api/lyric/worker/claim', { worker_name: 'gpu-box' });
    const hash = `265946/${(await e2e.server.services.db('files').where({ work_id: 265946 }).first('id')).id}`;
    await e2e.call('POST', '/api/lyric/translate', { hash });
    await e2e.call('POST', '/api/lyric/worker/claim', { worker_name: 'gpu-box' });
    await page.goto('/ai_lyric');
    await page.getByTestId('ai-task-list').locator('> *').first().waitFor();
    await expect(page.getByTestId('ai-no-worker').count()).resolves.toBe(0);
    noEnglish();
  });

  it('adding a user names the group in Chinese', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/admin/usermanage');
    const add = page.getByTestId('add-user-card');
    await add.getByLabel('用户名').fill('reader');
    await add.getByLabel('密码').fill('reader-pw');
    await add.getByRole('button', { name: '添加' }).click();
    await notice(page, '已添加用户 reader（用户）').waitFor();
    noEnglish();
  });

  it('a plain user on /admin sees the admin-only notice and no refusal on top of it', async () => {
    await createUser(e2e.server.services.db, 'plainuser', 'plain-pw', 'user');
    const page = await e2e.page({ lang: 'zh-CN', token: await e2e.server.login('plainuser', 'plain-pw') });
    const calls = callsTo(page, /^\/api\/(roots|config|credentials)/);
    for (const path of ['/admin', '/admin/advanced', '/admin/usermanage', '/admin/scanner']) {
      await page.goto(path);
      await page.getByTestId('admin-only').waitFor();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.mantine-Notification-root').count(), path).resolves.toBe(0);
    }
    expect(calls).toEqual([]);
    noEnglish();
  });
});

describe('the novel section in Chinese', () => {
  it('its AI centre lists no audio task; its full-screen player stays in the section; word count and reads in Chinese', async () => {
    const hash = `189758/${(await e2e.server.services.db('files').where({ work_id: 189758 }).first('id')).id}`;
    expect((await e2e.call('POST', '/api/lyric/translate', { hash })).status).toBeLessThan(300);
    const page = await e2e.page({ lang: 'zh-CN' });
    const calls = callsTo(page, /^\/api\/lyric\/translate/);
    await page.goto('/novel/ai_lyric');
    await page.getByTestId('ai-empty').getByText('小说没有音频').waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);

    await page.goto('/novel/fullScreenPlayer');
    await page.waitForURL('**/novel/works');
    await notice(page, '当前没有播放').waitFor();

    const added = await e2e.call('POST', '/api/novel/work/', { novelId: 7001, name: '星河旅人', wordCount: 128000, readCount: 3, publish_datetime: '2024/3/5' });
    expect(added.status).toBe(200);
    const fresh = await e2e.page({ lang: 'zh-CN' });
    await fresh.goto('/novel/work/7001');
    await expect(fresh.getByTestId('novel-words').textContent()).resolves.toBe('12.8 万字');
    await fresh.getByText('阅读 3').waitFor();
    await fresh.goto('/novel/works');
    await fresh.locator('[data-testid="work-card"][data-work-id="7001"]').getByTestId('novel-words').filter({ hasText: '12.8 万字' }).waitFor();
    noEnglish();
  });
});
