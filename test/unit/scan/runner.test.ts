/**
 * The scan runner (src/scan/run.ts) on a copy of the fixture library with a real
 * SQLite database and the fake store: the events a consumer (`audiolib scan`, the scanner
 * page) receives, in order: main-log lines, the duplicate, progress with counts, each
 * work's result with its logs, the summary, then the metadata fetch and its counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig, type Config } from '../../../src/config/index.js';
import type { Db } from '../../../src/db/index.js';
import { ScanError } from '../../../src/scan/index.js';
import { mainLogOf, runScan, runWorkScan, type ScanEvent } from '../../../src/scan/index.js';
import { startFakeStore, type FakeStore } from '../../helpers/fake-store.js';
import { copyLibrary, freshDb } from '../library/helpers.js';

const CODES = ['RJ01012345', 'RJ173248', 'RJ189758', 'RJ265946', 'RJ299717'];

let store: FakeStore;
let db: Db;
let dataDir: string;
let lib: string;
let config: Config;
let events: ScanEvent[];
const onEvent = (e: ScanEvent) => events.push(e);
const roots = () => [{ name: 'lib', path: lib }];
const ofType = <T extends ScanEvent['type']>(type: T, from = events) => from.filter((e): e is Extract<ScanEvent, { type: T }> => e.type === type);

beforeEach(async () => {
  store = await startFakeStore();
  lib = copyLibrary();
  ({ db, dataDir } = await freshDb());
  config = { ...defaultConfig(), ...store.config, retry: 1, retryDelay: 0, fetchMetadata: false };
  events = [];
});
afterEach(async () => {
  await db.destroy();
  await store.close();
});

describe('runScan', () => {
  it('streams the scan of the fixture library, then the metadata fetch of the new works', async () => {
    const answer = await runScan(db, config, dataDir, { kind: 'scan', roots: roots() }, { fetch: true, onEvent });

    // the scan phase: main log, the duplicate, progress from 0 of 5 up to 5 of 5, one result per work
    const summaryAt = events.findIndex((e) => e.type === 'summary');
    const scan = events.slice(0, summaryAt);
    expect(ofType('log', scan).map((e) => e.log.message)).toEqual([`scanning lib (${lib})`, 'found 5 work folders']);
    expect(ofType('duplicate', scan)).toEqual([{ type: 'duplicate', id: 173248, code: 'RJ173248', kept: path.join(lib, '[B-bishop]', 'RJ173248 搾精天使ピュアミルク'), duplicate: path.join(lib, 'RJ173248 (copy)') }]);
    const progress = ofType('progress', scan);
    expect(progress[0]).toEqual({ type: 'progress', phase: 'scan', done: 0, total: 5, counts: { added: 0, updated: 0, skipped: 0, failed: 0 }, code: null });
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(progress.at(-1)!.counts).toEqual({ added: 5, updated: 0, skipped: 0, failed: 0 });
    const results = ofType('result', scan);
    expect(results.map((r) => r.code).sort()).toEqual(CODES);
    expect(progress.slice(1).map((p) => p.code)).toEqual(results.map((r) => r.code));
    for (const r of results) {
      expect(r).toMatchObject({ phase: 'scan', result: 'added' });
      expect(r.logs[0]!.message).toMatch(/^new folder: /);
      expect(r.logs.at(-1)!.message).toMatch(/^\d+ files added, 0 changed, 0 removed$/);
      // the logs a result carries are the task lines streamed for that work
      expect(ofType('task', scan).filter((t) => t.code === r.code).map((t) => t.log)).toEqual(r.logs);
    }
    const rj173248 = results.find((r) => r.code === 'RJ173248')!;
    expect(rj173248.id).toBe(173248);

    // the summary ends the scan; as a main-log line it is the summary line
    const summary = events[summaryAt]!;
    expect(summary).toEqual({ type: 'summary', summary: answer.summary });
    expect(answer.summary).toMatchObject({ added: 5, updated: 0, skipped: 0, failed: 0, duplicates: 1, removed: 0 });
    expect(mainLogOf(summary)).toEqual({ level: 'info', message: 'added 5, updated 0, skipped 0, failed 0, duplicates 1', code: 'scan.summary', params: { added: 5, updated: 0, skipped: 0, failed: 0, duplicates: 1 } });
    const kept = path.join(lib, '[B-bishop]', 'RJ173248 搾精天使ピュアミルク');
    const duplicate = path.join(lib, 'RJ173248 (copy)');
    expect(mainLogOf(ofType('duplicate')[0]!)).toEqual({ level: 'warn', message: `RJ173248 is in two folders: kept ${kept}, duplicate ${duplicate}`, code: 'scan.duplicate', params: { code: 'RJ173248', kept, duplicate } });

    // the fetch phase: every new work once, counted apart from the scan, never failed
    const fetch = events.slice(summaryAt + 1);
    expect(fetch.every((e) => !('phase' in e) || e.phase === 'fetch')).toBe(true);
    expect(ofType('log', fetch).map((e) => e.log.message)).toEqual(['fetching metadata of 5 works', 'metadata: 3 fetched, 2 not fetched (2 unknown to the stores, 0 store errors)']);
    const fetched = ofType('result', fetch);
    expect(fetched.map((r) => r.code).sort()).toEqual(CODES);
    expect(fetched.every((r) => r.result === 'skipped')).toBe(true);
    expect(fetched.find((r) => r.code === 'RJ299717')!.logs.at(-1)).toEqual({ level: 'warn', message: 'metadata not fetched; the next scan retries it', code: 'metadata.notFetched' });
    expect(ofType('progress', fetch).at(-1)).toMatchObject({ done: 5, total: 5, counts: { added: 0, updated: 0, skipped: 5, failed: 0 } });
    // the two works no source knows are listed, as unknown (not failures of the store)
    const unknown = { error: 'unknown work code: neither DLsite nor HVDB has it', unknown: true };
    const metadata = { ok: 3, failed: 2, unknown: 2, unreachable: 0, notFetched: expect.arrayContaining([{ code: 'RJ299717', ...unknown }, { code: 'RJ01012345', ...unknown }]) };
    expect(events.at(-1)).toEqual({ type: 'metadata', summary: metadata });
    expect(answer.metadata).toEqual(metadata);
    expect(await db('works').where({ id: 173248 }).first('metadata_status')).toEqual({ metadata_status: 'ok' });
  });

  it('reports a rescan as skipped works without logs, a failing work with its error, and fetches nothing when fetch is off', async () => {
    await runScan(db, config, dataDir, { kind: 'scan', roots: roots() });
    const bad = path.join(lib, 'RJ777777 old archive');
    fs.mkdirSync(bad);
    fs.writeFileSync(Buffer.concat([Buffer.from(bad + '/'), Buffer.from([0x82, 0xa0, 0x2e, 0x6d, 0x70, 0x33])]), 'x'); // Shift-JIS 'あ.mp3'
    const requests = store.requests.length;

    const answer = await runScan(db, config, dataDir, { kind: 'scan', roots: roots() }, { onEvent });
    expect(answer).toEqual({ summary: expect.objectContaining({ added: 0, skipped: 5, failed: 1 }) });
    const results = ofType('result');
    expect(results.filter((r) => r.result === 'skipped').map((r) => [r.code, r.logs])).toEqual(expect.arrayContaining(CODES.map((c) => [c, []])));
    const failed = results.find((r) => r.result === 'failed')!;
    expect(failed.code).toBe('RJ777777');
    expect(failed.logs.at(-1)).toEqual({ level: 'error', message: expect.stringContaining('not valid UTF-8'), code: 'scan.nameNotUtf8', params: { path: expect.any(String) } });
    expect(ofType('progress').at(-1)).toMatchObject({ done: 6, total: 6, counts: { added: 0, updated: 0, skipped: 5, failed: 1 } });
    expect(events.at(-1)).toEqual({ type: 'summary', summary: answer.summary });
    expect(events.some((e) => e.type === 'metadata' || ('phase' in e && e.phase === 'fetch'))).toBe(false);
    expect(store.requests.length).toBe(requests);
  });

  it('stops at the mass-removal guard with an error line and no work result', async () => {
    await runScan(db, config, dataDir, { kind: 'scan', roots: roots() });
    fs.rmSync(path.join(lib, 'RJ265946 サキュバスアカデミア'), { recursive: true });
    const err = await runScan(db, config, dataDir, { kind: 'scan', roots: roots() }, { fetch: true, onEvent }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScanError);
    expect(ofType('log').at(-1)).toEqual({ type: 'log', phase: 'scan', log: { level: 'error', message: expect.stringMatching(/^would hide 1 of 5 works .*--allow-mass-removal/), code: 'scan.massRemoval', params: { count: 1, total: 5 } } });
    expect(ofType('result')).toEqual([]);
    expect(events.some((e) => e.type === 'summary' || e.type === 'metadata')).toBe(false);
  });
});

describe('runWorkScan', () => {
  it('rescans one work, then fetches its metadata', async () => {
    await runScan(db, config, dataDir, { kind: 'scan', roots: roots() });
    fs.writeFileSync(path.join(lib, 'RJ265946 サキュバスアカデミア', 'short.lrc'), '[00:00.00]x\n');
    const answer = await runWorkScan(db, config, dataDir, 265946, { fetch: true, onEvent });
    expect(answer).toEqual({ code: 'RJ265946', changed: true, result: 'updated', metadata: { ok: 1, failed: 0, unknown: 0, unreachable: 0, notFetched: [] } });
    expect(ofType('result').map((r) => [r.phase, r.code, r.result])).toEqual([['scan', 'RJ265946', 'updated'], ['fetch', 'RJ265946', 'skipped']]);
    expect(ofType('progress').map((p) => [p.phase, p.done, p.total])).toEqual([['scan', 0, 1], ['scan', 1, 1], ['fetch', 0, 1], ['fetch', 1, 1]]);
    expect(events.at(-1)).toEqual({ type: 'metadata', summary: { ok: 1, failed: 0, unknown: 0, unreachable: 0, notFetched: [] } });
  });
});
