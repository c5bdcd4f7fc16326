/**
 * `audiolib serve` for the catalogue benchmark's scripts (profile.js, idle.js): started on
 * a free port of 127.0.0.1 on the benchmark's data directory (and a PostgreSQL database
 * with `dbUrl`), signed in as `bench0`.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD } from './seed.js';

const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'audiolib.js');

/**
 * Starts the server with `nodeArgs` before the script (e.g. --cpu-prof) and signs in.
 * `echo`: copy the server's stderr to ours. Answers {child, base (http://127.0.0.1:PORT),
 * token (bench0's bearer token)}; rejects when the server exits before it listens.
 */
export async function startBenchServer({ dataDir, dbUrl = '', nodeArgs = [], echo = false }) {
  const child = spawn(process.execPath, [...nodeArgs, bin, 'serve', '--data-dir', dataDir, ...(dbUrl ? ['--db', dbUrl] : []), '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, AUDIOLIB_ADMIN_PASSWORD: 'bench-admin-password' },
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stderr.on('data', (d) => {
      out += d;
      if (echo) process.stderr.write(d);
      const m = /127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench0', password: BENCH_PASSWORD }) });
  const { token } = await login.json();
  return { child, base, token };
}
