/**
 * Browser tests of the playlists (src/playlists/README.md "Web UI"), in real Chromium
 * against the real server: a playlist made from the file tree's right-click menu, a whole
 * work and the play queue added to it, reordered by drag and with the up button from the
 * keyboard, played from the start and from one entry, renamed, deleted; what another
 * user sees of a public playlist; the zh-CN texts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/users/index.js';
import { DESKTOP, startE2E, type E2E } from './browser.js';

let e2e: E2E;
beforeAll(async () => { e2e = await startE2E(); });
afterAll(async () => { await e2e?.close(); });

const audioRow = (title: string) => `[data-testid="tree-item"][data-type="audio"]:has-text("${title}")`;
const entryTitles = (page: Page) => page.locator('[data-testid="playlist-entry-title"]').allTextContents();
/** The titles of the admin's playlist `id` as the server keeps them. */
const savedTitles = async (id: number) => ((await e2e.call('GET', `/api/playlists/${id}`)).body.playlist.entries as { title: string }[]).map((e) => e.title);
const P = '01_プロローグ.mp3';
const M = '02_耳かき.mp3';
const O = '03_おやすみ.mp3';

describe('playlists', () => {
  it('create from the file tree, add a work and the queue, reorder, play, rename, delete', async () => {
    const page = await e2e.page({ ...DESKTOP });
    await page.goto('/work/1012345');

    // a new playlist holding one track, from the right-click menu
    await page.locator(audioRow('01_プロローグ')).click({ button: 'right' });
    await page.getByTestId('context-menu').getByRole('menuitem', { name: 'Save to a playlist…' }).click();
    await page.getByTestId('add-to-playlist-name').fill('Night');
    await page.getByTestId('add-to-playlist-create').click();
    await page.getByText('playlist Night created').waitFor();
    const [made] = (await e2e.call('GET', '/api/playlists')).body.playlists as { id: number; name: string }[];
    expect(made).toMatchObject({ name: 'Night' });
    const id = made!.id;
    expect(await savedTitles(id)).toEqual([P]);

    // the whole work, into the existing playlist
    await page.locator(audioRow('03_おやすみ')).click({ button: 'right' });
    await page.getByTestId('context-menu').getByRole('menuitem', { name: 'Save the whole work to a playlist…' }).click();
    await page.getByTestId('add-to-playlist-item').filter({ hasText: 'Night' }).click();
    await page.getByText('3 track(s) added').waitFor();
    expect(await savedTitles(id)).toEqual([P, P, M, O]);

    // the play queue, from its dialog
    await page.locator(audioRow('02_耳かき')).click();
    await page.getByTestId('player-title').filter({ hasText: M }).waitFor();
    await page.getByTestId('player-toggle').click();
    await page.getByTestId('open-queue').first().click();
    await page.getByTestId('queue-to-playlist').click();
    await page.getByTestId('add-to-playlist-item').filter({ hasText: 'Night' }).click();
    await page.getByText('3 track(s) added').last().waitFor();
    await expect.poll(() => savedTitles(id)).toEqual([P, P, M, O, P, M, O]);
    await page.keyboard.press('Escape');

    // the playlists mode of the favourites: the playlist pictured by its first track's work
    await page.goto('/favourites/folder');
    const cover = page.getByTestId('playlists-mine').getByTestId('playlist-cover').first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(new URL((await cover.getAttribute('src'))!, e2e.url).pathname).toBe('/api/cover/1012345');
    await page.getByTestId('playlists-mine').getByTestId('playlist-row').filter({ hasText: 'Night' }).click();
    await page.waitForURL(`**/favourites/folder?playlist=${id}`);
    await expect.poll(() => entryTitles(page)).toEqual([P, P, M, O, P, M, O]);
    await expect(page.getByTestId('playlist-summary').textContent()).resolves.toMatch(/^7 tracks · /);

    // drag the third entry (M) to the top
    const handle = page.getByTestId('playlist-handle').nth(2);
    const target = page.getByTestId('playlist-entry').first();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y + to.height / 2 - 4 - from.y - from.height / 2) * i) / 10);
    await page.mouse.up();
    await expect.poll(() => entryTitles(page)).toEqual([M, P, P, O, P, M, O]);
    await expect.poll(() => savedTitles(id)).toEqual([M, P, P, O, P, M, O]);

    // the up button of the fourth entry (O), from the keyboard
    await page.getByTestId('playlist-up').nth(3).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => savedTitles(id)).toEqual([M, P, O, P, P, M, O]);
    await expect.poll(() => entryTitles(page)).toEqual([M, P, O, P, P, M, O]);
    await e2e.screenshot(page, 'playlist');

    // remove the last entry
    await page.getByTestId('playlist-remove').last().click();
    await page.getByText('track removed from the playlist').waitFor();
    await expect.poll(() => savedTitles(id)).toEqual([M, P, O, P, P, M]);

    // play all, then from the third entry
    await page.getByTestId('playlist-play').click();
    await page.getByTestId('player-title').filter({ hasText: M }).waitFor();
    await page.waitForFunction(() => !document.querySelector('audio')!.paused);
    await page.getByTestId('playlist-entry-play').nth(2).click();
    await page.getByTestId('player-title').filter({ hasText: O }).waitFor();
    await page.getByTestId('open-queue').first().click();
    await expect.poll(() => page.locator('[data-testid="queue-dialog"] [data-testid="queue-title"]').allTextContents()).toEqual([M, P, O, P, P, M]);
    await page.keyboard.press('Escape');

    // rename, then delete
    await page.getByTestId('playlist-rename').click();
    await page.getByTestId('playlist-rename-input').fill('Bedtime');
    await page.getByTestId('playlist-rename-save').click();
    await page.getByTestId('playlist-name').filter({ hasText: 'Bedtime' }).waitFor();
    await page.getByTestId('playlist-delete').click();
    await expect(page.getByTestId('confirm-message').textContent()).resolves.toBe('Delete the playlist Bedtime?');
    await page.getByTestId('confirm-ok').click();
    await page.getByText('playlist deleted').waitFor();
    await page.getByTestId('playlist-none').waitFor();
    expect((await e2e.call('GET', `/api/playlists/${id}`)).status).toBe(404);
  });

  it('another user reads a public playlist and plays it, without the controls to change it; zh-CN texts', async () => {
    const made = await e2e.call('POST', '/api/playlists', { name: 'Shared', public: true, hashes: [] });
    expect(made.status).toBe(201);
    await e2e.call('POST', `/api/playlists/${made.body.playlist.id}/works`, { work_id: 1012345 });
    await createUser(e2e.server.services.db, 'listener', 'listener-pw', 'user');
    const token = await e2e.server.login('listener', 'listener-pw');
    const page = await e2e.page({ token, lang: 'zh-CN' });
    await page.goto('/favourites/folder');
    await page.getByTestId('fav-modes').getByText('歌单').waitFor();
    await page.getByRole('button', { name: '新建歌单' }).waitFor();
    const row = page.getByTestId('playlists-others').getByTestId('playlist-row').filter({ hasText: 'Shared' });
    await expect(row.textContent()).resolves.toContain('创建者：admin');
    await row.click();
    await page.getByText('你可以查看这个歌单，但不能修改。').waitFor();
    await expect(page.getByTestId('playlist-handle').count()).resolves.toBe(0);
    await expect(page.getByTestId('playlist-remove').count()).resolves.toBe(0);
    await expect(page.getByTestId('playlist-rename').count()).resolves.toBe(0);
    const text = await page.getByTestId('playlist-view').textContent();
    expect(text).toContain('全部播放');
    expect(text).not.toMatch(/Play all|read-only|tracks ·/);
    await page.getByTestId('playlist-play').click();
    await page.getByTestId('player-title').filter({ hasText: P }).waitFor();
  });
});
