/**
 * A scan whose PostgreSQL server restarts mid-scan (src/scan/lock.ts, src/scan/README.md
 * "Phases of a folder scan"): `audiolib scan` and a scan started through `audiolib serve`'s
 * scanner socket, each on a cluster of the test's own that is stopped (fast shutdown: every
 * session ended, as a restart does) while the scan runs and started again a few seconds
 * later. The scan stops, its `scan_runs` row ends `failed` with the lost-lock reason as soon
 * as the database answers again, the process says so in one line and prints no stack trace
 * (no raw `Acquire connection error`), and the next scan runs and finishes the library.
 * PostgreSQL only (AUDIOLIB_TEST_DB=pg): a SQLite database is a local file with no
 * connection to lose or server to restart.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, saveConfig } from '../../src/config/index.js';
import { migrate, openDb, type Db } from '../../src/db/index.js';
import { PG_MODE, createDatabase, startCluster, type Cluster } from '../helpers/pg.js';
import { ADMIN_PASSWORD, startTestServer, tempDataDir } from '../helpers/server.js';
import { ScanSocket } from '../helpers/scan-socket.js';
import { bigLibrary } from '../unit/library/helpers.js';
import { binPath, runCli } from './run.js';

/** Work folders: enough that a scan still runs a few seconds after its first works are in. */
const WORKS = 1000;
/** How long the server stays down (ms). */
const DOWN_MS = 3000;
/** What a lost run's row says (`scan.lockLost`). */
const LOST = /^scan stopped: pid \d+ on .+ lost the scan lock \(its database connection ended\)/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` answers true (polled every 50 ms, 30 s at most). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 30_000; Date.now() < end; await sleep(50)) if (await check()) return;
  throw new Error('timed out');
}

/** A stack trace's frame line, or knex's raw report of a failed connection. */
const NOISE = /^\s+at |Acquire connection error/m;

describe.skipIf(!PG_MODE)('PostgreSQL restarted mid-scan', () => {
  let cluster: Cluster;
  let url: string;
  let db: Db;
  let library: string;
  beforeAll(async () => {
    cluster = await startCluster();
    url = createDatabase(cluster.folder, cluster.port, 'audiolib');
    db = openDb(url);
    await migrate(db);
    library = bigLibrary(WORKS);
  });
  afterAll(async () => {
    await db?.destroy();
    cluster?.stop();
  });

  /** A data directory on the cluster's database, the library as its root, no metadata fetch. */
  const dataDir = () => {
    const dir = tempDataDir('audiolib-db-lost-', 'none');
    saveConfig(dir, { ...loadConfig(dir), db: url, rootFolders: [{ name: 'lib', path: library }], fetchMetadata: false });
    return dir;
  };
  const works = async () => Number((await db('works').count({ n: '*' }).first())?.n);
  /** Stops the server once the scan has `atLeast` works in, starts it again DOWN_MS later. */
  const restartMidScan = async (atLeast: number) => {
    await until(async () => (await works()) >= atLeast);
    cluster.down();
    await sleep(DOWN_MS);
    cluster.up();
  };
  const runs = () => db('scan_runs').orderBy('id').select('status', 'lock_reason', 'finished_at');

  it('audiolib scan: the run ends failed once the database is back, one line on stderr, exit 1; the next scan finishes', async () => {
    const dir = dataDir();
    const child = spawn(process.execPath, [binPath, '--data-dir', dir, 'scan'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await restartMidScan(40);
    const code = await exited;

    expect(stderr).not.toMatch(NOISE);
    const lines = stderr.trim().split('\n');
    // the progress lines (one per work added, the main log's lines) and one line about the stop
    expect(lines.filter((l) => !/^RJ\d{8} added$/.test(l) && !/^scanning |^found \d+ work folders/.test(l))).toEqual([expect.stringMatching(/^audiolib: scan stopped: pid \d+ on .+ lost the scan lock \(its database connection ended\)/)]);
    expect(code).toBe(1);
    expect(await runs()).toEqual([{ status: 'failed', lock_reason: expect.stringMatching(LOST), finished_at: expect.anything() }]);
    expect(await works()).toBeLessThan(WORKS);

    const again = await runCli(['--data-dir', dir, 'scan', '--json']);
    expect(again.code).toBe(0);
    expect(await works()).toBe(WORKS);
    expect((await runs()).map((r) => r.status)).toEqual(['failed', 'finished']);
  });

  it('audiolib serve: the scanner page gets SCAN_ERROR, the run ends failed, the server prints one line', async () => {
    await db('scan_runs').delete();
    await db('works').delete();
    const srv = await startTestServer({ dataDir: dataDir() });
    // what the server (in this process) prints: its stderr lines, and anything a library prints through the console
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof process.stderr.write;
    const consoles = (['log', 'warn', 'error'] as const).map((name) => vi.spyOn(console, name).mockImplementation((...args: unknown[]) => void written.push(`${args.join(' ')}\n`)));
    const socket = new ScanSocket(`${srv.url.replace('http', 'ws')}/api/ws?token=${await srv.login('admin', ADMIN_PASSWORD)}`);
    try {
      await socket.next('success');
      socket.send('PERFORM_SCAN');
      await restartMidScan(40);
      const ended = await socket.next('SCAN_ERROR');
      expect(ended).toMatchObject({ code: 'scan.lockLost', error: expect.stringMatching(LOST) });
      expect(await runs()).toEqual([{ status: 'failed', lock_reason: expect.stringMatching(LOST), finished_at: expect.anything() }]);
      await sleep(1500); // what the server's other parts (the relay of other instances' messages, the shared config) say after the restart
      const text = written.join('');
      expect(text).not.toMatch(NOISE);
      expect(text.trim().split('\n')).toEqual([expect.stringMatching(/^audiolib: scan stopped: pid \d+ on .+ lost the scan lock \(its database connection ended\)/)]);
    } finally {
      process.stderr.write = write;
      for (const spy of consoles) spy.mockRestore();
      await socket.closeAndWait();
      await srv.close();
    }
  });
});
