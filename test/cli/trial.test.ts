/**
 * `audiolib trial fetch` (DESIGN section 7, man/audiolib-trial.1) on the built CLI against
 * the stand-in store: the listing's works join the trial catalogue with status 0 and their
 * metadata, counts in the JSON; a second run adds nothing; an unreadable listing exits 1
 * (with --json, the error document on stdout).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated } from '../../src/db/index.js';
import { saveConfig } from '../../src/config/index.js';
import { tempDir } from '../unit/library/helpers.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { runCli } from './run.js';

let store: FakeStore;
let data: string;
beforeAll(async () => {
  store = await startFakeStore();
  data = tempDir('audiolib-trial-cli-');
  saveConfig(data, { ...store.config, retry: 1, retryDelay: 0 });
});
afterAll(async () => { await store.close(); });

const trial = (...args: string[]) => runCli(['--data-dir', data, 'trial', 'fetch', ...args], undefined, { AUDIOLIB_DATA_DIR: '' });

describe('audiolib trial fetch', () => {
  it('adds the new releases with status 0 and their metadata; --json prints the counts only', async () => {
    const run = await trial('--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ listed: 3, added: 3, skipped: 0, metadata: { ok: 3, failed: 0, unknown: 0, unreachable: 0 }, failures: [] });
    const db = await openMigrated(data);
    try {
      const rows = await db('works').orderBy('id').select('id', 'status', 'title', 'metadata_status');
      expect(rows).toEqual([
        { id: 173248, status: 0, title: '搾精天使ピュアミルク 背後からバイノーラルでいじめられる音声', metadata_status: 'ok' },
        { id: 189758, status: 0, title: '意地悪な機械人形に完全支配される音声 地獄級射精禁止オナニーサポート4 ヘルエグゼキューション', metadata_status: 'ok' },
        { id: 265946, status: 0, title: 'サキュバスアカデミア', metadata_status: 'ok' },
      ]);
    } finally {
      await db.destroy();
    }
    expect(fs.existsSync(path.join(data, 'covers', 'RJ265946_img_main.jpg'))).toBe(true);
  });

  it('a second run adds nothing and says so on stderr', async () => {
    const run = await trial();
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('listed 3, added 0, skipped 3; metadata 0 fetched, 0 not fetched');
  });

  it('exits 1 with the reason when the listing cannot be read', async () => {
    store.failTimes('/maniax/new/', 1, 503);
    const run = await trial('--json');
    expect(run.code).toBe(1);
    const error = /^HTTP 503: http:\/\/127\.0\.0\.1:\d+\/maniax\/new\/=\/work_type_category\/audio$/;
    expect(JSON.parse(run.stdout)).toEqual({ error: expect.stringMatching(error), code: 'failed', exit: 1 });
    expect(run.stderr).toMatch(/^audiolib: HTTP 503: .*\n$/);
  });
});
