/**
 * Soak: many listeners using one server for minutes while scans run in another process.
 *
 *   npm run build:server
 *   node bench/soak/run.js --db sqlite --seconds 300 --listeners 50
 *   node bench/soak/run.js --db pg --seconds 300 --listeners 50     # a throwaway PostgreSQL cluster (initdb, pg_ctl)
 *   node bench/soak/run.js --db postgres://USER@HOST/DB ...          # an existing, empty database
 *
 * Options (defaults): --db sqlite, --seconds 300, --listeners 50, --works 300 (works in the
 * library before the load), --scan-batch 100 (works each scan in the other process finds),
 * --json (one JSON document on stdout instead of the text summary), --keep (keep the
 * temporary folder: data directory, library, cluster).
 *
 * What runs: a temporary data directory and a generated library (work folders RJ01100000
 * on, three short mp3 tracks each, hard links to a fixture file), scanned once by
 * `audiolib scan --no-fetch`; `audiolib serve` in a child process on a free port (fetchMetadata
 * off); the listeners, user accounts added through the admin API (POST
 * /api/credentials/user), each signed in. For --seconds, each listener
 * - saves its play history once a second (PUT /api/histroy, as the web player does on a
 *   seek or a track change; it moves to another work every 30 saves), and
 * - browses once a second: a works list page (GET /api/works, random page, default or
 *   random order), then a work's detail (GET /api/work/:id) and its track tree (GET
 *   /api/tracks/:id), in turn;
 * while `audiolib scan --no-fetch` runs back to back in another process, each time after
 * --scan-batch new work folders were added to the library (as a cron scan finding new works).
 * At the end each listener's history is read back (GET /api/histroy): the last state it
 * saved must be there.
 *
 * Prints (stderr: progress every 30 s; stdout: the summary):
 * - errors: every answer that is not 2xx or that did not come within 30 s, every scan that
 *   did not exit 0, and every listener whose last save did not read back, by kind (must be 0;
 *   the exit code is 1 otherwise);
 * - saves: count, p50, p99 and max in ms (measured by this process, the client, which runs
 *   on the same cores as the server and the scans: the figures include its own delays);
 * - browsing: count, p50, p99 in ms;
 * - scans: how many ran, the works they added, the longest;
 * - the server's resident memory (RSS, /proc/PID/status): at the start of the load, the
 *   highest sampled once a second, and at the end.
 *
 * The PostgreSQL cluster of --db pg keeps PostgreSQL's defaults (fsync and synchronous
 * commit on, as a production server would), listens on a unix socket in the temporary
 * folder only, and runs as the `postgres` user when this script runs as root. It is stopped
 * and removed at the end (unless --keep).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', '..', 'bin', 'audiolib.js');
const TRACK = path.join(here, '..', '..', 'test', 'fixtures', 'library', 'RJ01012345 【癒やし】雨音と耳かきの夜', '03_おやすみ.mp3');

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const DB = arg('--db', 'sqlite');
const SECONDS = Number(arg('--seconds', '300'));
const LISTENERS = Number(arg('--listeners', '50'));
const WORKS = Number(arg('--works', '300'));
const SCAN_BATCH = Number(arg('--scan-batch', '100'));
const JSON_OUT = args.includes('--json');
const KEEP = args.includes('--keep');
if (!['sqlite', 'pg'].includes(DB) && !DB.startsWith('postgres')) throw new Error(`--db sqlite, pg or a postgres:// URL (got ${DB})`);
for (const [name, v] of [['--seconds', SECONDS], ['--listeners', LISTENERS], ['--works', WORKS], ['--scan-batch', SCAN_BATCH]]) {
  if (!(v > 0)) throw new Error(`${name} must be a positive number`);
}

/** A request not answered within this counts as an error. */
const ANSWER_MS = 30_000;
const ADMIN_PASSWORD = 'soak-admin-password';
const LISTENER_PASSWORD = 'soak-listener-password';
const FIRST_ID = 1_100_000;

const log = (line) => process.stderr.write(`soak: ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-soak-'));
const dataDir = path.join(root, 'data');
const library = path.join(root, 'library');
fs.mkdirSync(dataDir, { mode: 0o700 });
fs.mkdirSync(library);

// ---------------------------------------------------------------- PostgreSQL cluster

/** The folder of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error('PostgreSQL binaries not found (install the postgresql package, or set PG_BIN)');
  return path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root (the server refuses root). */
function runPg(name, argv) {
  const file = path.join(pgBin(), name);
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...argv] : argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A TCP port nobody listens on right now (PostgreSQL names its socket file after it). */
async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

/** Starts a throwaway cluster in root/pg with database `audiolib_soak`; answers {url, stop}. */
async function startCluster() {
  const folder = path.join(root, 'pg');
  fs.mkdirSync(folder);
  if (process.getuid?.() === 0) {
    fs.chmodSync(root, 0o711);
    execFileSync('chown', ['postgres:', folder]);
  }
  const data = path.join(folder, 'data');
  const port = await freePort();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // not running
    }
  };
  runPg('initdb', ['-D', data, '-U', 'audiolib', '--auth-local=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  runPg('pg_ctl', ['-D', data, '-l', path.join(folder, 'log'), '-o', `-p ${port} -k ${folder} -c listen_addresses=''`, '-w', 'start']);
  execFileSync(path.join(pgBin(), 'createdb'), ['-h', folder, '-p', String(port), '-U', 'audiolib', 'audiolib_soak'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { url: `postgres://audiolib@localhost:${port}/audiolib_soak?host=${encodeURIComponent(folder)}`, stop };
}

// ---------------------------------------------------------------- library and processes

let worksMade = 0;
/** Adds `count` work folders (three tracks each, hard links to one fixture file) to the library. */
function addWorks(count) {
  for (let n = 0; n < count; n++, worksMade++) {
    const dir = path.join(library, `RJ${String(FIRST_ID + worksMade).padStart(8, '0')} soak work ${worksMade}`);
    fs.mkdirSync(dir);
    for (const name of ['01 intro.mp3', '02 main.mp3', '03 outro.mp3']) {
      try {
        fs.linkSync(TRACK, path.join(dir, name));
      } catch {
        fs.copyFileSync(TRACK, path.join(dir, name)); // another file system
      }
    }
  }
}

/** Runs `audiolib --data-dir DATA scan --no-fetch --json LIBRARY`; answers {code, ms, summary, stderr}. */
function scanOnce() {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, '--data-dir', dataDir, 'scan', '--no-fetch', '--json', library], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      let summary = null;
      try {
        summary = JSON.parse(stdout);
      } catch {
        // no summary: the error is on stderr
      }
      resolve({ code, ms: performance.now() - started, summary, stderr });
    });
  });
}

/** Starts `audiolib serve` on a free port of 127.0.0.1; answers {child, base} once it serves. */
function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--data-dir', dataDir, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, AUDIOLIB_ADMIN_PASSWORD: ADMIN_PASSWORD },
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /serving .* on (http:\/\/\S+:\d+)/.exec(err);
      if (m) resolve({ child, base: m[1].replace('localhost', '127.0.0.1'), stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}: ${err}`)));
  });
}

/** The resident memory of process `pid` in MB (VmRSS), or NaN once it has exited. */
function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------- requests and figures

const errors = new Map();
/** Counts one error of `kind` (e.g. 'save 500 database is locked'). */
const fail = (kind) => errors.set(kind.slice(0, 160), (errors.get(kind.slice(0, 160)) ?? 0) + 1);

/** One API call; answers {status, body, ms}; status 0 when no answer came within ANSWER_MS. */
async function call(base, method, urlPath, token, body) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(ANSWER_MS) });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, body: { error: err.message }, ms: performance.now() - started };
  }
}

/** Counts `answer` as an error of `what` unless it is 2xx; answers whether it was. */
function ok(what, answer) {
  if (answer.status >= 200 && answer.status < 300) return true;
  fail(`${what} ${answer.status} ${answer.body?.error ?? (typeof answer.body === 'string' ? answer.body : '')}`);
  return false;
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '-');
const mb = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} MB` : '-');

// ---------------------------------------------------------------- the run

let cluster = null;
let server = null;
const cleanUp = () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  cluster?.stop();
  if (!KEEP) fs.rmSync(root, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

try {
  const config = { fetchMetadata: false };
  if (DB === 'pg') {
    cluster = await startCluster();
    config.db = cluster.url;
  } else if (DB !== 'sqlite') config.db = DB;
  fs.writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
  const engine = DB === 'sqlite' ? 'SQLite' : 'PostgreSQL';

  addWorks(WORKS);
  const first = await scanOnce();
  if (first.code !== 0) throw new Error(`the first scan exited ${first.code}: ${first.stderr}`);
  log(`${engine}: ${first.summary?.added ?? '?'} works scanned in ${(first.ms / 1000).toFixed(1)} s; starting the server`);

  server = await startServer();
  const { base } = server;
  const admin = await call(base, 'POST', '/api/auth/me', null, { name: 'admin', password: ADMIN_PASSWORD });
  if (admin.status !== 200) throw new Error(`admin sign-in answered ${admin.status}`);
  const listeners = [];
  for (let i = 0; i < LISTENERS; i++) {
    const name = `soaker${i}`;
    const added = await call(base, 'POST', '/api/credentials/user', admin.body.token, { name, password: LISTENER_PASSWORD, group: 'user' });
    if (added.status !== 200) throw new Error(`adding ${name} answered ${added.status}: ${JSON.stringify(added.body)}`);
    const login = await call(base, 'POST', '/api/auth/me', null, { name, password: LISTENER_PASSWORD });
    if (login.status !== 200) throw new Error(`${name}'s sign-in answered ${login.status}`);
    listeners.push({ name, token: login.body.token, last: null });
  }
  const pageCount = Math.max(1, Math.ceil(WORKS / 12));
  log(`${LISTENERS} listeners signed in; load for ${SECONDS} s`);

  const pid = server.child.pid;
  const rss = { start: rssMb(pid), max: rssMb(pid), end: NaN };
  const saves = [];
  const browses = [];
  const scans = [];
  const started = Date.now();
  const endAt = started + SECONDS * 1000;
  const running = () => Date.now() < endAt;

  const sampler = setInterval(() => {
    const now = rssMb(pid);
    if (now > rss.max) rss.max = now;
  }, 1000);
  const progress = setInterval(() => {
    const failed = [...errors.values()].reduce((a, b) => a + b, 0);
    log(`${Math.round((Date.now() - started) / 1000)} s: ${saves.length} saves, ${browses.length} browsing requests, ${scans.length} scans, ${failed} errors, server RSS ${mb(rssMb(pid))}`);
  }, 30_000);

  /** Waits until `tick` seconds after `t0` (a listener's loops keep their pace; a late request is not made up for). */
  const waitTick = async (t0, tick) => {
    const wait = t0 + tick * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
  };

  const saveLoop = async (l, i) => {
    const t0 = Date.now() + Math.random() * 1000; // listeners spread over the second
    for (let tick = 0; running(); tick++) {
      await waitTick(t0, tick);
      if (!running()) break;
      const workId = FIRST_ID + ((i * 7 + Math.floor(tick / 30)) % WORKS);
      const state = { queue: [{ hash: `${workId}/1`, title: '01 intro.mp3' }, { hash: `${workId}/2`, title: '02 main.mp3' }], index: tick % 2, seconds: tick };
      const answer = await call(base, 'PUT', '/api/histroy', l.token, { work_id: workId, state });
      saves.push(answer.ms);
      if (ok('save', answer)) l.last = { workId, state };
    }
  };
  const browseLoop = async (l, i) => {
    const t0 = Date.now() + Math.random() * 1000;
    for (let tick = 0; running(); tick++) {
      await waitTick(t0, tick);
      if (!running()) break;
      const workId = FIRST_ID + ((i * 13 + tick) % WORKS);
      const page = 1 + Math.floor(Math.random() * pageCount);
      const urlPath = [
        tick % 6 === 0 ? `/api/works?page=${page}&order=random&seed=${i}` : `/api/works?page=${page}`,
        `/api/work/${workId}`,
        `/api/tracks/${workId}`,
      ][tick % 3];
      const answer = await call(base, 'GET', urlPath, l.token);
      browses.push(answer.ms);
      ok(`browse ${urlPath.replace(/\d+/g, 'N')}`, answer);
    }
  };
  const scanLoop = async () => {
    while (running()) {
      addWorks(SCAN_BATCH);
      const result = await scanOnce();
      scans.push(result);
      if (result.code !== 0) fail(`scan exit ${result.code} ${result.stderr.trim().split('\n').at(-1) ?? ''}`);
      if (running()) await sleep(1000);
    }
  };

  await Promise.all([...listeners.flatMap((l, i) => [saveLoop(l, i), browseLoop(l, i)]), scanLoop()]);
  clearInterval(progress);

  // every listener's last successful save reads back
  let readBack = 0;
  for (const l of listeners) {
    if (!l.last) continue;
    const answer = await call(base, 'GET', '/api/histroy?page=1', l.token);
    if (!ok('read back', answer)) continue;
    const work = (answer.body.works ?? []).find((w) => w.id === l.last.workId);
    if (work && JSON.stringify(work.state) === JSON.stringify(l.last.state)) readBack++;
    else fail(`read back: a listener's last save is not what GET /api/histroy shows`);
  }
  clearInterval(sampler);
  rss.end = rssMb(pid);
  if (rss.end > rss.max) rss.max = rss.end;

  saves.sort((a, b) => a - b);
  browses.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const added = scans.reduce((a, s) => a + (s.summary?.added ?? 0), 0);
  const result = {
    engine,
    listeners: LISTENERS,
    seconds: SECONDS,
    errors: errorCount,
    errorKinds: Object.fromEntries(errors),
    saves: { count: saves.length, p50: pct(saves, 0.5), p99: pct(saves, 0.99), max: saves.at(-1) ?? NaN },
    browsing: { count: browses.length, p50: pct(browses, 0.5), p99: pct(browses, 0.99) },
    scans: { count: scans.length, failed: scans.filter((s) => s.code !== 0).length, worksAdded: added, longestS: Math.max(0, ...scans.map((s) => s.ms)) / 1000 },
    readBack: { listeners: listeners.filter((l) => l.last).length, matched: readBack },
    serverRssMb: rss,
    loadAverage: fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
  if (JSON_OUT) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const lines = [
      `audiolib soak on ${engine}: ${LISTENERS} listeners, ${SECONDS} s, a scan in another process all along (load average at the end ${result.loadAverage})`,
      `errors: ${errorCount}${errorCount ? '' : ' (none)'}`,
      ...Object.entries(result.errorKinds).map(([kind, n]) => `  ${n} x ${kind}`),
      `saves (PUT /api/histroy): ${saves.length}, p50 ${ms(result.saves.p50)}, p99 ${ms(result.saves.p99)}, max ${ms(result.saves.max)}`,
      `browsing (works pages, work detail, track tree): ${browses.length}, p50 ${ms(result.browsing.p50)}, p99 ${ms(result.browsing.p99)}`,
      `scans in another process: ${scans.length} (${result.scans.failed} failed), ${added} works added, longest ${result.scans.longestS.toFixed(1)} s`,
      `last saves read back: ${readBack} of ${result.readBack.listeners} listeners`,
      `server RSS: start ${mb(rss.start)}, max ${mb(rss.max)}, end ${mb(rss.end)}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  await new Promise((resolve) => {
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });
  process.exitCode = errorCount ? 1 : 0;
} catch (err) {
  log(err.stack ?? String(err));
  process.exitCode = 2;
} finally {
  cleanUp();
}
