#!/usr/bin/env node
/**
 * The README's first command ends here (`npm run demo` = `npm run build`, then this), on the
 * built dist/:
 * 1. a demo data directory (.demo-data/, SQLite) with the bundled sample library
 *    (test/fixtures/library) as its root folder; a second run reuses it;
 * 2. the recorded store (dist/metadata/recorded-store.js, the one the tests use) on a free
 *    127.0.0.1 port, answering the recorded DLsite and HVDB pages and covers of
 *    test/fixtures, and the demo's own store pages (scripts/demo-store: new releases that
 *    are not in the sample library, with their covers and trial archives); the data
 *    directory's config points dlsiteBaseUrl, dlsiteImgBaseUrl, hvdbBaseUrl and
 *    dlsiteTrialBaseUrl at it (again on every run: the port changes);
 * 3. `audiolib scan`, which fetches the metadata (circles, voice actors, tags, prices,
 *    sales, ratings, covers) from that store;
 * 4. `audiolib trial fetch`: the store's new releases into the trial catalogue (/fake/works),
 *    to try, dislike and download;
 * 5. `audiolib serve` on 127.0.0.1 (this machine only: the demo's admin password is
 *    well known) unless --host says otherwise;
 * 6. once it answers HTTP, two novels from the recorded novel pages of
 *    test/fixtures/novel-site (parsed as the add form's spider parses a page, added through
 *    POST /api/novel/work/ as the admin) when the novel section is empty, so /novel/works
 *    shows them; then the address and the login are printed, last.
 * The store answers as long as the demo runs, so scans started from the web fetch from it
 * too. Ctrl-C (SIGINT) or SIGTERM stops the server and the store.
 * Options: --port N (default AUDIOLIB_PORT, else 8888), --host H (default 127.0.0.1;
 * 0.0.0.0 for every address). Env: AUDIOLIB_DATA_DIR (default .demo-data),
 * AUDIOLIB_ADMIN_PASSWORD (default audiolib-demo; used when the data directory has no admin
 * yet). Exit code: the server's; 2 for a bad --port or a scan that could not run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.env.AUDIOLIB_DATA_DIR || path.join(root, '.demo-data'));
const fixtures = path.join(root, 'test', 'fixtures');
const library = path.join(fixtures, 'library');
const password = process.env.AUDIOLIB_ADMIN_PASSWORD || 'audiolib-demo';
const cli = path.join(root, 'bin', 'audiolib.js');
/** How often the demo asks the starting server whether it answers, in ms. */
const POLL_MS = 200;

const fail = (message) => {
  process.stderr.write(`audiolib demo: ${message}\n`);
  process.exit(2);
};

let portText;
let host;
try {
  const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' } } });
  portText = values.port ?? process.env.AUDIOLIB_PORT ?? '8888';
  host = values.host ?? '127.0.0.1';
} catch (err) {
  fail(`${err.message} (usage: npm run demo -- [--port N] [--host H])`);
}
const port = Number(portText);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`invalid port: ${portText}`);
if (!host) fail('invalid host: empty (usage: npm run demo -- [--port N] [--host H])');
/** Whether `host` is every address (then this machine reaches the server on the loopback). */
const everyAddress = ['0.0.0.0', '::'].includes(host);
/** The address this script and the banner use to reach the server. */
const reach = everyAddress || host === '127.0.0.1' ? 'localhost' : net.isIPv6(host) ? `[${host}]` : host;
const pollUrl = `http://${everyAddress ? '127.0.0.1' : net.isIPv6(host) ? `[${host}]` : host}:${port}`;

/** Whether nothing listens on `port` yet (the server would fail to start, and the demo would point at another program). */
async function portFree(port) {
  const probe = net.createServer();
  const free = await new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, () => resolve(true));
  });
  if (free) await new Promise((resolve) => probe.close(resolve));
  return free;
}
if (!(await portFree(port))) fail(`port ${port} is in use: pick another with --port N or AUDIOLIB_PORT`);

const { ensureDataDir, loadConfig, saveConfig } = await import(path.join(root, 'dist', 'config', 'index.js'));
const { startRecordedStore } = await import(path.join(root, 'dist', 'metadata', 'recorded-store.js'));

const store = await startRecordedStore({ fixturesDir: fixtures, overlayDir: path.join(root, 'scripts', 'demo-store') });
ensureDataDir(dataDir);
const config = loadConfig(dataDir);
const rootFolders = [...config.rootFolders.filter((r) => r.name !== 'sample' && r.path !== library), { name: 'sample', path: library }];
saveConfig(dataDir, { ...config, rootFolders, ...store.config });

/** The child running now (the scan, then the server): signals go to it. */
let child = null;
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    if (child) child.kill(sig);
    else void store.close().then(() => process.exit(0));
  });
}

/** Runs the CLI with `args`, output on this terminal; resolves with its exit code. */
async function cliRun(args, env = process.env) {
  child = spawn(process.execPath, [cli, '--data-dir', dataDir, ...args], { stdio: 'inherit', env });
  const [code, signal] = await once(child, 'exit');
  child = null;
  return code ?? (signal ? 1 : 0);
}

const scanned = await cliRun(['scan']);
if (stopping) {
  await store.close();
  process.exit(0);
}
if (scanned === 2) {
  await store.close();
  fail('the scan could not run (see above)');
}

// the store's new releases into the trial catalogue; a failure leaves it as it was (the demo goes on)
await cliRun(['trial', 'fetch']);
if (stopping) {
  await store.close();
  process.exit(0);
}

const serving = cliRun(['serve', '--port', String(port), '--host', host], { ...process.env, AUDIOLIB_ADMIN_PASSWORD: password });
let exited = false;
void serving.then(async (code) => {
  exited = true;
  await store.close();
  process.exit(code);
});
// The server prints its own lines while it starts; the demo's line comes after them.
while (!exited) {
  const answered = await fetch(`${pollUrl}/api/version`).then(() => true, () => false);
  if (answered) break;
  await sleep(POLL_MS);
}

/** The recorded novel pages the demo adds, and the addresses they stand for (never fetched). */
const NOVEL_PAGES = [
  { file: 'book-og.html', url: 'https://novels.example/book/20481/' },
  { file: 'book-gbk.html', url: 'https://novels.example/gbk/40002/' },
];

/**
 * Adds the recorded novels through the API as the admin when the novel section has none
 * (a second run finds them). Answers a line saying what happened.
 */
async function addNovels() {
  const { decodeHtml, parseNovelPage } = await import(path.join(root, 'dist', 'novels', 'spider.js'));
  const call = async (method, urlPath, token, body) => {
    const res = await fetch(`${pollUrl}${urlPath}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${answer.error ?? ''}`.trim());
    return answer;
  };
  const { token } = await call('POST', '/api/auth/me', null, { name: 'admin', password });
  const { pagination } = await call('GET', '/api/novel/works?page=1', token);
  if (pagination.totalCount > 0) return `the novel section has ${pagination.totalCount} novels`;
  for (const page of NOVEL_PAGES) {
    const form = parseNovelPage(decodeHtml(fs.readFileSync(path.join(fixtures, 'novel-site', page.file)), 'text/html'), page.url);
    // no cover address: the demo fetches nothing from the network
    await call('POST', '/api/novel/work/', token, { ...form, cover: '' });
  }
  return `added ${NOVEL_PAGES.length} novels from recorded novel pages`;
}

if (!exited) {
  const novels = await addNovels().catch((err) => `novels not added (${err.message})`);
  process.stderr.write(`audiolib demo: ${novels}\n`);
}
if (!exited) {
  process.stderr.write(`\naudiolib demo: open http://${reach}:${port} and log in as admin / ${password}\n` +
    `  (metadata and covers come from recorded DLsite and HVDB pages served at ${store.url}; Ctrl-C stops)\n\n`);
}
