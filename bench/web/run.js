/**
 * Web UI benchmark (bench/README.md section "web"):
 * 1. the JavaScript of the /works route: the entry and the Works page chunk with every
 *    chunk they import statically (from dist/web/.vite/manifest.json), raw and gzip
 *    (level 9); target at most 200 KB gzip. Also every script the page has loaded once
 *    it is idle (that adds the player dock, loaded apart after the first page shows);
 * 2. a scroll of 50 pages (600 cards) of the works list over the synthetic catalogue of
 *    bench/catalogue (100,000 works), measured in Chromium with the performance API:
 *    wall time, frame intervals (requestAnimationFrame) while scrolling, long tasks
 *    (PerformanceObserver 'longtask'), JS heap, DOM size, and whether the cards loaded
 *    first were left alone (same DOM nodes, no mutation inside them) while 49 more pages
 *    loaded.
 * Prints a Markdown summary. With --size-only, prints only part 1's manifest figures
 * (no server, no browser, no catalogue; `npm run build:web` is enough):
 *
 *   npm run build && node bench/web/run.js [--data-dir DIR] [--pages N]
 *   npm run build:web && node bench/web/run.js --size-only
 *
 * The data directory (default /tmp/audiolib-bench-web; its own, so the catalogue benchmark
 * can run beside it) is seeded by bench/catalogue/seed.js only when it has no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const webRoot = path.join(repo, 'dist', 'web');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dataDir = path.resolve(arg('--data-dir', '/tmp/audiolib-bench-web'));
const pages = Number(arg('--pages', '50'));
const PAGE_SIZE = 12;

async function waitForServer(base, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('audiolib serve exited');
    try {
      await fetch(`${base}/api/version`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('audiolib serve did not start');
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error('dist/web is missing: run `npm run build` first');

/** Raw and gzip -9 bytes of the given files of dist/web (each counted once). */
const sizes = (files) => {
  let raw = 0;
  let gzip = 0;
  for (const f of new Set(files)) {
    const bytes = fs.readFileSync(path.join(webRoot, f));
    raw += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip, count: new Set(files).size };
};

// 1. The /works route's JavaScript: the entry and the Works chunk with their static imports.
const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'));
const routeFiles = new Set();
const walk = (key) => {
  if (routeFiles.has(manifest[key].file)) return;
  routeFiles.add(manifest[key].file);
  for (const i of manifest[key].imports ?? []) walk(i);
};
walk('index.html');
walk(Object.keys(manifest).find((k) => k.endsWith('pages/Works.tsx')));
const route = sizes([...routeFiles]);
const css = fs.readdirSync(path.join(webRoot, 'assets')).filter((f) => f.endsWith('.css'))
  .reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(webRoot, 'assets', f)), { level: 9 }).length, 0);

if (process.argv.includes('--size-only')) {
  console.log(`| figure | value |\n|---|---|`);
  console.log(`| /works route JS (${route.count} files: entry + Works chunks), raw | ${kb(route.raw)} |`);
  console.log(`| /works route JS, gzip -9 (target <= 200 KB) | ${kb(route.gzip)} |`);
  console.log(`| CSS, gzip -9 | ${kb(css)} |`);
  process.exit(0);
}

// 2 needs the server build (dist/) and Chromium: loaded only past --size-only.
const { chromium } = await import('playwright-core');
const { seedCatalogue, BENCH_PASSWORD } = await import('../catalogue/seed.js');

if (!fs.existsSync(path.join(dataDir, 'audiolib.sqlite3'))) {
  process.stderr.write(`seeding ${dataDir} ...\n`);
  await seedCatalogue(dataDir);
}

const port = 19000 + Math.floor(Math.random() * 1000);
const child = spawn(process.execPath, [path.join(repo, 'bin', 'audiolib.js'), 'serve', '--data-dir', dataDir, '--port', String(port), '--host', '127.0.0.1'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, AUDIOLIB_ADMIN_PASSWORD: 'bench-admin-password' },
});
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await waitForServer(base, child);
  const login = await fetch(`${base}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench0', password: BENCH_PASSWORD }) });
  const { token } = await login.json();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('lang', 'en');
  }, token);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);

  // 1 (continued): every script the page has loaded once idle.
  await page.goto(`${base}/works`, { waitUntil: 'networkidle' });
  await page.locator('[data-testid="work-card"]').nth(PAGE_SIZE - 1).waitFor();
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
  const loaded = sizes(scripts);

  // 2. Scroll 50 pages. Main-thread time from the DevTools protocol (CPU seconds the
  // renderer spent, which other load on the machine does not inflate the way it does wall time).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  const result = await page.evaluate(async ({ pages, pageSize }) => {
    const cards = () => document.querySelectorAll('[data-testid="work-card"]');
    const firstCards = Array.from(cards()).slice(0, pageSize);
    let mutations = 0;
    const mo = new MutationObserver((records) => { mutations += records.length; });
    for (const c of firstCards) mo.observe(c, { subtree: true, childList: true, attributes: true, characterData: true });
    const longTasks = [];
    const po = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); });
    po.observe({ type: 'longtask', buffered: false });
    const frames = [];
    let last = performance.now();
    let running = true;
    const frame = (t) => { frames.push(t - last); last = t; if (running) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    const start = performance.now();
    const target = pages * pageSize;
    while (cards().length < target) {
      window.scrollBy(0, 1200);
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
      if (performance.now() - start > 300_000) break;
    }
    const wall = performance.now() - start;
    running = false;
    po.disconnect();
    mo.disconnect();
    frames.sort((a, b) => a - b);
    const q = (p) => frames[Math.min(frames.length - 1, Math.floor(frames.length * p))];
    return {
      cards: cards().length,
      wallMs: wall,
      frames: frames.length,
      frameP50: q(0.5), frameP95: q(0.95), frameP99: q(0.99), frameMax: frames[frames.length - 1],
      longTasks: longTasks.length,
      longTaskMax: longTasks.length ? Math.max(...longTasks) : 0,
      longTaskTotal: longTasks.reduce((a, b) => a + b, 0),
      firstCardsKept: firstCards.every((c) => c.isConnected),
      firstCardsMutations: mutations,
      heapMB: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null,
      domNodes: document.getElementsByTagName('*').length,
    };
  }, { pages, pageSize: PAGE_SIZE });
  const after = await metrics();
  const cpu = (name) => (after[name] - before[name]) * 1000;
  const total = await page.locator('[data-testid="works-count"]').textContent();

  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`## web (Chromium ${browser.version()}, 1440x900, load average ${load})\n`);
  console.log(`| figure | value |\n|---|---|`);
  console.log(`| /works route JS (${route.count} files: entry + Works chunks), raw | ${kb(route.raw)} |`);
  console.log(`| /works route JS, gzip -9 (target <= 200 KB) | ${kb(route.gzip)} |`);
  console.log(`| all JS loaded on /works once idle (${loaded.count} files, + player dock), gzip -9 | ${kb(loaded.gzip)} |`);
  console.log(`| CSS, gzip -9 | ${kb(css)} |`);
  console.log(`| catalogue | ${total} works |`);
  console.log(`| pages scrolled / cards rendered | ${Math.round(result.cards / PAGE_SIZE)} / ${result.cards} |`);
  console.log(`| wall time for ${pages} pages | ${(result.wallMs / 1000).toFixed(1)} s |`);
  console.log(`| frame interval p50 / p95 / p99 / max | ${result.frameP50.toFixed(1)} / ${result.frameP95.toFixed(1)} / ${result.frameP99.toFixed(1)} / ${result.frameMax.toFixed(1)} ms (${result.frames} frames) |`);
  console.log(`| renderer main thread, whole scroll: tasks / script / layout / style | ${cpu('TaskDuration').toFixed(0)} / ${cpu('ScriptDuration').toFixed(0)} / ${cpu('LayoutDuration').toFixed(0)} / ${cpu('RecalcStyleDuration').toFixed(0)} ms |`);
  console.log(`| renderer main thread per page (12 cards): tasks / script | ${(cpu('TaskDuration') / pages).toFixed(1)} / ${(cpu('ScriptDuration') / pages).toFixed(1)} ms |`);
  console.log(`| long tasks (> 50 ms): count / max / total | ${result.longTasks} / ${result.longTaskMax.toFixed(0)} ms / ${result.longTaskTotal.toFixed(0)} ms |`);
  console.log(`| first page's cards kept, mutations inside them | ${result.firstCardsKept ? 'yes' : 'NO'}, ${result.firstCardsMutations} |`);
  console.log(`| JS heap after scroll | ${result.heapMB === null ? 'n/a' : `${result.heapMB.toFixed(1)} MB`} |`);
  console.log(`| DOM elements after scroll | ${result.domNodes} |`);
} finally {
  await browser.close();
  child.kill();
}
