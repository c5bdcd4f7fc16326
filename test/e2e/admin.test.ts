/**
 * The admin section in a real browser (spec 001 sections 2, 5, 6, 8): the admin
 * layout's links, library root folders, the advanced settings cards and Save,
 * the AI lyric workers' keys (create, shown once, copy, revoke), user management with
 * its validation messages, warnings and confirmation, and the admin password change
 * that signs out. No CSP violation on any page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/users/index.js';
import { libraryDir } from '../helpers/server.js';
import { PHONE, startE2E, type E2E } from './browser.js';

let e2e: E2E;
const cspViolations: string[] = [];
beforeAll(async () => { e2e = await startE2E({ scan: false }); });
afterAll(async () => {
  await e2e?.close();
});

/** A signed-in admin page in English, recording CSP violations from the console. */
async function adminPage(path: string): Promise<Page> {
  const page = await e2e.page();
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
  await page.goto(path);
  return page;
}
const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text }).first();

describe('/admin', () => {
  it('has its own layout with links home, scanner, advanced, user management and back home', async () => {
    const page = await adminPage('/admin');
    const nav = page.getByTestId('admin-nav');
    for (const [label, href] of [['Audio library', '/admin'], ['Scanner', '/admin/scanner'], ['Advanced settings', '/admin/advanced'], ['User management', '/admin/usermanage'], ['Back home', '/']]) {
      await expect(nav.getByRole('link', { name: label }).getAttribute('href')).resolves.toBe(href);
    }
    await nav.getByRole('link', { name: 'Advanced settings' }).click();
    await page.waitForURL('**/admin/advanced');
    await page.getByText('Web preferences').waitFor();
  });

  it('adds, renames and removes library root folders', async () => {
    const page = await adminPage('/admin');
    await page.getByTestId('roots-empty').waitFor();
    await expect(page.getByTestId('roots-empty').textContent()).resolves.toBe('No library folders yet.');

    await page.getByLabel('Name').fill('missing');
    await page.getByLabel('Path').fill('/no/such/folder');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await notice(page, 'path does not exist: /no/such/folder').waitFor();

    await page.getByLabel('Name').fill('fixtures');
    await page.getByLabel('Path').fill(libraryDir);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const row = page.getByTestId('root-row');
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(libraryDir);
    expect(e2e.server.services.config.rootFolders).toEqual([{ name: 'fixtures', path: libraryDir }]);

    await row.getByRole('button', { name: 'Rename' }).click();
    await row.getByLabel('New name').fill('main library');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-testid="root-row"][data-name="main library"]').waitFor();
    expect(e2e.server.services.config.rootFolders).toEqual([{ name: 'main library', path: libraryDir }]);

    await page.getByTestId('root-row').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('confirm-message').textContent()).resolves.toContain('Remove the library folder main library?');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('roots-empty').waitFor();
    expect(e2e.server.services.config.rootFolders).toEqual([]);
  });
});

describe('/admin/advanced', () => {
  const cards = ['Web preferences', 'Player settings', 'Crawler settings', 'Folder scan settings', 'Web server settings', 'Security', 'Other'];
  const keys = ['pageSize', 'rewindSeekTime', 'forwardSeekTime', 'tagLanguage', 'dlsiteTimeout', 'hvdbTimeout', 'retryDelay', 'retry', 'maxParallelism',
    'httpProxyHost', 'httpProxyPort', 'scannerMaxRecursionDepth', 'skipCleanup', 'fetchMetadata', 'production', 'auth', 'enableGzip', 'listenPort', 'blockRemoteConnection', 'subsonicVariant',
    'expiresIn', 'trustProxy', 'checkUpdate', 'checkBetaUpdate', 'dbUseDefaultPath', 'coverUseDefaultPath', 'scanCron', 'backupCron', 'backupKeep', 'transcriberCommand', 'lyricWorkerTimeout'];

  it('shows every card and every key with its default; production and auth are locked in production', async () => {
    const page = await adminPage('/admin/advanced');
    await page.getByTestId('save-config').waitFor();
    for (const card of cards) await expect(page.getByRole('heading', { name: card, exact: true }).count()).resolves.toBe(1);
    await expect(page.getByTestId('card-server').getByTestId('restart-hint').count()).resolves.toBe(1);
    for (const key of keys) {
      const field = page.locator(`[data-key="${key}"]`).first();
      await expect(field.count(), key).resolves.toBe(1);
    }
    const text = (await page.locator('main').textContent()) ?? '';
    for (const d of ['Default: 12', 'Default: 10000', 'Default: 2000', 'Default: 16', 'Default: 2592000', 'Default: 8888', 'Default: zh-cn', 'Default: 30']) expect(text).toContain(d);
    await expect(page.getByLabel('Production mode').isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Authentication').isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Gzip compression').isDisabled()).resolves.toBe(false);
  });

  it('saves the whole configuration with numbers as numbers, says what needs a restart, and shows validation errors', async () => {
    const page = await adminPage('/admin/advanced');
    await page.getByLabel('Works per page').fill('24');
    await page.getByRole('textbox', { name: 'Rewind seek time (s)' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await page.getByLabel('Listen port').fill('9999');
    await page.getByTestId('save-config').click();
    await notice(page, 'Restart the server to apply: listenPort').waitFor();
    await notice(page, 'config saved').waitFor();
    const live = e2e.server.services.config;
    expect(live.pageSize).toBe(24);
    expect(live.rewindSeekTime).toBe(10);
    expect(live.listenPort).toBe(9999);

    await page.getByLabel('Crawler parallelism').fill('0');
    await page.getByTestId('save-config').click();
    await notice(page, 'maxParallelism').waitFor();
    expect(live.maxParallelism).toBe(16);
    await e2e.screenshot(page, 'admin-advanced');
  });

  it('chooses the copy of a work in several formats that music players’ albums list, by name in both languages', async () => {
    const page = await adminPage('/admin/advanced');
    const field = page.getByRole('textbox', { name: 'Copy an album lists when a work holds its tracks in several formats (music players)' });
    // the settings arrive after the page: wait for the default's line to show
    await page.locator('main', { hasText: 'Default: Lossless first (wav, flac)' }).waitFor();
    await field.click();
    await page.getByRole('option', { name: 'Lossy first (mp3, m4a, ogg, opus)', exact: true }).click();
    await page.getByTestId('save-config').click();
    await notice(page, 'config saved').waitFor();
    expect(e2e.server.services.config.subsonicVariant).toBe('lossy');
    const zh = await e2e.page({ lang: 'zh-CN' });
    try {
      await zh.goto('/admin/advanced');
      await zh.locator('main', { hasText: '默认值：无损优先（wav、flac）' }).waitFor();
      const text = (await zh.locator('main').textContent()) ?? '';
      expect(text).toContain('作品含多种格式的相同音轨时专辑列出的版本（音乐播放器）');
      expect(text).toContain('默认值：无损优先（wav、flac）');
      await expect(zh.getByRole('textbox', { name: '作品含多种格式的相同音轨时专辑列出的版本（音乐播放器）' }).inputValue()).resolves.toBe('有损优先（mp3、m4a、ogg、opus）');
    } finally {
      await zh.context().close();
    }
  });

  it('creates a worker key shown once with a copy button, and revokes it: the worker is refused at once', async () => {
    const claim = (key: string) => fetch(`${e2e.url}/api/lyric/worker/claim`, {
      method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ worker_name: 'e2e' }),
    }).then((r) => r.status);
    const page = await adminPage('/admin/advanced');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    const card = page.getByTestId('card-workers');
    await expect(card.getByTestId('worker-keys-empty').textContent()).resolves.toBe('No worker keys yet.');
    await card.getByLabel('Key name').fill('gpu-box');
    await card.getByRole('button', { name: 'Create key' }).click();
    const shown = card.getByTestId('new-worker-key');
    await expect(shown.textContent()).resolves.toContain('Worker key gpu-box created');
    await expect(shown.textContent()).resolves.toContain('it is not shown again');
    const key = (await card.getByTestId('new-worker-key-value').textContent())!;
    expect(key).toMatch(/^alw_[\w-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const row = card.locator('[data-testid="worker-key-row"][data-name="gpu-box"]');
    await expect(row.textContent()).resolves.toMatch(/active.*never used/);
    expect(await claim(key)).toBe(204); // accepted: no task is pending
    await e2e.screenshot(page, 'admin-worker-keys');

    // shown once: gone after Done and after a reload, never in the list
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    await expect(row.textContent()).resolves.toMatch(/active.*last used/);
    expect(await page.locator('main').textContent()).not.toContain(key);

    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('confirm-message').textContent()).resolves.toBe('Revoke worker key gpu-box? Workers using it are refused at once.');
    await page.getByTestId('confirm-ok').click();
    await notice(page, 'worker key gpu-box revoked').waitFor();
    await card.locator('[data-testid="worker-key-row"][data-name="gpu-box"][data-revoked="true"]').waitFor();
    await expect(row.getByTestId('worker-key-state').textContent()).resolves.toBe('revoked');
    await expect(row.getByRole('button', { name: 'Revoke' }).count()).resolves.toBe(0);
    expect(await claim(key)).toBe(401);
  });

  it('shows the worker keys card in Chinese', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/admin/advanced');
    const card = page.getByTestId('card-workers');
    await card.getByRole('heading', { name: 'AI 字幕工作者' }).waitFor();
    await expect(card.getByTestId('worker-key-state').first().textContent()).resolves.toBe('已吊销');
    await card.getByRole('button', { name: '创建密钥' }).waitFor();
  });
});

describe('/admin/usermanage', () => {
  it('validates, adds a user, warns on a refused delete, deletes after confirmation', async () => {
    const page = await adminPage('/admin/usermanage');
    const add = page.getByTestId('add-user-card');
    await page.locator('[data-testid="user-row"][data-name="admin"]').waitFor();

    await add.getByLabel('User name').fill('abc');
    await add.getByLabel('Password').fill('abc');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.getByText('username length at least 5').waitFor();
    await add.getByText('password length at least 5').waitFor();

    await add.getByLabel('User name').fill('listener');
    await add.getByLabel('Password').fill('listener-pw');
    await add.getByLabel('Group').click();
    await page.getByRole('option', { name: 'guest' }).click();
    await add.getByRole('button', { name: 'Add' }).click();
    await page.locator('[data-testid="user-row"][data-name="listener"]').waitFor();
    await expect(page.locator('[data-testid="user-row"][data-name="listener"]').textContent()).resolves.toContain('guest');

    // the same name again: the server's 422 errors[0].msg
    await add.getByLabel('User name').fill('listener');
    await add.getByLabel('Password').fill('listener-pw');
    await add.getByRole('button', { name: 'Add' }).click();
    await notice(page, 'name already exists, usernames must not repeat').waitFor();

    // deleting the admin with another user: 403, shown as a warning; nobody deleted
    await page.getByLabel('Select all users').check();
    await page.getByTestId('delete-users').click();
    await expect(page.getByTestId('confirm-message').textContent()).resolves.toBe('confirm deleting selected users?');
    await page.getByTestId('confirm-ok').click();
    const warning = notice(page, 'the admin user cannot be deleted');
    await warning.waitFor();
    await expect(warning.evaluate((el) => getComputedStyle(el).getPropertyValue('--notification-color'))).resolves.toMatch(/yellow|#fab005|rgb\(250, 176, 5\)/i);
    expect((await e2e.server.services.db('users').select('name')).map((r: { name: string }) => r.name).sort()).toEqual(['admin', 'listener']);

    await page.getByLabel('Select all users').uncheck();
    await page.getByLabel('Select listener').check();
    await page.getByTestId('delete-users').click();
    await page.getByTestId('confirm-ok').click();
    await page.locator('[data-testid="user-row"][data-name="listener"]').waitFor({ state: 'detached' });
    expect((await e2e.server.services.db('users').select('name')).map((r: { name: string }) => r.name)).toEqual(['admin']);
    await e2e.screenshot(page, 'admin-usermanage');
  });

  it('shows a non-admin the admin-only notice', async () => {
    await createUser(e2e.server.services.db, 'plainuser', 'plain-pw', 'user');
    const token = await e2e.server.login('plainuser', 'plain-pw');
    const page = await e2e.page({ signedIn: false });
    await page.goto('/api/version'); // same origin, no app code running that could drop the token
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/admin/usermanage');
    await expect(page.getByTestId('admin-only').textContent()).resolves.toBe('The administration pages are for the admin account.');
  });

  it('changes the admin password: length and match messages, then the token is cleared and the app goes to /login', async () => {
    const page = await adminPage('/admin/usermanage');
    const card = page.getByTestId('admin-password-card');
    await card.getByLabel('New password').fill('abcd');
    await card.getByRole('button', { name: 'Change' }).click();
    await card.getByText('password length at least 5').waitFor();
    await card.getByLabel('New password').fill('brand-new-pw');
    await card.getByLabel('Confirm the password').fill('brand-new-pX');
    await card.getByRole('button', { name: 'Change' }).click();
    await card.getByText('the two passwords do not match').waitFor();
    await card.getByLabel('Confirm the password').fill('brand-new-pw');
    await card.getByRole('button', { name: 'Change' }).click();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await expect(e2e.server.login('admin', 'brand-new-pw')).resolves.toBeTruthy();
    const old = await fetch(`${e2e.url}/api/auth/me`, { headers: { authorization: `Bearer ${e2e.token}` } });
    expect(old.status).toBe(401);
  });

  it('fits a phone screen: no sideways scrolling on any admin page', async () => {
    const page = await e2e.page({ width: PHONE.width, height: PHONE.height });
    await page.goto('/api/version'); // same origin, no app code running that could drop the token
    await page.evaluate((t) => localStorage.setItem('token', t), await e2e.server.login('admin', 'brand-new-pw'));
    for (const path of ['/admin', '/admin/advanced', '/admin/usermanage']) {
      await page.goto(path);
      await page.locator('main h3').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await e2e.screenshot(page, 'admin-usermanage-phone');
  });

  it('no page broke the content security policy', () => {
    expect(cspViolations).toEqual([]);
  });
});
