/**
 * `npm run demo` as the README's quick start runs it (the build is done: `node scripts/demo.js`
 * with AUDIOLIB_DATA_DIR and AUDIOLIB_PORT), then the web UI in real Chromium: the sample
 * library with the metadata the demo's recorded store serves (covers, circles, tags, voice
 * actors), the address and login printed last, and a second run on the same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { tempDataDir } from '../helpers/server.js';
import { CHROMIUM_ARGS, DESKTOP, ensureWebBuilt } from './browser.js';

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

/** Starts the demo in its own process group; resolves once it has printed where to log in. */
async function startDemo(dataDir: string, port: number): Promise<Demo> {
  const env: NodeJS.ProcessEnv = { ...process.env, AUDIOLIB_DATA_DIR: dataDir, AUDIOLIB_PORT: String(port) };
  delete env.AUDIOLIB_ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['scripts/demo.js'], { cwd: repo, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
  it('fetches the metadata from the recorded store and prints the address and login last', async () => {
    const out = first!.output;
    expect(out).toContain('metadata: 3 fetched, 2 not fetched');
    const banner = `audiolib demo: open http://localhost:${port} and log in as admin / audiolib-demo`;
    // The server's own lines come first, the demo's closing lines last.
    expect(out.indexOf(`audiolib serving ${dataDir} on http://`)).toBeGreaterThan(out.indexOf('added 5, updated 0, skipped 0'));
    expect(out.indexOf(banner)).toBeGreaterThan(out.indexOf('audiolib serving'));
    expect(out.trimEnd().split('\n').slice(-2)[0]).toBe(banner);
    token = await new ApiClient({ baseUrl: `http://localhost:${port}` }).login('admin', 'audiolib-demo');
  });

  it('runs again on the same data directory, and the works show covers, circles and tags; circles, tags and voice actors are listed', async () => {
    await stopDemo(first);
    second = await startDemo(dataDir, port);
    expect(second.output).toContain('added 0, updated 0, skipped 5, failed 0, duplicates 1');

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
  });
});
