/**
 * Two `audiolib serve` instances on one PostgreSQL database and one data directory
 * (README "Running on PostgreSQL and several instances"): instance A is a real child
 * process, B runs in the test process. A scan on A is refused on B with the lock's
 * reason; B's admin socket receives A's scanner messages; a token of A works on B; a
 * review written through A reads through B; SIGKILL of A mid-scan frees the lock and B
 * scans; a config change saved through A applies on B. PostgreSQL only (AUDIOLIB_TEST_DB=pg): one SQLite file has one server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, callApi, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { ScanSocket } from '../helpers/scan-socket.js';
import { PG_MODE } from '../helpers/pg.js';
import { bigLibrary } from '../unit/library/helpers.js';
import { loadConfig, saveConfig } from '../../src/config/index.js';
import { ApiClient } from '../../src/api/client.js';
import { startServe, type RunningServe } from './run.js';

/** Work folders in the library: enough that a scan (one ffprobe per work) lasts a few seconds. */
const WORKS = 600;

const socketOf = (url: string, token: string) => new ScanSocket(`${url.replace('http', 'ws')}/api/ws?token=${token}`);

describe.skipIf(!PG_MODE)('two instances on one PostgreSQL database', () => {
  let dataDir: string;
  let a: RunningServe;
  let b: TestServer;
  const sockets: ScanSocket[] = [];
  beforeAll(async () => {
    dataDir = tempDataDir('audiolib-instances-');
    saveConfig(dataDir, { ...loadConfig(dataDir), rootFolders: [{ name: 'lib', path: bigLibrary(WORKS) }], fetchMetadata: false });
    a = await startServe(dataDir, ADMIN_PASSWORD);
    b = await startTestServer({ dataDir });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.closeAndWait()));
    if (a.child.exitCode === null && a.child.signalCode === null) await a.stop();
    await b.close();
  });

  it('share tokens, reviews, the scan lock and the scanner messages; a killed scan frees the lock', async () => {
    const tokenA = await new ApiClient({ baseUrl: a.url }).login('admin', ADMIN_PASSWORD);
    expect((await callApi(b, 'GET', '/api/auth/me', tokenA)).body.user).toEqual({ name: 'admin', group: 'admin' });

    const onB = socketOf(b.url, tokenA);
    const onA = socketOf(a.url, tokenA);
    sockets.push(onA, onB);
    await Promise.all([onA.next('success'), onB.next('success')]);
    onA.send('PERFORM_SCAN');
    // A's scanner messages reach B's admin socket
    const relayed = await onB.next('SCAN_MAIN_LOGS');
    expect(relayed.type).toBe('SCAN_MAIN_LOGS');
    await onB.next('SCAN_RESULTS');
    // and B refuses a scan of its own, naming A's
    const before = onB.messages.length;
    onB.send('PERFORM_SCAN');
    const refused = await onB.next('SCAN_ERROR', () => true, before);
    expect(refused.error).toMatch(/a scan is already running \(pid \d+ on .+, started .+\)/);
    expect(refused.error).toContain(`pid ${a.child.pid}`);
    expect(onB.messages.some((m) => m.type === 'SCAN_FINISHED')).toBe(false); // A still scans
    expect(onA.messages.some((m) => m.type === 'SCAN_ERROR')).toBe(false); // B's refusal is B's own

    // SIGKILL of A mid-scan: its database session ends and with it the lock
    const killed = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await killed;
    let started = false;
    for (let i = 0; i < 50 && !started; i++) {
      const mark = onB.messages.length;
      onB.send('PERFORM_SCAN');
      const answer = await Promise.race([onB.next('SCAN_ERROR', () => true, mark), onB.next('SCAN_MAIN_LOGS', () => true, mark)]);
      started = answer.type !== 'SCAN_ERROR';
      if (!started) await new Promise((r) => setTimeout(r, 200));
    }
    expect(started).toBe(true);
    const finished = await onB.next('SCAN_FINISHED', () => true, onB.messages.length - 1);
    expect(finished.message).toMatch(/added|updated|skipped/);
    const works = (await callApi(b, 'GET', '/api/works?page=1', tokenA)).body;
    expect(works.pagination.totalCount).toBe(WORKS);

    // a review written through another instance (A again) reads through B
    a = await startServe(dataDir, ADMIN_PASSWORD);
    const workId = works.works[0].id as number;
    const put = await callApi(a, 'PUT', '/api/review?starOnly=false', tokenA, { user_name: 'admin', work_id: workId, rating: 4, review_text: 'from A', progress: 'listened' });
    expect(put.status).toBe(200);
    const mine = (await callApi(b, 'GET', '/api/review?page=1', tokenA)).body;
    expect(mine.works.map((w: { id: number; userRating: number; review_text: string }) => [w.id, w.userRating, w.review_text])).toEqual([[workId, 4, 'from A']]);

    // a config change saved through A applies on B
    expect((await callApi(a, 'PUT', '/api/config/admin', tokenA, { config: { pageSize: 30 } })).status).toBe(200);
    let pageSize = 0;
    for (let i = 0; i < 50 && pageSize !== 30; i++, await new Promise((r) => setTimeout(r, 100))) {
      pageSize = (await callApi(b, 'GET', '/api/config/admin', tokenA)).body.config.pageSize;
    }
    expect(pageSize).toBe(30);
  });
});
