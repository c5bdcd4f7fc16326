/**
 * `npm run demo` as the README's quick start runs it (the build is done: `node scripts/demo.js`
 * with AUDIOLIB_DATA_DIR and AUDIOLIB_PORT), then the web UI in real Chromium: the sample
 * library with the metadata the demo's recorded store serves (covers, circles, tags, voice
 * actors), the address and login printed last, and a second run on the same data directory;
 * the trial catalogue filled from the store's new releases (tried, disliked, downloaded)
 * and the novel section's two novels, with screenshots of /fake/works and /novel/works
 * (test-results/screenshots/); the server on 127.0.0.1 only, unless --host says otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { tempDataDir } from '../helpers/server.js';
import { CHROMIUM_ARGS, DESKTOP, ensureWebBuilt, screenshotDir } from './browser.js';

const repo = path.resolve(import.meta.dirname, '..', '..');

interface Demo {
  child: ChildProcess;
  /** stdout and stderr as they arrived, up to the demo's closing lines. */
  output: string;
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** An address of this machine other than the loopback (IPv4), or null when it has none. */
const outsideAddress = (): string | null => Object.values(os.networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address ?? null;

/** Whether the server answers HTTP (any status) at `host`:`port`. */
const answers = (host: string, port: number) => fetch(`http://${host}:${port}/api/version`, { signal: AbortSignal.timeout(5000) }).then(() => true, () => false);

/** Starts the demo (with `args`) in its own process group; resolves once it has printed where to log in. */
async function startDemo(dataDir: string, port: number, args: string[] = []): Promise<Demo> {
  const env: NodeJS.ProcessEnv = { ...process.env, AUDIOLIB_DATA_DIR: dataDir, AUDIOLIB_PORT: String(port) };
  delete env.AUDIOLIB_ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['scripts/demo.js', ...args], { cwd: repo, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const demo: Demo = { child, output: '' };
  await new Promise<void>((resolve, reject) => {
    const read = (d: Buffer) => {
      demo.output += d.toString();
      if (/Ctrl-C stops\)\n/.test(demo.output)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`demo exited with ${code}:\n${demo.output}`)));
  });
  return demo;
}

/** Stops the demo's whole process group (the demo, its server) and waits for the demo to exit. */
async function stopDemo(demo: Demo | null): Promise<void> {
  if (!demo || demo.child.exitCode !== null || demo.child.signalCode !== null) return;
  const exited = once(demo.child, 'exit');
  process.kill(-demo.child.pid!, 'SIGTERM');
  await exited;
}

let dataDir: string;
let port: number;
let first: Demo | null = null;
let second: Demo | null = null;
let browser: Browser | null = null;
let token: string;

beforeAll(async () => {
  ensureWebBuilt();
  dataDir = tempDataDir('audiolib-demo-');
  port = await freePort();
  first = await startDemo(dataDir, port);
});
afterAll(async () => {
  await browser?.close();
  await stopDemo(first);
  await stopDemo(second);
});

/** A desktop page of the demo, signed in with the token, English UI. */
async function demoPage(): Promise<Page> {
  browser ??= await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: `http://localhost:${port}` });
  await context.addInitScript((t) => {
    localStorage.setItem('lang', 'en');
    localStorage.setItem('token', t);
  }, token);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

describe('npm run demo', () => {
  it('fetches the metadata from the recorded store, the new releases into the trial catalogue, adds two novels, and prints the address and login last', async () => {
    const out = first!.output;
    expect(out).toContain('metadata: 3 fetched, 2 not fetched');
    // the store lists three new releases beside the three works of the sample library
    expect(out).toContain('listed 6, added 3, skipped 3; metadata 3 fetched, 0 not fetched');
    expect(out).toContain('audiolib demo: added 2 novels from recorded novel pages');
    const banner = `audiolib demo: open http://localhost:${port} and log in as admin / audiolib-demo`;
    // The server's own lines come first, the demo's closing lines last.
    expect(out.indexOf(`audiolib serving ${dataDir} on http://`)).toBeGreaterThan(out.indexOf('added 5, updated 0, skipped 0'));
    expect(out.indexOf(banner)).toBeGreaterThan(out.indexOf('audiolib serving'));
    expect(out.trimEnd().split('\n').slice(-2)[0]).toBe(banner);
    token = await new ApiClient({ baseUrl: `http://localhost:${port}` }).login('admin', 'audiolib-demo');
  });

  it('listens on 127.0.0.1 only: another address of this machine gets no answer', async () => {
    expect(first!.output).toContain(`audiolib serving ${dataDir} on http://127.0.0.1:${port}`);
    expect(await answers('127.0.0.1', port)).toBe(true);
    const outside = outsideAddress();
    if (outside) expect(await answers(outside, port)).toBe(false);
  });

  it('runs again on the same data directory (on every address with --host 0.0.0.0), and the works show covers, circles and tags; circles, tags and voice actors are listed', async () => {
    await stopDemo(first);
    second = await startDemo(dataDir, port, ['--host', '0.0.0.0']);
    expect(second.output).toContain('added 0, updated 0, skipped 5, failed 0, duplicates 1');
    expect(second.output).toContain('listed 6, added 0, skipped 6; metadata 0 fetched, 0 not fetched');
    expect(second.output).toContain('audiolib demo: the novel section has 2 novels');
    const outside = outsideAddress();
    if (outside) expect(await answers(outside, port)).toBe(true);

    const page = await demoPage();
    await page.goto('/works');
    const card = page.locator('[data-testid="work-card"][data-work-id="173248"]');
    await card.waitFor();
    const cover = card.locator('img').first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(560); // the recorded cover
    expect(await card.getByTestId('card-circle').textContent()).toMatch(/\S/);
    expect(await card.getByTestId('tag-chip').count()).toBeGreaterThan(0);
    expect(await card.getByTestId('card-rating').textContent()).toContain('4.52');

    for (const list of ['/circles', '/tags', '/vas']) {
      await page.goto(list);
      await page.getByTestId('name-item').first().waitFor();
      expect(await page.getByTestId('name-item').count(), list).toBeGreaterThan(0);
    }
  }, 180_000);

  it('shows new releases on /fake/works to try, dislike and download', async () => {
    const page = await demoPage();
    await page.goto('/fake/works');
    const cards = page.getByTestId('work-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(3);
    const ids = await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-work-id'))).sort());
    expect(ids).toEqual([1301001, 1301002, 1301003]);
    const cover = cards.first().locator('img').first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(560); // the store's cover
    const shot = path.join(screenshotDir, `demo-fake-works-${DESKTOP.width}.png`);
    await page.screenshot({ path: shot });

    // dislike one: it leaves the list
    const disliked = page.locator('[data-testid="work-card"][data-work-id="1301002"]');
    await disliked.getByTestId('card-dislike').click();
    await disliked.waitFor({ state: 'detached' });
    // download another: its trial (Shift-JIS names with half-width katakana) unpacks and plays from its page
    const card = page.locator('[data-testid="work-card"][data-work-id="1301003"]');
    await card.getByTestId('card-download').click();
    await expect.poll(() => card.getByTestId('download-progress').getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    expect(await card.getByTestId('card-download').getAttribute('data-downloaded')).toBe('true');
    await page.goto('/fake/work/1301003');
    await page.getByText('ﾎﾞｲｽ').first().waitFor();
    await page.getByText('ﾎﾞｲｽ').first().click();
    for (const name of ['ｵﾏｹ.mp3', 'ｵﾏｸ.mp3', 'おはよう.mp3']) await page.getByText(name, { exact: true }).waitFor();
    await page.goto('/fake/works');
    await page.locator('[data-testid="work-card"][data-work-id="1301003"] [data-testid="card-download"][data-downloaded="true"]').waitFor();
  }, 180_000);

  it('shows the two novels on /novel/works', async () => {
    const page = await demoPage();
    await page.goto('/novel/works');
    const cards = page.getByTestId('work-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(2);
    const titles = await cards.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(titles.some((t) => t.includes('星河旅人'))).toBe(true);
    await page.screenshot({ path: path.join(screenshotDir, `demo-novel-works-${DESKTOP.width}.png`) });
  }, 180_000);
});
