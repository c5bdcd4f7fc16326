/**
 * Works whose store metadata could not be fetched: a library scan over the scanner
 * socket lists them in the failed tab with their reasons (and counts them in its finish
 * line), a page opened after the scan still gets them, the works answer `store_data`
 * false, the works list filters them (`storeData=none`), and the work's rescan and the
 * scanner's PERFORM_METADATA_FETCH fetch them again. The store is the recorded one (test/helpers/fake-store.ts), failing one
 * work's page once with HTTP 500; two works of the fixture library are unknown to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, startTestServer, type TestServer } from '../helpers/server.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { copyLibrary } from '../unit/library/helpers.js';
import { ScanSocket } from '../helpers/scan-socket.js';
import type { Work, WorksAnswer } from '../../src/model/index.js';

let store: FakeStore;
let srv: TestServer;
let token: string;
const sockets: ScanSocket[] = [];

/** An admin's scanner page, logged in. */
async function scannerPage(): Promise<ScanSocket> {
  const page = new ScanSocket(`${srv.url.replace('http', 'ws')}/api/ws?token=${token}`);
  sockets.push(page);
  await page.next('success');
  return page;
}

beforeAll(async () => {
  store = await startFakeStore();
  srv = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: copyLibrary() }], ...store.config, retry: 1, retryDelay: 0, dlsiteTimeout: 60_000, hvdbTimeout: 60_000, fetchMetadata: true } });
  token = await srv.login();
  store.failTimes('/product_id/RJ173248.html', 1, 500);
  const page = await scannerPage();
  page.send('PERFORM_SCAN');
  await page.next('SCAN_FINISHED');
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.closeAndWait()));
  await srv.close();
  await store.close();
});

const NOT_FETCHED = ['01012345', '173248', '299717'];

describe('a scan whose metadata failed for some works', () => {
  it('says how many in its finish line and lists them with their reasons in the failed tab, also to a page opened after it', async () => {
    const page = await scannerPage();
    page.send('ON_SCANNER_PAGE');
    const state = await page.next('SCAN_INIT_STATE');
    expect(state.status).toBe('finished');
    expect(state.failedTasks.map((t) => t.rjcode).sort(), JSON.stringify(state.failedTasks)).toEqual(NOT_FETCHED);
    expect(state.mainLogs.at(-1)).toMatchObject({ code: 'scan.finishedMetadata', params: { added: 5, failed: 0, notFetched: 3 } });
    expect(state.mainLogs.at(-1)!.message).toBe('scan finished: added 5, updated 0, skipped 0, failed 0, duplicates 1, metadata not fetched 3');
    expect(state.failedTasks.map((t) => t.rjcode).sort()).toEqual(NOT_FETCHED);
    for (const task of state.failedTasks) expect(task).toMatchObject({ result: 'failed', metadata: true });
    const failed = state.failedTasks.find((t) => t.rjcode === '173248')!;
    expect(failed.logs).toContainEqual(expect.objectContaining({ level: 'error', code: 'metadata.failed', message: expect.stringContaining('HTTP 500') }));
    const unknown = state.failedTasks.find((t) => t.rjcode === '01012345')!;
    expect(unknown.logs.some((l) => l.level === 'error')).toBe(true);
  });

  it('gives each reason as a coded text beside its English, for the failed tab to say in its language', async () => {
    const page = await scannerPage();
    page.send('ON_SCANNER_PAGE');
    const state = await page.next('SCAN_INIT_STATE');
    const reasonOf = (rjcode: string) => state.failedTasks.find((t) => t.rjcode === rjcode)!.logs.find((l) => l.code === 'metadata.failed')!;
    expect(reasonOf('173248')).toMatchObject({ params: { reason: expect.stringMatching(/^HTTP 500: /) }, paramTexts: { reason: { code: 'fetch.http', params: { status: 500 } } } });
    expect(reasonOf('01012345')).toMatchObject({
      message: 'metadata failed, will retry: unknown work code: neither DLsite nor HVDB has it',
      paramTexts: { reason: { code: 'metadata.unknownWork', message: 'unknown work code: neither DLsite nor HVDB has it' } },
    });
  });
});

describe('works without store data', () => {
  it('answer store_data false in lists and alone, true for the others', async () => {
    const all = await callApi(srv, 'GET', '/api/works', token);
    expect(all.status).toBe(200);
    const works = (all.body as WorksAnswer).works;
    expect(works).toHaveLength(5);
    const without = works.filter((w) => w.store_data === false).map((w) => String(w.id).padStart(w.id > 999999 ? 8 : 6, '0')).sort();
    expect(without).toEqual(NOT_FETCHED);
    expect(works.filter((w) => w.store_data === true)).toHaveLength(2);
    const one = await callApi(srv, 'GET', '/api/work/173248', token);
    expect((one.body as Work).store_data).toBe(false);
    expect((await callApi(srv, 'GET', '/api/work/189758', token)).body as Work).toMatchObject({ store_data: true });
  });

  it('are the works list filtered by storeData=none; another value is refused', async () => {
    const res = await callApi(srv, 'GET', '/api/works?storeData=none&order=id&sort=asc', token);
    expect(res.status).toBe(200);
    const answer = res.body as WorksAnswer;
    expect(answer.works.map((w) => w.id)).toEqual([173248, 299717, 1012345]);
    expect(answer.pagination.totalCount).toBe(3);
    const bad = await callApi(srv, 'GET', '/api/works?storeData=some', token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: expect.any(String), error: expect.stringContaining('storeData') });
  });

  it('fetch again through the work\'s rescan: the work the store answers again leaves the filter, one unknown to it answers why', async () => {
    const again = await callApi(srv, 'POST', '/api/work/scan/173248', token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ code: 'work.scanSkipped' });
    expect(((await callApi(srv, 'GET', '/api/work/173248', token)).body as Work).store_data).toBe(true);
    const list = (await callApi(srv, 'GET', '/api/works?storeData=none&order=id&sort=asc', token)).body as WorksAnswer;
    expect(list.works.map((w) => w.id)).toEqual([299717, 1012345]);

    const unknown = await callApi(srv, 'POST', '/api/work/scan/1012345', token);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ code: 'work.metadataNotFetched', params: { code: 'RJ01012345', reason: expect.any(String) } });
    expect(((await callApi(srv, 'GET', '/api/work/1012345', token)).body as Work).store_data).toBe(false);
  });

  it('the rescan of a work the store does not know answers the coded reason', async () => {
    const unknown = await callApi(srv, 'POST', '/api/work/scan/1012345', token);
    expect(unknown.body).toMatchObject({
      code: 'work.metadataNotFetched',
      params: { code: 'RJ01012345', reason: 'unknown work code: neither DLsite nor HVDB has it' },
      paramTexts: { reason: { code: 'metadata.unknownWork' } },
    });
  });

  it('are fetched again by the scanner page\'s PERFORM_METADATA_FETCH, which lists those still not fetched', async () => {
    store.alias('RJ299717', 'RJ189758');
    const page = await scannerPage();
    page.send('PERFORM_METADATA_FETCH');
    const finished = await page.next('SCAN_FINISHED');
    expect(finished).toEqual({ type: 'SCAN_FINISHED', kind: 'metadata', message: 'metadata fetch finished: 1 fetched, 1 not fetched', code: 'metadata.fetchFinished', params: { ok: 1, notFetched: 1 } });
    const failed = [...page.messages].reverse().find((m) => m.type === 'SCAN_FAILED_TASKS');
    expect(failed).toMatchObject({ kind: 'metadata', failedTasks: [{ rjcode: '01012345', result: 'failed', metadata: true }] });
    const list = (await callApi(srv, 'GET', '/api/works?storeData=none', token)).body as WorksAnswer;
    expect(list.works.map((w) => w.id)).toEqual([1012345]);
    const run = await srv.services.db('scan_runs').orderBy('id', 'desc').first('kind', 'status');
    expect(run).toEqual({ kind: 'metadata', status: 'finished' });
  });
});
