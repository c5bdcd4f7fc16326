/**
 * The first request after a pause: starts `audiolib serve` on the catalogue benchmark's
 * data directory (seeded by run.js), signs in as `bench0`, sends PATH 30 times, then
 * `--rounds` times waits `--idle` seconds without requests and sends PATH twice. Prints
 * each round's two answer times (ms, one client): what a listener who paused on a page
 * waits for the next. On PostgreSQL the first one shows whether the pool kept its
 * connections through the pause (a new connection costs a new backend process with empty
 * caches).
 *
 *   npm run build:server && node bench/catalogue/idle.js [PATH] [--data-dir DIR] [--db postgres://…] [--idle S] [--rounds N]
 *
 * PATH defaults to the first page, '/api/works?page=1&order=release&sort=desc'; --idle 35
 * (beyond knex's default idle time of 30 s), --rounds 2.
 */
import path from 'node:path';
import { startBenchServer } from './server.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const target = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : '/api/works?page=1&order=release&sort=desc';
const dataDir = path.resolve(arg('--data-dir', '/tmp/audiolib-bench-catalogue'));
const dbUrl = arg('--db', '');
const idleMs = Number(arg('--idle', '35')) * 1000;
const rounds = Number(arg('--rounds', '2'));

const { child, base, token } = await startBenchServer({ dataDir, dbUrl });

/** One request of PATH; answers its time in ms. */
async function timed() {
  const started = performance.now();
  const res = await fetch(base + target, { headers: { authorization: `Bearer ${token}` } });
  await res.text();
  if (res.status !== 200) throw new Error(`${target}: ${res.status}`);
  return performance.now() - started;
}

for (let i = 0; i < 30; i++) await timed();
const lines = [];
for (let r = 1; r <= rounds; r++) {
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  lines.push(`after ${idleMs / 1000} s idle: ${(await timed()).toFixed(1)} ms, then ${(await timed()).toFixed(1)} ms`);
}
child.kill('SIGTERM');
console.log(`${target} on ${dbUrl ? 'PostgreSQL' : 'SQLite'}:\n  ${lines.join('\n  ')}`);
