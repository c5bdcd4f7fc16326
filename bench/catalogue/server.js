/**
 * `audiolib serve` for the catalogue benchmark's scripts (run.js, profile.js, idle.js):
 * started on a free port of 127.0.0.1 on the benchmark's data directory (and a PostgreSQL
 * database with `dbUrl`), signed in as `bench0`, once it has read the works into memory.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD } from './seed.js';

const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'audiolib.js');

/** Seconds to wait for the server's "N works read into memory" line (100,000 works: 4-5 s). */
const PRELOAD_LIMIT_S = 180;

/**
 * Starts the server with `nodeArgs` before the script (e.g. --cpu-prof), signs in, and
 * waits until the server says it has read the works into memory (src/catalogue/preload.ts;
 * said for 10,000 works or more, as the benchmark's catalogues hold): what is measured is a
 * server that has finished starting. `echo`: copy the server's stderr to ours. Answers
 * {child, base (http://127.0.0.1:PORT), token (bench0's bearer token), preloadMs}; rejects
 * when the server exits before it listens, or says nothing of the works within PRELOAD_LIMIT_S.
 */
export async function startBenchServer({ dataDir, dbUrl = '', nodeArgs = [], echo = false }) {
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', '--data-dir', dataDir, ...(dbUrl ? ['--db', dbUrl] : []), '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, AUDIOLIB_ADMIN_PASSWORD: 'bench-admin-password' },
  });
  let out = '';
  const seen = (pattern) => new Promise((resolve, reject) => {
    const check = () => {
      const m = pattern.exec(out);
      if (m) resolve(m);
      return Boolean(m);
    };
    if (check()) return;
    child.stderr.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  child.stderr.on('data', (d) => {
    out += d;
    if (echo) process.stderr.write(d);
  });
  const port = Number((await seen(/127\.0\.0\.1:(\d+)/))[1]);
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench0', password: BENCH_PASSWORD }) });
  const { token } = await login.json();
  const limit = new Promise((_, reject) => setTimeout(() => reject(new Error(`the server said nothing of reading the works into memory within ${PRELOAD_LIMIT_S} s: ${out}`)), PRELOAD_LIMIT_S * 1000).unref());
  const preloaded = await Promise.race([seen(/works read into memory in ([\d.]+) s/), limit]);
  return { child, base, token, preloadMs: Number(preloaded[1]) * 1000 };
}
