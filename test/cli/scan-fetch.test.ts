/**
 * `audiolib scan` with metadata (src/metadata/README.md): after the walk the metadata
 * of new works is fetched from the store (the recorded DLsite and HVDB pages served by a
 * local fake store); works the store does not know stay with their folder data and are
 * retried by the next scan; `--refresh` updates the dynamic info of every work. A store
 * that cannot be reached or answers errors makes the scan fail (exit 1, counted in
 * `failed`, one line per work; the retries only with --verbose).
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

function dataDirWithStore(config: FakeStore['config'] = store.config): string {
  const data = tempDir();
  saveConfig(data, { ...config, retry: 2, retryDelay: 10 });
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

  it('names each work no source knows once on stderr without --json; not a failure', async () => {
    const data = dataDirWithStore();
    const r = await run(data, copyLibrary());
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/fetching metadata of 5 works/);
    expect(r.stderr.match(/^RJ299717: .*/gm)).toEqual(['RJ299717: metadata not fetched (unknown work code: neither DLsite nor HVDB has it); the next scan retries it']);
    expect(r.stderr).toMatch(/metadata: 3 fetched, 2 not fetched/);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('added 5, updated 0, skipped 0, failed 0, duplicates 1');
  });

  it('exits 1 when the store cannot be reached, each work counted in failed and named once', async () => {
    const gone = await startFakeStore();
    await gone.close();
    const data = dataDirWithStore(gone.config);
    const json = await run(data, '--json', copyLibrary());
    expect(json.code).toBe(1);
    const summary = JSON.parse(json.stdout);
    expect(summary).toMatchObject({ added: 5, failed: 5, metadata: { ok: 0, failed: 5, unknown: 0 } });
    expect(summary.failures).toContainEqual({ code: 'RJ173248', error: `metadata: cannot reach ${gone.url}/maniax/work/=/product_id/RJ173248.html: connection refused` });
    expect(json.stderr).toBe('');

    const human = await run(dataDirWithStore(gone.config), copyLibrary());
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/^failed RJ173248: metadata: cannot reach http:\/\/127\.0\.0\.1:\d+\/\S+: connection refused$/m);
    expect(human.stderr).not.toMatch(/fetch failed|ECONNREFUSED/);
    expect(human.stderr.trim().split('\n').at(-1)).toBe('added 5, updated 0, skipped 0, failed 5, duplicates 1');
  });

  it('a store answering 500: one line per work that failed, every retry only with --verbose', async () => {
    const broken = await startFakeStore();
    try {
      broken.failTimes('/', 10_000, 500);
      const data = dataDirWithStore(broken.config);
      const lib = copyLibrary();
      const quiet = await run(data, lib);
      expect(quiet.code).toBe(1);
      expect(quiet.stderr).not.toMatch(/attempt \d of/);
      for (const code of ['RJ173248', 'RJ189758', 'RJ265946', 'RJ299717', 'RJ01012345']) {
        expect(quiet.stderr.match(new RegExp(`^(failed )?${code}: .*$`, 'gm')), code).toEqual([expect.stringMatching(new RegExp(`^failed ${code}: metadata: HTTP 500: `))]);
      }
      expect(quiet.stderr).toMatch(/failed 5, duplicates 1\n$/);

      const verbose = await run(data, '--verbose', lib);
      expect(verbose.code).toBe(1);
      expect(verbose.stderr).toMatch(/^RJ173248: HTTP 500: \S+; attempt 2 of 2$/m);
      const verboseJson = await run(data, '--verbose', '--json', lib);
      expect(JSON.parse(verboseJson.stdout)).toMatchObject({ failed: 5 });
      expect(verboseJson.stderr).toMatch(/attempt 2 of 2/);

      // refreshing the dynamic info fails the same way
      const refresh = await run(data, '--json', '--refresh');
      expect(refresh.code).toBe(1);
      expect(JSON.parse(refresh.stdout)).toMatchObject({ updated: 0, skipped: 0, failed: 5, failures: expect.arrayContaining([{ code: 'RJ173248', error: expect.stringMatching(/^dynamic info failed: HTTP 500/) }]) });
    } finally {
      await broken.close();
    }
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
