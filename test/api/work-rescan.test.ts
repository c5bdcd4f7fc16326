/**
 * POST /api/work/scan/:id runs through the scan runner (src/scan/run.ts): the rescan of one
 * work fetches its metadata when config fetchMetadata is on, as a library scan does, and
 * records one run. The store is the recorded one (test/helpers/fake-store.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, libraryDir, startTestServer, type TestServer } from '../helpers/server.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { scanLibrary } from '../../src/scan/index.js';

let store: FakeStore;
let srv: TestServer;
let root: string;

beforeAll(async () => {
  store = await startFakeStore();
  srv = await startTestServer({ config: { ...store.config, fetchMetadata: true, retry: 1, retryDelay: 10 } });
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-rescan-'));
  fs.cpSync(path.join(libraryDir, 'RJ265946 サキュバスアカデミア'), path.join(root, 'RJ265946 サキュバスアカデミア'), { recursive: true });
  await scanLibrary(srv.services.db, { roots: [{ name: 'rescan', path: root }], maxDepth: 2 });
});

afterAll(async () => {
  await srv.close();
  await store.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('rescanning one work from its page', () => {
  it('fetches its metadata when fetchMetadata is on, in one recorded run', async () => {
    const before = await srv.services.db('works').where({ id: 265946 }).first('metadata_source', 'title');
    expect(before.metadata_source).toBe('folder');
    const token = await srv.login();
    const pages = store.count('/maniax/work/');
    const res = await callApi(srv, 'POST', '/api/work/scan/265946', token);
    expect(res.status).toBe(200);
    expect(store.count('/maniax/work/')).toBeGreaterThan(pages);
    const after = await srv.services.db('works').where({ id: 265946 }).first('metadata_source');
    expect(after.metadata_source).not.toBe('folder');
    const run = await srv.services.db('scan_runs').orderBy('id', 'desc').first('kind', 'status', 'counts');
    expect(run).toMatchObject({ kind: 'work', status: 'finished' });
    expect(JSON.parse(run.counts)).toMatchObject({ metadata: { ok: 1, failed: 0 } });
  });
});
