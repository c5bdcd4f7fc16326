/**
 * One scan at a time (scan_runs lock), a kill leaving the database
 * consistent, and the other scan modes: one work (scanWork) and the lyric scan.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanAbortedError, scanLibrary, scanLyrics, scanWork } from '../../../src/scan/index.js';
import { ScanLockLostError, ScanLockedError, acquireScanLock, currentScanLock } from '../../../src/scan/index.js';
import { PG_MODE } from '../../helpers/pg.js';
import { NotFound } from '../../../src/model/index.js';
import type { Db } from '../../../src/db/index.js';
import { copyLibrary, freshDb } from '../library/helpers.js';

let db: Db;
let lib: string;
const roots = () => [{ name: 'lib', path: lib }];
const RJ01012345 = 'RJ01012345 【癒やし】雨音と耳かきの夜';

beforeEach(async () => {
  lib = copyLibrary();
  ({ db } = await freshDb());
});
afterEach(async () => {
  await db.destroy();
});

describe('scan lock', () => {
  it('refuses a second scan while one runs, naming its pid and start time', async () => {
    const lock = await acquireScanLock(db, 'scan');
    expect(await currentScanLock(db)).toEqual({ running: true, crashed: false, reason: expect.stringMatching(new RegExp(`pid ${process.pid}`)), holder: { pid: process.pid, host: expect.any(String), started: expect.any(String) } });
    const err = await scanLibrary(db, { roots: roots(), maxDepth: 2 }).catch((e) => e);
    expect(err).toBeInstanceOf(ScanLockedError);
    expect(err.message).toMatch(new RegExp(`already running \\(pid ${process.pid} on .+, started \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\)`));
    expect(await db('works').count({ n: '*' }).first()).toEqual({ n: 0 });
    await lock.release('finished');
    expect(await currentScanLock(db)).toEqual({ running: false, crashed: false, reason: null });
    expect((await scanLibrary(db, { roots: roots(), maxDepth: 2 })).added).toBe(5);
    const runs = await db('scan_runs').orderBy('id').select('kind', 'status', 'counts');
    expect(runs.at(-1)).toMatchObject({ kind: 'scan', status: 'finished' });
    expect(JSON.parse(runs.at(-1).counts)).toMatchObject({ added: 5, duplicates: 1 });
  });

  it('marks the row of a crashed scan failed and goes on', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const host = (await import('node:os')).hostname();
    const [{ id }] = await db('scan_runs').insert({ kind: 'scan', status: 'running', pid: dead, host, started_at: new Date().toISOString().replace('T', ' ').slice(0, 19) }, ['id']);
    // SQLite sees the process gone; PostgreSQL sees its session (the scan lock's) ended, which a
    // process that lost its connection (a restart of the server) shares with a dead one
    const why = PG_MODE ? `the database session of process ${dead} on ${host} ended` : `process ${dead} on ${host} is gone`;
    // reported as a crashed scan (lockFileExists) until a scan finishes
    expect(await currentScanLock(db)).toEqual({ running: false, crashed: true, reason: expect.stringContaining(`did not finish: ${why}; `) });
    expect((await scanLibrary(db, { roots: roots(), maxDepth: 2 })).added).toBe(5);
    const row = await db('scan_runs').where({ id }).first();
    expect(row.status).toBe('failed');
    expect(row.lock_reason).toBe(`crashed: ${why}`);
    expect(await currentScanLock(db)).toEqual({ running: false, crashed: false, reason: null });
  });
});

describe('kill', () => {
  it('stops on abort, keeps every committed work whole, and frees the lock', async () => {
    const controller = new AbortController();
    const err = await scanLibrary(db, {
      roots: roots(),
      maxDepth: 2,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'result') controller.abort();
      },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ScanAbortedError);
    expect(err.summary.added).toBeGreaterThanOrEqual(1);
    const works = await db('works').select('id', 'dir');
    expect(works.length).toBe(err.summary.added);
    expect(works.length).toBeLessThan(5);
    for (const w of works) {
      const count = (dir: string): number => fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? count(path.join(dir, e.name)) : 1), 0);
      expect((await db('files').where({ work_id: w.id }).count({ n: '*' }).first())!.n).toBe(count(w.dir));
    }
    expect(await db('scan_runs').orderBy('id', 'desc').first()).toMatchObject({ status: 'killed' });
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect(summary.added + summary.skipped).toBe(5);
  });
});

describe.runIf(PG_MODE)('a lost scan lock (PostgreSQL: its connection ended)', () => {
  /** Ends the sessions holding advisory locks on this database, as a server restart or a dropped connection would. */
  const dropLockSessions = () => db.raw(`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);

  it('aborts the lock\'s signal and ends its run failed with the reason; another scan may take the lock', async () => {
    const lock = await acquireScanLock(db, 'scan');
    expect(lock.signal.aborted).toBe(false);
    await dropLockSessions();
    await new Promise((resolve) => lock.signal.addEventListener('abort', resolve, { once: true }));
    expect(lock.lost()?.message).toMatch(new RegExp(`^scan stopped: pid ${process.pid} on .+ lost the scan lock`));
    const next = await acquireScanLock(db, 'refresh'); // the lock is free: what the lost one stops for
    await lock.release('finished');
    expect(await db('scan_runs').where({ id: lock.id }).first()).toMatchObject({ status: 'failed', lock_reason: expect.stringMatching(/lost the scan lock/) });
    await next.release('finished');
  });

  it('stops a running scan with ScanLockLostError; its committed works stay whole and the next scan completes', async () => {
    for (let i = 0; i < 40; i++) { // enough works that the scan is still running when its lock goes
      const dir = path.join(lib, `RJ${String(900100 + i)} filler`);
      fs.mkdirSync(dir);
      fs.copyFileSync(path.join(lib, 'RJ299717', 'Rain Day ASMR', 'mp3', '01 Rain.mp3'), path.join(dir, '01.mp3'));
    }
    const scan = scanLibrary(db, { roots: roots(), maxDepth: 2, durationConcurrency: 1 }).catch((e) => e);
    while (!(await db('scan_runs').where({ status: 'running' }).first())) await new Promise((r) => setTimeout(r, 5));
    await dropLockSessions();
    const err = await scan;
    expect(err).toBeInstanceOf(ScanLockLostError);
    expect(err.message).toMatch(/lost the scan lock .* scan again to finish/);
    expect(await db('scan_runs').orderBy('id', 'desc').first()).toMatchObject({ kind: 'scan', status: 'failed', lock_reason: err.message });
    const works = await db('works').select('id', 'dir');
    expect(works.length).toBeLessThan(45);
    for (const w of works) expect(Number((await db('files').where({ work_id: w.id }).count({ n: '*' }).first())!.n)).toBeGreaterThan(0);
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect(summary.added + summary.skipped).toBe(45);
  });
});

describe('scanWork', () => {
  beforeEach(async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
  });

  it('answers skipped, then updated after a change', async () => {
    expect(await scanWork(db, 1012345)).toEqual({ changed: false, result: 'skipped' });
    fs.writeFileSync(path.join(lib, RJ01012345, 'bonus.txt'), 'hi');
    expect(await scanWork(db, 1012345)).toEqual({ changed: true, result: 'updated' });
    expect(await db('files').where({ work_id: 1012345, relpath: 'bonus.txt' }).first()).toMatchObject({ type: 'text', size: 2 });
  });

  it('hides a work whose folder is gone', async () => {
    fs.rmSync(path.join(lib, RJ01012345), { recursive: true });
    expect(await scanWork(db, 1012345)).toEqual({ changed: true, result: 'removed' });
    expect(await db('works').where({ id: 1012345 }).first()).toMatchObject({ removed_reason: 'missing' });
  });

  it('throws NotFound for an unknown work', async () => {
    const err = await scanWork(db, 999999).catch((e) => e);
    expect(err).toBeInstanceOf(NotFound);
  });
});

describe('scanLyrics', () => {
  it('links new lyric files and recomputes lyric_status without touching other works', async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    const mp3 = path.join(lib, 'RJ265946 サキュバスアカデミア');
    fs.writeFileSync(path.join(mp3, 'short.mp3.lrc'), '[00:00.00]hello\n');
    for (const f of ['01_プロローグ.lrc', '02_耳かき.vtt', '03_おやすみ.srt']) fs.rmSync(path.join(lib, RJ01012345, f));
    const summary = await scanLyrics(db);
    expect(summary).toMatchObject({ added: 0, updated: 2, skipped: 3, failed: 0 });
    expect((await db('works').where({ id: 265946 }).first()).lyric_status).toBe('local');
    expect((await db('works').where({ id: 1012345 }).first()).lyric_status).toBe('');
    const lrc = await db('files').where({ work_id: 265946, relpath: 'short.mp3.lrc' }).first();
    expect((await db('files').where({ id: lrc.audio_file_id }).first()).relpath).toBe('short.mp3');
    expect(await db('scan_runs').orderBy('id', 'desc').first()).toMatchObject({ kind: 'lyrics', status: 'finished' });
  });
});
