/**
 * Browser test of the AI lyric centre /ai_lyric (spec 000 sections 2, 4, 5, 7, 9):
 * task rows with their chips and worker status, infinite scroll, the work id (RJ
 * accepted), file name and status filters, refresh, copy id, retry, confirmed delete
 * and open-work. Tasks are made through the real API and worker protocol.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LyricTask } from '../../src/model/index.js';
import { scanLibrary } from '../../src/scan/index.js';
import { PHONE, startE2E, type E2E } from './browser.js';

const RJ01012345 = 1012345;
let e2e: E2E;
let total = 0;
/** The claim of the task a worker is still transcribing. */
let working: { task: LyricTask; secret: string };

const call = (method: string, route: string, body?: unknown) => e2e.call(method, route, body);
const tasksOfWork = async (workId: number) => (await call('GET', `/api/lyric/translate/work/${workId}`)).body.tasks as LyricTask[];
const taskByFile = async (name: string) => (await tasksOfWork(RJ01012345)).find((t) => t.file_name === name)!;
/** Claims the next pending task as `worker` (the oldest: tasks are created in order). */
const claim = async (worker: string) => (await call('POST', '/api/lyric/worker/claim', { worker_name: worker })).body as { task: LyricTask; secret: string };

beforeAll(async () => {
  e2e = await startE2E();
  // more audio than two pages of 12: a folder of extra tracks in RJ265946
  const library = path.join(e2e.server.dataDir, 'library');
  const work = path.join(library, fs.readdirSync(library).find((n) => n.startsWith('RJ265946'))!);
  const short = path.join(library, fs.readdirSync(library).find((n) => n.startsWith('RJ01012345'))!, '03_おやすみ.mp3');
  fs.mkdirSync(path.join(work, 'extra'));
  for (let i = 1; i <= 20; i++) fs.copyFileSync(short, path.join(work, 'extra', `bonus ${String(i).padStart(2, '0')}.mp3`));
  await scanLibrary(e2e.server.services.db, { roots: [{ name: 'library', path: library }], maxDepth: 2 });

  // RJ01012345 first (oldest tasks: claimed first), then every other audio file
  expect((await call('POST', '/api/lyric/translate/folder', { work_id: 'RJ01012345', folder: '' })).status).toBe(200);
  const works = (await e2e.server.services.db('works').whereNot({ id: RJ01012345 }).whereNull('removed_at').select('id')).map((w) => w.id as number);
  for (const id of works) {
    const res = await call('POST', '/api/lyric/translate/folder', { work_id: id, folder: '' });
    expect([200, 404]).toContain(res.status);
  }
  total = Number((await e2e.server.services.db('lyric_tasks').count({ n: '*' }).first())!.n);
  expect(total).toBeGreaterThan(24);

  // 01 succeeds, 02 fails, 03 is being transcribed by a worker with a status line
  const a = await claim('e2e-worker');
  expect(a.task.file_name).toBe('01_プロローグ.mp3');
  await call('POST', '/api/lyric/worker/result', { id: a.task.id, secret: a.secret, lrc: '[00:00.00]はじめまして。\n' });
  const b = await claim('e2e-worker');
  await call('POST', '/api/lyric/worker/result', { id: b.task.id, secret: b.secret, error: 'model not found' });
  working = await claim('gpu-box');
  await call('POST', '/api/lyric/worker/status', { id: working.task.id, secret: working.secret, worker_status: 'progress 40%' });
}, 180_000);
afterAll(async () => { await e2e?.close(); });

const rows = (page: Page) => page.getByTestId('ai-task');
const row = (page: Page, id: number) => page.locator(`[data-testid="ai-task"][data-task-id="${id}"]`);
/** Scrolls until the list says there are no more tasks (RJ01012345's tasks are the oldest: last). */
const scrollToEnd = async (page: Page) => {
  for (let i = 0; i < 50 && !(await page.getByTestId('ai-end').count()); i++) {
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(100);
  }
  await page.getByTestId('ai-end').waitFor();
};
/** Opens the centre; with `all` (default) scrolls until every task is loaded. */
const openCentre = async (opts: Parameters<E2E['page']>[0] = {}, all = true) => {
  const page = await e2e.page(opts);
  await page.goto('/ai_lyric');
  await rows(page).first().waitFor();
  if (all) await scrollToEnd(page);
  return page;
};

describe('AI lyric centre', () => {
  it('shows each task with id chip, cover, status, file name, work code, worker chip and worker status', async () => {
    const page = await openCentre();
    await page.getByRole('heading', { name: 'AI lyric centre' }).waitFor();
    const r = row(page, working.task.id);
    await r.waitFor();
    expect(working.task.file_name).toBe('03_おやすみ.mp3');
    expect(await r.getByTestId('ai-task-id').textContent()).toBe(`#${working.task.id}`);
    expect(await r.getByTestId('ai-task-status').textContent()).toBe('transcribing');
    expect(await r.getByTestId('ai-task-file').textContent()).toBe('03_おやすみ.mp3');
    expect(await r.getByTestId('ai-task-work').textContent()).toBe('RJ01012345');
    expect(await r.getByTestId('ai-task-worker').textContent()).toBe('gpu-box');
    expect(await r.getByTestId('ai-task-worker-status').textContent()).toBe('progress 40%');
    const cover = r.locator('img').first();
    expect(await cover.getAttribute('src')).toContain(`/api/cover/${RJ01012345}?type=240x240&token=`);
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const done = row(page, (await taskByFile('01_プロローグ.mp3')).id);
    expect(await done.getByTestId('ai-task-status').textContent()).toBe('success');
    const failed = row(page, (await taskByFile('02_耳かき.mp3')).id);
    expect(await failed.getByTestId('ai-task-status').textContent()).toBe('error');
    expect(await failed.getByTestId('ai-task-worker-status').textContent()).toBe('model not found');
    await e2e.screenshot(page, 'ai-lyric');
  });

  it('loads pages of 12, newest first, more on scroll, then says there are no more', async () => {
    const page = await e2e.page({ width: PHONE.width, height: 400 });
    const pages: { page: number; count: number; pageSize: number }[] = [];
    page.on('response', async (res) => {
      const url = new URL(res.url());
      if (url.pathname !== '/api/lyric/translate') return;
      const body = await res.json();
      pages.push({ page: Number(url.searchParams.get('page')), count: body.tasks.length, pageSize: body.pagination.pageSize });
    });
    await page.goto('/ai_lyric');
    await rows(page).first().waitFor();
    expect(pages[0]).toEqual({ page: 1, count: 12, pageSize: 12 });
    expect(await rows(page).count()).toBeLessThan(total);
    expect(await page.getByTestId('ai-end').count()).toBe(0);
    const ids = await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-task-id'))));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    await scrollToEnd(page);
    expect(await rows(page).count()).toBe(total);
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: Math.ceil(total / 12) }, (_, i) => i + 1));
    expect(await page.getByTestId('ai-end').textContent()).toBe('no more tasks');
  });

  it('filters by work id with RJ, by file name and by status; refuses a work id that is not one', async () => {
    const page = await openCentre({}, false);
    await page.getByTestId('ai-filter-work').fill('RJ01012345');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="ai-task"]').length === 3);
    expect(await page.getByTestId('ai-task-work').allTextContents()).toEqual(['RJ01012345', 'RJ01012345', 'RJ01012345']);
    await e2e.screenshot(page, 'ai-lyric-work-filter');

    await page.getByTestId('ai-filter-file').fill('耳かき');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="ai-task"]').length === 1);
    expect(await page.getByTestId('ai-task-file').textContent()).toBe('02_耳かき.mp3');
    await page.getByTestId('ai-filter-file').fill('');

    await page.getByTestId('ai-filter-work').fill('hello');
    await page.getByText('Enter a work id such as RJ01012345').waitFor();
    await page.getByTestId('ai-filter-work').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="ai-task"]').length > 3);

    await page.getByTestId('ai-filter-status').click();
    await page.getByRole('option', { name: 'success' }).click();
    await page.getByRole('option', { name: 'error' }).click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="ai-task"]').length === 2);
    expect((await page.getByTestId('ai-task-status').allTextContents()).sort()).toEqual(['error', 'success']);
  });

  it('refresh shows what changed meanwhile', async () => {
    const page = await openCentre();
    const r = row(page, working.task.id);
    expect(await r.getByTestId('ai-task-status').textContent()).toBe('transcribing');
    const res = await call('POST', '/api/lyric/worker/result', { id: working.task.id, secret: working.secret, lrc: '[00:00.00]おやすみなさい。\n' });
    expect(res.status).toBe(200);
    expect(await r.getByTestId('ai-task-status').textContent()).toBe('transcribing');
    await page.getByTestId('ai-refresh').click();
    await r.waitFor({ state: 'detached' });
    await scrollToEnd(page);
    await r.getByTestId('ai-task-status').getByText('success').waitFor();
  });

  it('clicking the id chip copies the id', async () => {
    const page = await openCentre({}, false);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    const id = Number(await rows(page).first().getAttribute('data-task-id'));
    await rows(page).first().getByTestId('ai-task-id').click();
    await page.getByText(`Copied task id ${id}`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(id));
  });

  it('retry puts a failed task back to pending', async () => {
    const page = await openCentre();
    const failed = await taskByFile('02_耳かき.mp3');
    const r = row(page, failed.id);
    await r.getByTestId('ai-task-retry').click();
    await page.getByText('lyric task queued again').waitFor();
    await r.getByTestId('ai-task-status').getByText('pending').waitFor();
    expect((await taskByFile('02_耳かき.mp3')).status).toBe(1);
  });

  it('delete asks for confirmation, then removes the row and the task', async () => {
    const page = await openCentre({ width: PHONE.width, height: PHONE.height });
    const done = await taskByFile('01_プロローグ.mp3');
    const r = row(page, done.id);
    await r.getByTestId('ai-task-delete').click();
    expect(await page.getByTestId('confirm-message').textContent()).toBe('Delete this AI lyric task?');
    await e2e.screenshot(page, 'ai-lyric-delete');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await r.count()).toBe(1);
    await r.getByTestId('ai-task-delete').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('lyric task deleted').waitFor();
    await r.waitFor({ state: 'detached' });
    expect((await tasksOfWork(RJ01012345)).map((t) => t.id)).not.toContain(done.id);
  });

  it('open-work goes to the work page', async () => {
    const page = await openCentre();
    await row(page, working.task.id).getByTestId('ai-task-open').click();
    await page.waitForURL(`**/work/${RJ01012345}`);
  });

  it('is in Chinese by default', async () => {
    const page = await openCentre({ lang: null }, false);
    await page.getByRole('heading', { name: 'AI 字幕中心' }).waitFor();
    await page.getByText('作品编号').first().waitFor();
  });
});
