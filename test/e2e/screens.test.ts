/**
 * Browser tests of the entry screens and the chrome around every page (spec 000
 * sections 2, 5, 6, 8; spec 001 site chooser, placeholder site, not-found page):
 * login validation and messages, language default, site chooser, /lysk/main,
 * not-found, header (back button, keyword box) and drawer (user name, links, random
 * listen, night mode, language, sleep timer, logout with confirmation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../helpers/server.js';
import { DESKTOP, PHONE, startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

describe('login', () => {
  it('is in Chinese by default', async () => {
    const page = await e2e.page({ signedIn: false, lang: null });
    await page.goto('/login');
    await page.getByRole('heading', { name: '登录' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await e2e.screenshot(page, 'login-zh');
  });

  it('rejects a name and a password under 5 characters', async () => {
    const page = await e2e.page({ signedIn: false });
    await page.goto('/login');
    await page.getByLabel('User name').fill('adm');
    await page.getByLabel('Password').fill('1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('password length at least 5').count()).resolves.toBe(2);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the server error as a warning on a wrong password', async () => {
    const page = await e2e.page({ signedIn: false });
    await page.goto('/login');
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('wrong user name or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("says 'login successful.' and goes to /main", async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await e2e.page({ signedIn: false, ...size });
      await page.goto('/login');
      await e2e.screenshot(page, 'login');
      await page.getByLabel('User name').fill('admin');
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('login successful.').waitFor();
      await page.waitForURL('**/main');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      await e2e.screenshot(page, 'site-chooser');
    }
  });

  it('sends a visitor without a session to /login', async () => {
    const page = await e2e.page({ signedIn: false });
    await page.goto('/works');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/works');
    await page.goto('/work/1012345');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/work/1012345');
  });

  it('treats a 401 as an expired session: back to /login, token dropped', async () => {
    const page = await e2e.page({ signedIn: false });
    await page.addInitScript(() => { if (!sessionStorage.getItem('expired')) { sessionStorage.setItem('expired', '1'); localStorage.setItem('token', 'not-a-valid-token'); } });
    await page.goto('/favourites');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('site chooser and placeholder site', () => {
  it('links audio, novel and the third site', async () => {
    const page = await e2e.page();
    await page.goto('/main');
    expect(await page.getByRole('link', { name: 'Audio' }).getAttribute('href')).toBe('/works');
    expect(await page.getByRole('link', { name: 'Novels' }).getAttribute('href')).toBe('/novel/works');
    await page.getByRole('link', { name: 'Third site' }).click();
    await page.waitForURL('**/lysk/main');
    await page.getByRole('tab').nth(2).waitFor();
    await expect(page.getByRole('tab').count()).resolves.toBe(3);
    expect(await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label')))).toEqual(['Mail', 'Alarm', 'Movie']);
    await e2e.screenshot(page, 'lysk');
  });

  it('sends / to the site chooser', async () => {
    const page = await e2e.page();
    await page.goto('/');
    await page.waitForURL('**/main');
  });
});

describe('not-found page', () => {
  it('shows for unknown paths', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await e2e.page(size);
      await page.goto('/no/such/page');
      await page.getByText('Page not found').waitFor();
      await expect(page.getByText('Nothing lives at /no/such/page.').isVisible()).resolves.toBe(true);
      await e2e.screenshot(page, 'not-found');
    }
  });
});

describe('header', () => {
  it('has no back button on the home list and one elsewhere', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    await page.getByTestId('works-title').waitFor();
    await expect(page.getByTestId('back-button').count()).resolves.toBe(0);
    await page.goto('/circles');
    await page.getByTestId('back-button').waitFor();
    await page.getByTestId('back-button').click();
    await page.waitForURL('**/works');
  });

  it('keyword box goes to /works?keyword= and back to /works when cleared', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    await page.getByTestId('keyword-box').fill('SQDT');
    await page.waitForURL((u) => u.pathname === '/works' && u.searchParams.get('keyword') === 'SQDT');
    await page.getByTestId('works-title').filter({ hasText: /^Search keyword: SQDT$/ }).waitFor();
    await page.getByTestId('card-title').filter({ hasText: 'サキュバスアカデミア' }).waitFor();
    await expect(page.getByTestId('works-count').textContent()).resolves.toBe('1');
    await page.getByTestId('keyword-box').fill('');
    await page.waitForURL((u) => u.pathname === '/works' && u.search === '');
    await page.getByText('All works', { exact: true }).first().waitFor();
  });
});

describe('drawer', () => {
  it('shows the user, the links and the entries', async () => {
    for (const size of [PHONE, DESKTOP]) {
      const page = await e2e.page(size);
      await page.goto('/works');
      await page.getByTestId('drawer-toggle').click();
      await page.getByTestId('drawer-user').waitFor();
      await expect(page.getByTestId('drawer-user').textContent()).resolves.toBe('Signed in as admin');
      for (const name of ['All works', 'Advanced search', 'Favourites', 'Circles', 'Tags', 'Voice actors', 'Random listen', 'Sleep timer', 'Site selection', 'Settings', 'Log out']) {
        await expect(page.getByRole('dialog').getByText(name, { exact: true }).isVisible(), name).resolves.toBe(true);
      }
      expect(await page.getByRole('dialog').getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin');
      expect(await page.getByRole('dialog').getByRole('link', { name: 'Site selection' }).getAttribute('href')).toBe('/main');
      await e2e.screenshot(page, 'drawer');
    }
  });

  it('random listen opens a work', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    await page.getByTestId('drawer-toggle').click();
    await page.getByText('Random listen').click();
    await page.waitForURL(/\/work\/\d+$/);
    await page.getByTestId('work-title').waitFor();
  });

  it('night mode switches the colour scheme and is remembered', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    // Light from the page's load on, as stored by default.
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
    await page.getByTestId('drawer-toggle').click();
    await page.getByRole('switch', { name: 'Night mode' }).click({ force: true });
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    await page.keyboard.press('Escape');
    await e2e.screenshot(page, 'works-night');
    await page.reload();
    // Dark from the page's load on, before the strings arrive and the page renders: no white flash.
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await page.getByTestId('works-title').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
  });

  it('switches the language to Chinese and keeps it', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    await page.getByTestId('drawer-toggle').click();
    await page.getByText('简体中文').click();
    await page.getByText('夜间模式').waitFor();
    await page.reload();
    await expect(page.getByTestId('works-title').textContent()).resolves.toBe('所有作品');
  });

  it('switches the language to English (its strings load on the switch) and keeps it', async () => {
    const page = await e2e.page({ lang: 'zh-CN' });
    await page.goto('/works');
    await page.getByTestId('works-title').filter({ hasText: '所有作品' }).waitFor();
    await page.getByTestId('drawer-toggle').click();
    await page.getByText('English', { exact: true }).click();
    await page.getByText('Night mode').waitFor();
    await page.getByTestId('works-title').filter({ hasText: 'All works' }).waitFor();
    await page.reload();
    await expect(page.getByTestId('works-title').textContent()).resolves.toBe('All works');
  });

  it('sets a sleep timer for the session and rejects a bad time', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    await page.getByTestId('drawer-toggle').click();
    await page.getByText('Sleep timer').click();
    await page.getByText('No timer set').waitFor();
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByText('Enter a time as HH:MM').waitFor();
    await page.getByLabel('Pause at (HH:MM)').fill('23:30');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByText('Playback pauses at 23:30').first().waitFor();
    // Kept for the browser session: after a reload the dialog still shows it.
    await page.reload();
    await page.getByTestId('drawer-toggle').click();
    await page.getByText('Sleep timer').click();
    await page.getByTestId('sleep-state').filter({ hasText: 'Playback pauses at 23:30' }).waitFor();
  });

  it('logs out after confirmation', async () => {
    const page = await e2e.page();
    await page.goto('/works');
    await page.getByTestId('drawer-toggle').click();
    await page.getByText('Log out').click();
    await page.getByText('Log out now?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/works');
    await page.getByText('Log out', { exact: true }).click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
