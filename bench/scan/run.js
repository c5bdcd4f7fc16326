// Scan benchmark: a synthetic library of WORKS works x 20 files
// (hard links to a few real fixture files, so it costs no disk), metadata fetching off.
// Prints: first full scan, a rescan with no changes (quick, as `audiolib scan`; and full,
// as `audiolib scan --full` and the server), a rescan after 100 works were added, the scans'
// peak RSS, and the p50/p99 of GET /api/works while the first scan runs.
// Usage: npm run build:server && node bench/scan/run.js [WORKS=10000]
// Each scan runs in a child process (bench/scan/scan-child.js); the server runs here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openServices } from '../../dist/server/services.js';
import { startServer, stopServer } from '../../dist/server/app.js';
import { ensureAdmin } from '../../dist/users/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '..', '..', 'test', 'fixtures', 'library');
const WORKS = Number(process.argv[2] ?? 10_000);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-bench-scan-'));
const lib = path.join(root, 'library');
const dataDir = path.join(root, 'data');

// The files of one synthetic work: 14 audio in 4 formats, 3 lyrics, 2 images, 1 text.
const src = (p) => path.join(fixtures, p);
const A = 'RJ01012345 【癒やし】雨音と耳かきの夜';
const R = 'RJ299717/Rain Day ASMR';
const B = '[B-bishop]/RJ173248 搾精天使ピュアミルク';
const LAYOUT = [
  ...Array.from({ length: 6 }, (_, i) => [`mp3/${String(i + 1).padStart(2, '0')} track.mp3`, src(`${A}/01_プロローグ.mp3`)]),
  ...Array.from({ length: 3 }, (_, i) => [`mp3/${String(i + 1).padStart(2, '0')} track.lrc`, src(`${A}/01_プロローグ.lrc`)]),
  ...Array.from({ length: 4 }, (_, i) => [`flac/${String(i + 1).padStart(2, '0')} track.flac`, src(`${R}/flac/01 Rain.flac`)]),
  ['m4a/bonus.m4a', src(`${B}/Track01.m4a`)],
  ['ogg/bonus 1.ogg', src(`${B}/Track02.ogg`)],
  ['ogg/bonus 2.ogg', src(`${B}/Track02.ogg`)],
  ['ogg/bonus 3.ogg', src(`${B}/Track02.ogg`)],
  ['cover.png', src(`${R}/cover.png`)],
  ['images/extra.png', src(`${R}/cover.png`)],
  ['readme.txt', src(`${A}/readme.txt`)],
];

function makeWorks(from, count) {
  for (let i = from; i < from + count; i++) {
    const dir = path.join(lib, `circle ${i % 100}`, `RJ${String(1_000_000 + i).padStart(8, '0')} synthetic work ${i}`);
    for (const [rel, file] of LAYOUT) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.linkSync(file, path.join(dir, rel));
    }
  }
}

function scan(mode = 'quick') {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'scan-child.js'), dataDir, lib, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`scan exited ${code}`))));
  });
}

/** Requests GET /api/works (random pages) back to back until `until` resolves; answers the latencies in ms. */
async function hammer(url, token, until) {
  let done = false;
  until.then(() => (done = true), () => (done = true));
  const latencies = [];
  const lane = async () => {
    while (!done) {
      const page = 1 + Math.floor(Math.random() * 20);
      const t = performance.now();
      const res = await fetch(`${url}/api/works?page=${page}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/works answered ${res.status}`);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all([lane(), lane()]);
  return latencies;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const fmt = (r) => `${(r.ms / 1000).toFixed(1)} s (CPU ${r.cpuS.toFixed(1)} s), peak RSS ${r.maxRssMb.toFixed(0)} MB, ${JSON.stringify(r.counts)}`;

const t = performance.now();
makeWorks(0, WORKS);
const made = performance.now();
console.log(`library: ${WORKS} works x ${LAYOUT.length} files (hard links) in ${((made - t) / 1000).toFixed(1)} s at ${lib}`);

const services = await openServices(dataDir);
await ensureAdmin(services.db, 'bench-password');
const server = await startServer(services, 0, '127.0.0.1');
const url = `http://127.0.0.1:${server.address().port}`;
const login = await fetch(`${url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'admin', password: 'bench-password' }) });
const { token } = await login.json();

// a real library's folders are older than the quick mode's settle time (5 s) when it is scanned
await new Promise((r) => setTimeout(r, Math.max(0, 5500 - (performance.now() - made))));
const first = scan();
const latencies = await hammer(url, token, first);
const r1 = await first;
console.log(`first scan:            ${fmt(r1)}`);
console.log(`GET /api/works during the first scan: ${latencies.length} requests, p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`);
const r2 = await scan();
console.log(`rescan, no changes:    ${fmt(r2)}`);
const r2f = await scan('full');
console.log(`rescan, no changes, --full: ${fmt(r2f)}`);
makeWorks(WORKS, 100);
const r3 = await scan();
console.log(`rescan, +100 works:    ${fmt(r3)}`);
console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

await stopServer(server, 0);
await services.db.destroy();
fs.rmSync(root, { recursive: true, force: true });
