/**
 * Catalogue benchmark: builds the synthetic catalogue (seed.js) in a data
 * directory, starts `audiolib serve` on it in a child process (server.js: measured once
 * the server has read the works into memory, as it does at every start), signs in as `bench0` and
 * measures each listener call, and the players' calls at /rest with an API key of
 * `bench0` (the last, ping, is the floor: the key's check and an empty answer), with
 * autocannon (10 connections, or --connections N): p50, p99 latency (ms) and requests
 * per second, plus the server's CPU time per request (user + system, from /proc: a figure
 * that other load on the machine does not inflate). Prints a Markdown
 * table; the target is p99 <= 25 ms. The "cold" column is each call's first request after
 * a catalogue change (a write to one work from this process, as a scan in another process
 * makes it), the median of three rounds 300 ms apart; its target is <= 25 ms too.
 *
 *   npm run build:server && node bench/catalogue/run.js [--data-dir DIR] [--seconds N] [--db postgres://...] [--only TEXT] [--connections N] [--warmup S]
 *
 * The data directory is kept (default /tmp/audiolib-bench-catalogue) and re-seeded only
 * when it has no database, so a second run skips the minute of seeding. With --db the
 * server runs on that PostgreSQL database instead, filled from the seeded SQLite file by
 * `audiolib db copy` when it is empty (the copy's time is printed).
 * --only TEXT runs only the calls whose name contains TEXT (e.g. `--only Subsonic`).
 * --warmup S: seconds of the same load before each call's measured run, not counted
 * (default 1; 0 for none): without it the first call measured after the server starts
 * also pays for compiling its code and, on PostgreSQL, for the pool's new connections,
 * whose first statements plan slowly (a new backend's catalog caches are empty), and its
 * p99 is a start-up figure. What a change costs the first request is the cold column.
 * --connections N: requests in flight at once (each connection sends its next request when
 * its answer arrives). With 10 the server is saturated and p50 is about 10 / (req/s): p99
 * then measures throughput; with 1 it is one client's latency.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import knex from 'knex';
import { seedCatalogue } from './seed.js';
import { startBenchServer } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const dataDir = path.resolve(arg('--data-dir', '/tmp/audiolib-bench-catalogue'));
const seconds = Number(arg('--seconds', '10'));
const only = arg('--only', '');
const dbUrl = arg('--db', '');
const connections = Number(arg('--connections', '10'));
const warmup = Number(arg('--warmup', '1'));
const bin = path.join(here, '..', '..', 'bin', 'audiolib.js');

/** The players' parameters; APIKEY becomes bench0's key (created through /api/player-access/keys). */
const SUBSONIC = 'f=json&v=1.16.1&c=bench&apiKey=APIKEY';
const advanced = JSON.stringify([{ t: 'tag', d: '耳かき' }, { t: 'fuzzy', d: '雨音' }, { t: 'VA', d: '声優1' }]);
const SCENARIOS = [
  ['first page, default sort', '/api/works?page=1&order=release&sort=desc'],
  ['page 5,000', '/api/works?page=5000&order=release&sort=desc'],
  ['random order, seed 42, page 3', '/api/works?page=3&order=random&seed=42'],
  ['tag filter', '/api/tags/40/works?page=2'],
  ['VA filter', null], // path filled once a VA id is known
  ['keyword search', `/api/search?keyword=${encodeURIComponent('癒やし 耳かき')}&page=2`],
  ['advanced search, 3 keywords', `/api/search?isAdvance=1&keyword=${encodeURIComponent(advanced)}`],
  ['GET /api/tags/', '/api/tags/'],
  ['GET /api/review', '/api/review?order=updated_at&sort=desc&page=2'],
  ['Subsonic getAlbumList2 random, 20', `/rest/getAlbumList2?type=random&size=20&${SUBSONIC}`],
  ['Subsonic getAlbumList2 newest, 20', `/rest/getAlbumList2?type=newest&size=20&${SUBSONIC}`],
  ['Subsonic search3, 20 artists, albums and songs', `/rest/search3?query=${encodeURIComponent('耳かき')}&${SUBSONIC}`],
  ['Subsonic getGenres', `/rest/getGenres?${SUBSONIC}`],
  // the floor of this machine and load: the key's check (one statement) and an empty answer
  ['Subsonic ping (floor: key check, empty answer)', `/rest/ping?${SUBSONIC}`],
];

/** CPU time (ms, user + system) used so far by process `pid`, from /proc/PID/stat. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

const run = (url, token, duration = seconds) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: { authorization: `Bearer ${token}` } }, (err, result) => (err ? reject(err) : resolve(result)));
  });

if (!fs.existsSync(path.join(dataDir, 'audiolib.sqlite3'))) {
  process.stderr.write(`seeding ${dataDir} ...\n`);
  await seedCatalogue(dataDir);
}
if (dbUrl) {
  // an empty target is filled from the seeded SQLite file; one already filled is kept (exit 2)
  const started = Date.now();
  const copy = spawnSync(process.execPath, [bin, '--data-dir', dataDir, 'db', 'copy', '--to', dbUrl, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (copy.status === 0) process.stderr.write(`copied to PostgreSQL in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  else if (copy.status !== 2) throw new Error(`db copy failed (exit ${copy.status})`);
}
const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const { child, base, token } = await startBenchServer({ dataDir, dbUrl, echo: true });
try {
  const vas = await (await fetch(`${base}/api/vas/`, { headers: { authorization: `Bearer ${token}` } })).json();
  SCENARIOS[4][1] = `/api/vas/${vas[0].id}/works?page=2`;
  const created = await fetch(`${base}/api/player-access/keys`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench' }) });
  const { key } = await created.json();

  // the catalogue change before each cold request: one work's row rewritten, which moves catalogue_version
  const writer = dbUrl ? knex({ client: 'pg', connection: dbUrl }) : knex({ client: 'sqlite3', connection: { filename: path.join(dataDir, 'audiolib.sqlite3') }, useNullAsDefault: true });
  const touch = () => writer.raw('UPDATE works SET updated_at = updated_at WHERE id = (SELECT min(id) FROM works)');
  const cold = async (url) => {
    const times = [];
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 300)); // what the last request left for later (a list's patch) is done: each round is a first request alone
      await touch();
      const started = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      await res.text();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[1];
  };

  const rows = [];
  for (const [name, shown] of SCENARIOS) {
    if (!name.includes(only)) continue;
    const p = shown.replace('APIKEY', key);
    const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200 || (p.startsWith('/rest/') && JSON.parse(text)['subsonic-response'].status !== 'ok')) throw new Error(`${shown}: ${res.status} ${text.slice(0, 300)}`);
    if (warmup > 0) await run(base + p, token, warmup); // not measured: the call's code compiled, the pool's connections opened
    const cpuBefore = cpuMs(child.pid);
    const r = await run(base + p, token);
    const cpu = (cpuMs(child.pid) - cpuBefore) / r.requests.total;
    const coldMs = await cold(base + p); // after the load: a running server's code is compiled; what is left is the change's own cost
    if (r.non2xx || r.errors) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    rows.push({ name, path: shown.replace('APIKEY', '…'), p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average), cpu: cpu.toFixed(2), cold: Math.round(coldMs) });
    process.stderr.write(`${name}: cold ${Math.round(coldMs)} ms, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, ${cpu.toFixed(2)} ms CPU/request\n`);
  }
  await writer.destroy();
  console.log(`load average before: ${loadBefore}, after: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ${connections} connections, ${seconds} s a call after ${warmup} s of warm-up\n`);
  console.log('| call | cold (ms) | p50 (ms) | p99 (ms) | req/s | server CPU ms/req |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} (\`${decodeURIComponent(r.path)}\`) | ${r.cold} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.cpu} |`);
  const over = rows.filter((r) => r.p99 > 25);
  console.log(over.length ? `\np99 above 25 ms: ${over.map((r) => r.name).join(', ')}` : '\nevery p99 <= 25 ms');
  const slow = rows.filter((r) => r.cold > 25);
  console.log(slow.length ? `cold above 25 ms: ${slow.map((r) => r.name).join(', ')}` : 'every cold request <= 25 ms');
} finally {
  child.kill('SIGTERM');
}
