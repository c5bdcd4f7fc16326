/**
 * Browser test harness: the real server (test/helpers/server.ts) on a data dir whose
 * catalogue is a scan of a copy of test/fixtures/library, the built web UI (built here
 * when dist/web is missing or older than web/src), and headless Chromium through
 * playwright-core. Screenshots go to test-results/screenshots/ (gitignored).
 * Every page watches for English and raw message codes while it speaks Chinese
 * (untranslated.ts): `close()` fails the test file when one showed.
 * Each test's pages are closed after it (the afterEach below): a page left open would
 * play on, save play history into the next test's and keep the 2 cores busy.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterEach } from 'vitest';
import { callApi, libraryDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { scanLibrary } from '../../src/scan/index.js';
import { fetchWorkMetadata } from '../../src/metadata/crawler.js';
import { watchUntranslated, type Untranslated } from './untranslated.js';

const repo = path.resolve(import.meta.dirname, '..', '..');
const webSrc = path.join(repo, 'web');
const webIndex = path.join(repo, 'dist', 'web', 'index.html');
export const screenshotDir = path.join(repo, 'test-results', 'screenshots');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'];
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function webIsStale(): boolean {
  if (!fs.existsSync(webIndex)) return true;
  const built = fs.statSync(webIndex).mtimeMs;
  return [path.join(webSrc, 'src'), path.join(repo, 'src', 'api'), path.join(repo, 'src', 'model')].some((dir) => newestMtime(dir) > built);
}

/** Builds dist/web when missing or stale; one build at a time across test workers. */
export function ensureWebBuilt(): void {
  if (!webIsStale()) return;
  fs.mkdirSync(path.join(repo, 'dist'), { recursive: true });
  execFileSync('flock', [path.join(repo, 'dist', '.web-build.lock'), 'sh', '-c',
    // Re-check under the lock: another worker may have built it meanwhile.
    `[ -f dist/web/index.html ] && [ -z "$(find web/src src/api src/model -newer dist/web/index.html -type f | head -1)" ] || npx vite build --config web/vite.config.ts --logLevel warn`], { cwd: repo, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

/**
 * Copies the fixture library into `dataDir/library`, scans it into the catalogue and
 * fetches the metadata of the works the recorded DLsite pages know (circles, tags,
 * voice actors, ratings, prices) from the fake store.
 */
async function scanFixtureLibrary(server: TestServer, extraWorks: number): Promise<string> {
  const copy = path.join(server.dataDir, 'library');
  fs.cpSync(libraryDir, copy, { recursive: true });
  const track = path.join(libraryDir, 'RJ265946 サキュバスアカデミア', 'short.mp3');
  for (let i = 1; i <= extraWorks; i++) {
    const dir = path.join(copy, 'extra', `RJ${String(900000 + i)} Extra work ${i}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(track, path.join(dir, `track ${i}.mp3`));
  }
  await scanLibrary(server.services.db, { roots: [{ name: 'library', path: copy }], maxDepth: 2 });
  await fetchWorkMetadata(server.services.db, server.services.config, server.dataDir, METADATA_WORKS);
  return copy;
}

/** The works with recorded DLsite pages in test/fixtures/dlsite. */
export const METADATA_WORKS = [173248, 189758, 265946];

export interface PageOptions {
  width?: number;
  height?: number;
  /** UI language stored before the page loads (default 'en', so assertions read the spec's English; null: none stored). */
  lang?: 'en' | 'zh-CN' | null;
  /** Signed in as admin before the page loads (default true). */
  signedIn?: boolean;
  /** Signed in with this token (another user's) instead of the admin's. */
  token?: string;
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  url: string;
  token: string;
  /** A new page in its own context (own localStorage). */
  page(opts?: PageOptions): Promise<Page>;
  /** Calls the API as admin (test setup): answers status and parsed body. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** The untranslated texts the Chinese pages showed so far (untranslated.ts); `close()` fails on any. */
  untranslated: Untranslated[];
  /** Saves test-results/screenshots/{name}-{width}.png. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Closes every page opened so far, so that none plays on (and saves history) into the next test; called after each test. */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Holds the page's requests to `url` (a route glob) that `held` picks until the answered
 * release() is called, so a test can act while a save has not answered yet; the others go
 * through at once.
 */
export async function holdRequests(page: Page, url: string, held: (request: Request) => boolean): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(url, async (route) => {
    if (held(route.request())) await released;
    await route.continue();
  });
  return release;
}

/** The harnesses started by this test file and not closed yet. */
const started = new Set<E2E>();
// registered in every test file that imports the harness (at its collection)
afterEach(async () => { for (const e2e of started) await e2e.closePages(); });

/**
 * Starts server (with the scanned fixture library) and Chromium.
 * opts.extraWorks: that many more one-track works (RJ900001...) under library/extra/.
 */
export async function startE2E(opts: { scan?: boolean; extraWorks?: number } = {}): Promise<E2E> {
  ensureWebBuilt();
  const store: FakeStore = await startFakeStore();
  const server = await startTestServer({ dataDir: tempDataDir('audiolib-e2e-'), config: store.config });
  if (opts.scan ?? true) await scanFixtureLibrary(server, opts.extraWorks ?? 0);
  const token = await server.login();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const untranslated: Untranslated[] = [];
  fs.mkdirSync(screenshotDir, { recursive: true });
  const e2e: E2E = {
    server,
    browser,
    url: server.url,
    token,
    untranslated,
    async page(p: PageOptions = {}) {
      const context = await browser.newContext({ viewport: { width: p.width ?? DESKTOP.width, height: p.height ?? DESKTOP.height }, baseURL: server.url });
      contexts.push(context);
      await watchUntranslated(context, untranslated);
      const lang = p.lang === undefined ? 'en' : p.lang;
      const signedIn = p.signedIn ?? true;
      // Seed localStorage once (the first document of the origin), not on every navigation.
      await context.addInitScript(({ lang, token, signedIn }) => {
        if (sessionStorage.getItem('e2e-seeded')) return;
        sessionStorage.setItem('e2e-seeded', '1');
        if (lang) localStorage.setItem('lang', lang);
        if (signedIn) localStorage.setItem('token', token);
      }, { lang, token: p.token ?? token, signedIn });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return page;
    },
    call(method, p, body) {
      return callApi(server, method, p, token, body);
    },
    async screenshot(page, name) {
      const file = path.join(screenshotDir, `${name}-${page.viewportSize()?.width ?? 0}.png`);
      await page.screenshot({ path: file, fullPage: false });
      return file;
    },
    async closePages() {
      for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
    },
    async close() {
      started.delete(e2e);
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await server.close();
      await store.close();
      if (untranslated.length) {
        throw new Error(`untranslated text in the Chinese UI:\n${untranslated.map((u) => `  ${u.url}: ${JSON.stringify(u.text)}`).join('\n')}`);
      }
    },
  };
  started.add(e2e);
  return e2e;
}
