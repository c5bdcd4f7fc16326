/**
 * `audiolib serve` as an admin starting it from the shell or a service manager: the start
 * banner names the address the server really listens on, a warning whenever auth is off,
 * and every scheduled scan (scanCron) logged with its start and its summary on stderr;
 * SIGTERM stops it gracefully: a request in flight still gets its answer, a running scan
 * ends and is recorded, then exit 0.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/server.js';
import { seedWorks } from '../helpers/catalogue-seed.js';
import { bigLibrary, copyLibrary } from '../unit/library/helpers.js';
import { loadConfig, saveConfig } from '../../src/config/index.js';
import { openMigrated } from '../../src/db/index.js';
import { runCli, startServe, type RunningServe } from './run.js';

const PASSWORD = 'serve-admin-pw';

/** Waits until `text()` matches `pattern` (the server writes on its own time). */
async function waitFor(text: () => string, pattern: RegExp, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pattern.test(text())) {
    if (Date.now() > end) throw new Error(`not seen within ${ms} ms: ${pattern}\n${text()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A sign-in request whose body is sent in two halves: `finish()` sends the rest; `answer`
 * settles with the status and body (or the socket's error when the server cut it).
 */
function halfSentSignIn(url: string): { finish(): void; answer: Promise<{ status: number; body: string } | Error> } {
  const body = JSON.stringify({ name: 'admin', password: PASSWORD });
  const req = http.request(`${url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answer = new Promise<{ status: number; body: string } | Error>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d)).on('end', () => resolve({ status: res.statusCode!, body: text })).on('error', resolve);
    });
    req.on('error', resolve);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

const exited = (serve: RunningServe) => new Promise<number | null>((resolve) => (serve.child.exitCode !== null ? resolve(serve.child.exitCode) : serve.child.once('exit', resolve)));

describe('audiolib serve', () => {
  it('without --host says it listens on every address, not localhost', async () => {
    const serve = await startServe(tempDataDir(), PASSWORD, null);
    try {
      const banner = serve.stderr().split('\n').find((l) => l.includes('serving'))!;
      expect(banner).toMatch(/ on http:\/\/(\[::\]|0\.0\.0\.0):\d+ \(every address; on this machine http:\/\/localhost:\d+\)$/);
      expect(serve.stderr()).not.toMatch(/auth is off/);
      expect((await fetch(`${serve.url}/api/version`)).status).toBe(401); // reached on 127.0.0.1, signed out
    } finally {
      await serve.stop();
    }
  });

  it('with --host names that address', async () => {
    const serve = await startServe(tempDataDir(), PASSWORD);
    try {
      expect(serve.stderr()).toMatch(/^audiolib serving .* on http:\/\/127\.0\.0\.1:\d+$/m);
    } finally {
      await serve.stop();
    }
  });

  it('reads a large library into memory after it starts, says so, and still stops with exit 0', async () => {
    const data = tempDataDir();
    const db = await openMigrated(data);
    try {
      await seedWorks(db, Array.from({ length: 10_000 }, (_, i) => ({ id: 1_000 + i, title: `Work ${i}` })));
    } finally {
      await db.destroy();
    }
    const serve = await startServe(data, PASSWORD);
    try {
      await waitFor(serve.stderr, /^audiolib: 10,000 works read into memory in \d+\.\d s$/m);
      expect((await fetch(`${serve.url}/api/version`)).status).toBe(401); // answering, signed out
    } finally {
      await serve.stop();
    }
    expect(serve.child.exitCode).toBe(0);
  });

  it('warns at start when auth is off (switched off from the shell with --force)', async () => {
    const data = tempDataDir();
    expect((await runCli(['--data-dir', data, 'config', 'set', 'auth', 'false', '--force'])).code).toBe(0);
    const serve = await startServe(data, PASSWORD);
    try {
      await waitFor(serve.stderr, /^audiolib: warning: auth is off: every request acts as the admin$/m, 5_000);
    } finally {
      await serve.stop();
    }
  });

  it('logs the start and the summary of every scheduled scan', async () => {
    const data = tempDataDir();
    const lib = copyLibrary();
    fs.writeFileSync(path.join(data, 'config.json'), JSON.stringify({ rootFolders: [{ name: 'lib', path: lib }], scanCron: '* * * * * *', fetchMetadata: false }));
    const serve = await startServe(data, PASSWORD);
    try {
      await waitFor(serve.stderr, /^audiolib: scheduled scan finished: added 5, updated 0, skipped 0, failed 0, duplicates 1$/m);
      expect(serve.stderr()).toContain(`audiolib: scheduled scan started: lib (${lib})\n`);
    } finally {
      await serve.stop();
    }
  });

  it('on SIGINT (twice, as Ctrl-C under npm sends it) answers the request in flight, takes no new one, and exits 0', async () => {
    const serve = await startServe(tempDataDir(), PASSWORD);
    const signIn = halfSentSignIn(serve.url);
    await new Promise((r) => setTimeout(r, 300)); // the server has the request's head
    serve.child.kill('SIGINT');
    await waitFor(serve.stderr, /^audiolib: SIGINT: stopping \(requests in flight have 5 s to finish\)$/m, 5_000);
    serve.child.kill('SIGINT'); // the second one, passed on by npm: the same stop
    await expect(fetch(`${serve.url}/api/version`)).rejects.toThrow(); // no longer listening
    signIn.finish();
    const answer = await signIn.answer;
    expect(answer).not.toBeInstanceOf(Error);
    expect((answer as { status: number }).status).toBe(200);
    expect(JSON.parse((answer as { body: string }).body).token).toEqual(expect.any(String));
    expect(await exited(serve)).toBe(0);
    expect(serve.stderr()).not.toMatch(/Error|\n\s+at /);
  });

  it('on SIGTERM cuts a request still open after 5 s and exits 0', async () => {
    const serve = await startServe(tempDataDir(), PASSWORD);
    const signIn = halfSentSignIn(serve.url); // never finished
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    serve.child.kill('SIGTERM');
    expect(await exited(serve)).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(4_900);
    expect(await signIn.answer).toBeInstanceOf(Error);
    expect(serve.stderr()).not.toMatch(/\n\s+at /);
  });

  it('on SIGTERM closes the database only after the handlers of clients that left mid-request', async () => {
    const serve = await startServe(tempDataDir(), PASSWORD);
    const signIn = await fetch(`${serve.url}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'admin', password: PASSWORD }) });
    const { token } = await signIn.json() as { token: string };
    // 40 lists at once, each on its own connection; once the first answers, the others'
    // handlers wait for the database: their clients leave, and the server is stopped
    const requests = Array.from({ length: 40 }, () => http.get(`${serve.url}/api/works?page=1`, { agent: false, headers: { authorization: `Bearer ${token}` } }));
    await new Promise<void>((resolve) => {
      for (const req of requests) req.on('response', () => resolve()).on('error', () => undefined);
    });
    serve.child.kill('SIGTERM');
    for (const req of requests) req.destroy();
    expect(await exited(serve)).toBe(0);
    expect(serve.stderr()).not.toMatch(/Error|\n\s+at /);
  });

  it('on SIGTERM ends a running scan, logs and records it killed, and exits 0', async () => {
    const data = tempDataDir();
    saveConfig(data, { ...loadConfig(data), rootFolders: [{ name: 'lib', path: bigLibrary(600) }], scanCron: '* * * * * *', fetchMetadata: false });
    const serve = await startServe(data, PASSWORD);
    await waitFor(serve.stderr, /^audiolib: scheduled scan started: lib /m);
    serve.child.kill('SIGTERM');
    expect(await exited(serve)).toBe(0);
    expect(serve.stderr()).toMatch(/^audiolib: scheduled scan killed: added \d+, updated 0, skipped 0, failed 0, duplicates 0$/m);
    expect(serve.stderr()).not.toMatch(/\n\s+at /);
    const db = await openMigrated(data);
    try {
      const runs: { status: string }[] = await db('scan_runs').orderBy('id').select('status');
      expect(runs.map((r) => r.status)).toEqual(['killed']);
      const added = Number((await db('works').count({ n: '*' }).first())!.n);
      expect(added).toBeLessThan(600); // stopped part way, what it committed kept
    } finally {
      await db.destroy();
    }
  });
});
