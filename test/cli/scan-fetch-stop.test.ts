/**
 * The metadata fetch of `audiolib scan` and `audiolib trial fetch` as cron and SSH users
 * meet it (the recorded store stands in for DLsite and HVDB): SIGINT or SIGTERM during the
 * fetch still prints one JSON document with --json (exit 130/143); a terminal shows the
 * fetch's works done with a bar, a pipe none; a large fetch prints no
 * MaxListenersExceededWarning; the metadata counts tell works no store knows from works
 * a store failed for; a damaged database names the file and the restore (exit 2);
 * `config get` refuses a data directory that does not exist; a PostgreSQL server that
 * cannot be reached is one clean line.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated } from '../../src/db/index.js';
import { loadConfig, saveConfig } from '../../src/config/index.js';
import { copyLibrary, tempDir } from '../unit/library/helpers.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { PG_MODE } from '../helpers/pg.js';
import { tempDataDir } from '../helpers/server.js';
import { binPath, runCli } from './run.js';

interface Running { done: Promise<{ code: number | null; stdout: string; stderr: string }>; kill(signal: NodeJS.Signals): void }

/** Starts the CLI (the store answers in this process, so never synchronously). */
function start(dataDir: string, args: string[]): Running {
  const child = spawn(process.execPath, [binPath, '--data-dir', dataDir, ...args], { env: { ...process.env, AUDIOLIB_DATA_DIR: '' } });
  let stdout = '', stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return { done: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr }))), kill: (s) => child.kill(s) };
}

const run = (dataDir: string, ...args: string[]) => start(dataDir, args).done;

/** A data directory whose crawler asks `store` (retries short), with the test database. */
function dataDirFor(store: FakeStore): string {
  const data = tempDataDir();
  saveConfig(data, { ...loadConfig(data), ...store.config, retry: 2, retryDelay: 10 });
  return data;
}

/** Resolves once `check` holds (polled every 20 ms), rejects after 15 s. */
async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let store: FakeStore;
beforeAll(async () => { store = await startFakeStore(); });
afterAll(async () => { await store.close(); });

describe('a signal during the metadata fetch', () => {
  it('scan --json: SIGINT prints the walk\'s counts as one document, killed in the fetch (exit 130)', async () => {
    const hanging = await startFakeStore();
    try {
      hanging.hang('/maniax/work/');
      const scan = start(dataDirFor(hanging), ['scan', '--json', copyLibrary()]);
      await until('a work page asked for', () => hanging.count('/maniax/work/') > 0);
      scan.kill('SIGINT');
      const r = await scan.done;
      expect(r.code).toBe(130);
      expect(r.stdout.trim().split('\n').length).toBeGreaterThan(1); // pretty-printed like the scan's summary
      expect(JSON.parse(r.stdout)).toMatchObject({ added: 5, failed: 0, killed: true, stoppedIn: 'fetch', metadataProgress: { done: 0, total: 5 } });
      expect(r.stderr).toBe('');
    } finally {
      await hanging.close();
    }
  });

  it('scan --work --json: SIGTERM prints the work\'s result, killed in the fetch (exit 143)', async () => {
    const hanging = await startFakeStore();
    try {
      const data = dataDirFor(hanging);
      expect((await run(data, 'scan', '--no-fetch', '--json', copyLibrary())).code).toBe(0);
      hanging.hang('/maniax/work/');
      const scan = start(data, ['scan', '--work', 'RJ173248', '--json']);
      await until('the work page asked for', () => hanging.count('/maniax/work/') > 0);
      scan.kill('SIGTERM');
      const r = await scan.done;
      expect(r.code).toBe(143);
      expect(JSON.parse(r.stdout)).toEqual({ code: 'RJ173248', result: 'skipped', killed: true, stoppedIn: 'fetch', metadataProgress: { done: 0, total: 1 } });
    } finally {
      await hanging.close();
    }
  });

  it('trial fetch --json: SIGINT prints the listing\'s counts, killed in the fetch (exit 130)', async () => {
    const hanging = await startFakeStore();
    try {
      hanging.hang('/maniax/work/');
      const trial = start(dataDirFor(hanging), ['trial', 'fetch', '--json']);
      await until('a work page asked for', () => hanging.count('/maniax/work/') > 0);
      trial.kill('SIGINT');
      const r = await trial.done;
      expect(r.code).toBe(130);
      expect(JSON.parse(r.stdout)).toEqual({ listed: 3, added: 3, skipped: 0, killed: true, stoppedIn: 'fetch', metadataProgress: { done: 0, total: 3 } });
    } finally {
      await hanging.close();
    }
  });
});

describe('progress of the metadata fetch', () => {
  it('on a terminal: works done of the total and a bar; on a pipe: no bar', async () => {
    const data = dataDirFor(store);
    const lib = copyLibrary();
    const command = `stty cols 120 rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)} --data-dir ${JSON.stringify(data)} scan ${JSON.stringify(lib)}`;
    const { CI: _ci, ...env } = process.env;
    const text = await new Promise<string>((resolve) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...env, TERM: 'xterm', AUDIOLIB_DATA_DIR: '' } });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('close', () => resolve(out));
    });
    expect(text).toMatch(/fetching metadata 5\/5 \[#{20}\] 100%/);
    expect(text).toMatch(/fetching metadata [1-4]\/5 \[#+-+\] \d+%/);
    expect(text).toContain('added 5, updated 0, skipped 0, failed 0, duplicates 1');

    const piped = await run(dataDirFor(store), 'scan', copyLibrary());
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toMatch(/\[[#-]+\]/);
  });
});

describe('a large metadata fetch', () => {
  it('prints nothing on stderr with --json (no MaxListenersExceededWarning)', async () => {
    const lib = tempDir();
    for (let i = 0; i < 60; i++) {
      const code = `RJ${900_000 + i}`;
      fs.mkdirSync(path.join(lib, code));
      fs.writeFileSync(path.join(lib, code, 'track.mp3'), '');
      store.alias(code, 'RJ173248');
    }
    const r = await run(dataDirFor(store), 'scan', '--json', lib);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ added: 60, metadata: { ok: 60, failed: 0 } });
  });
});

describe('metadata counts', () => {
  it('tell works no store knows (unknown) from works a store failed for (unreachable); failed is both', async () => {
    const known = await run(dataDirFor(store), 'scan', '--json', copyLibrary());
    expect(JSON.parse(known.stdout).metadata).toEqual({ ok: 3, failed: 2, unknown: 2, unreachable: 0 });
    const human = await run(dataDirFor(store), 'scan', copyLibrary());
    expect(human.stderr).toContain('metadata: 3 fetched, 2 not fetched (2 unknown to the stores, 0 store errors)\n');

    const gone = await startFakeStore();
    await gone.close();
    const down = await run(dataDirFor(gone), 'scan', '--json', copyLibrary());
    expect(down.code).toBe(1);
    expect(JSON.parse(down.stdout).metadata).toEqual({ ok: 0, failed: 5, unknown: 0, unreachable: 5 });
    const trial = await run(dataDirFor(gone), 'trial', 'fetch');
    expect(trial.code).toBe(1);
  });

  it('trial fetch names both counts', async () => {
    const data = dataDirFor(store);
    const r = await run(data, 'trial', 'fetch', '--json');
    expect(JSON.parse(r.stdout).metadata).toEqual({ ok: expect.any(Number), failed: expect.any(Number), unknown: expect.any(Number), unreachable: 0 });
    const human = await run(dataDirFor(store), 'trial', 'fetch');
    expect(human.stderr).toMatch(/; metadata \d+ fetched, \d+ not fetched \(\d+ unknown to the stores, 0 store errors\)\n$/);
  });
});

describe.skipIf(PG_MODE)('a damaged SQLite database', () => {
  it('names the file, says how to restore a backup, exits 2 (one JSON document with --json)', async () => {
    const data = tempDataDir(undefined, 'none');
    const lib = copyLibrary();
    expect((await run(data, 'scan', '--no-fetch', '--json', lib)).code).toBe(0);
    // overwrite the works table's first page: the database opens, its first read of works fails
    const file = path.join(data, 'audiolib.sqlite3');
    const db = await openMigrated(data);
    let page: number, pageSize: number;
    try {
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
      pageSize = (await db.raw('PRAGMA page_size'))[0].page_size;
      page = (await db('sqlite_master').where({ name: 'works' }).first('rootpage')).rootpage;
    } finally {
      await db.destroy();
    }
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xff).fill(0x0d, 0, 1), 0, pageSize, (page - 1) * pageSize);
    fs.closeSync(fd);

    const advice = 'restore a backup with `audiolib db restore FILE` with the server stopped (`audiolib db backup` and backupCron write them to backups/ in the data directory; man audiolib-db)';
    const human = await run(data, 'scan', '--no-fetch', lib);
    expect(human.code).toBe(2);
    expect(human.stderr.trim().split('\n').at(-1)).toBe(`audiolib: the database ${file} is damaged (database disk image is malformed): ${advice}`);
    expect(human.stderr).not.toMatch(/select |SQLITE_/);
    const json = await run(data, 'scan', '--no-fetch', '--json', lib);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: `the database ${file} is damaged (database disk image is malformed): ${advice}`, code: 'config', exit: 2 });
  });
});

describe('config get', () => {
  it('refuses a data directory that does not exist (exit 2) instead of printing the defaults', async () => {
    const missing = path.join(tempDir(), 'no-such-dir');
    const r = await runCli(['--data-dir', missing, 'config', 'get', 'listenPort']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: `audiolib: data directory ${missing} does not exist (check --data-dir or AUDIOLIB_DATA_DIR)\n` });
    const json = await runCli(['--data-dir', missing, 'config', 'get', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: `data directory ${missing} does not exist (check --data-dir or AUDIOLIB_DATA_DIR)`, code: 'config', exit: 2 });
    expect(fs.existsSync(missing)).toBe(false);
  });
});

describe('a PostgreSQL server that cannot be reached', () => {
  it('is one clean line (exit 2), no driver stack', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((r) => server.close(r));
    const url = `postgres://audiolib:secret@127.0.0.1:${port}/audiolib`;
    const data = tempDataDir(undefined, 'none');
    for (const args of [['user', 'list'], ['scan', '--no-fetch', copyLibrary()], ['serve', '--port', '0']]) {
      const r = await runCli(['--data-dir', data, '--db', url, ...args]);
      expect(r, args.join(' ')).toEqual({ code: 2, stdout: '', stderr: `audiolib: cannot open the database postgres://audiolib:***@127.0.0.1:${port}/audiolib: connection refused\n` });
    }
  });
});
