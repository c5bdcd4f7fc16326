/**
 * `audiolib scan` with metadata (issue 4 "CLI" and "Crawler"): after the walk the metadata
 * of new works is fetched from the store (the recorded DLsite and HVDB pages served by a
 * local fake store); works the store does not know stay with their folder data and are
 * retried by the next scan; `--refresh` updates the dynamic info of every work.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated } from '../../src/db/index.js';
import { saveConfig } from '../../src/config/index.js';
import { copyLibrary, tempDir } from '../unit/library/helpers.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';

const bin = path.resolve(import.meta.dirname, '..', '..', 'bin', 'audiolib.js');

/** Runs the CLI asynchronously (the fake store answers in this process). */
function run(dataDir: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, '--data-dir', dataDir, 'scan', ...args], { env: { ...process.env, AUDIOLIB_DATA_DIR: '' } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let store: FakeStore;
beforeAll(async () => { store = await startFakeStore(); });
afterAll(async () => { await store.close(); });

function dataDirWithStore(): string {
  const data = tempDir();
  saveConfig(data, { ...store.config, retry: 2, retryDelay: 10 });
  return data;
}

describe('audiolib scan fetching metadata', () => {
  it('fills circle, tags, voice actors, sales and covers of the works the store knows, and keeps the others for a retry', async () => {
    const lib = copyLibrary();
    const data = dataDirWithStore();
    const first = await run(data, '--json', lib);
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ added: 5, failed: 0, metadata: { ok: 3, failed: 2 } });

    const db = await openMigrated(data);
    try {
      const rj173248 = await db('works').where({ id: 173248 }).first();
      expect(rj173248).toMatchObject({ title: '搾精天使ピュアミルク 背後からバイノーラルでいじめられる音声', circle_id: 18195, dl_count: 5213, rate_average_2dp: 4.52, metadata_status: 'ok' });
      expect((await db('circles').where({ id: 18195 }).first()).name).toBeTruthy();
      expect(await db('work_tags').where({ work_id: 173248 }).count({ n: '*' }).first()).not.toEqual({ n: 0 });
      expect(fs.existsSync(path.join(data, 'covers', 'RJ173248_img_main.jpg'))).toBe(true);
      // not in the store: kept with the folder's title, marked for a retry
      const rj01012345 = await db('works').where({ id: 1012345 }).first();
      expect(rj01012345).toMatchObject({ title: '【癒やし】雨音と耳かきの夜', metadata_status: 'failed' });
      expect(rj01012345.removed_at).toBeNull();
    } finally {
      await db.destroy();
    }

    // the next scan retries only the two works left without metadata
    const pagesBefore = store.count('/maniax/work/');
    const second = await run(data, '--json', lib);
    expect(JSON.parse(second.stdout)).toMatchObject({ skipped: 5, metadata: { ok: 0, failed: 2 } });
    expect(store.count('/maniax/work/') - pagesBefore).toBe(2); // one page request each: the store's 404 is final
  });

  it('shows the metadata warnings by work code on stderr without --json', async () => {
    const data = dataDirWithStore();
    const r = await run(data, copyLibrary());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/fetching metadata of 5 works/);
    expect(r.stderr).toMatch(/RJ299717: .*metadata not fetched; the next scan retries it/);
    expect(r.stderr).toMatch(/metadata: 3 fetched, 2 not fetched/);
  });

  it('--no-fetch asks the store nothing; --refresh updates the dynamic info of every work', async () => {
    const data = dataDirWithStore();
    const before = store.requests.length;
    expect(JSON.parse((await run(data, '--json', '--no-fetch', copyLibrary())).stdout)).not.toHaveProperty('metadata');
    expect(store.requests.length).toBe(before);

    const refreshed = await run(data, '--json', '--refresh');
    expect(refreshed.code).toBe(0);
    expect(JSON.parse(refreshed.stdout)).toMatchObject({ updated: 3, skipped: 2 });
    const db = await openMigrated(data);
    try {
      expect(await db('works').where({ id: 189758 }).first()).toMatchObject({ dl_count: 8871, review_count: 64 });
    } finally {
      await db.destroy();
    }
    expect((await run(data, '--refresh', '/tmp')).code).toBe(2);
  });
});
