/**
 * The scanner's WebSocket (/api/ws; spec 001 sections 3 and 7)
 * seen by real ws clients against the real server during real scans: auth, the spec's
 * messages, a failed task, two pages sharing state, SCAN_INIT_STATE mid-scan and after
 * a scan, a kill.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { createUser } from '../../src/users/index.js';
import { copyLibrary, tempDir } from '../unit/library/helpers.js';
import type { ScanMessage, ScanResultEntry } from '../../src/model/index.js';
import { ScanSocket as Client } from '../helpers/scan-socket.js';
import { acquireScanLock } from '../../src/scan/index.js';

let server: TestServer | null = null;
const clients: Client[] = [];
const connect = (query: string) => {
  const c = new Client(`${server!.url.replace('http', 'ws')}/api/ws${query}`);
  clients.push(c);
  return c;
};
const closedWith = (c: Client) => new Promise<number>((resolve) => (c.closed ? resolve(c.closed.code) : c.ws.once('close', (code) => resolve(code))));

let store: FakeStore | null = null;
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.closeAndWait()));
  await server?.close();
  server = null;
  await store?.close();
  store = null;
});

/** How many result lines of each kind. */
const resultCounts = (results: ScanResultEntry[]) => results.reduce<Record<string, number>>((n, r) => ({ ...n, [r.result]: (n[r.result] ?? 0) + 1 }), {});

/** The fixture library plus RJ777777, whose only file name is not valid UTF-8: it fails. */
function libraryWithFailure(): string {
  const lib = copyLibrary();
  const bad = path.join(lib, 'RJ777777 old archive');
  fs.mkdirSync(bad);
  fs.writeFileSync(Buffer.concat([Buffer.from(bad + '/'), Buffer.from([0x82, 0xa0, 0x2e, 0x6d, 0x70, 0x33])]), 'x');
  return lib;
}

/** A library of `n` works with 4 files each, hard links to one fixture mp3 (no disk cost). */
function bigLibrary(n: number): string {
  const root = path.join(tempDir(), 'big');
  const mp3 = path.join(copyLibrary(), 'RJ265946 サキュバスアカデミア', 'short.mp3');
  for (let i = 0; i < n; i++) {
    const dir = path.join(root, `RJ${700000 + i} work ${i}`);
    fs.mkdirSync(dir, { recursive: true });
    for (let t = 1; t <= 3; t++) fs.linkSync(mp3, path.join(dir, `track ${t}.mp3`));
    fs.writeFileSync(path.join(dir, 'readme.txt'), `work ${i}\n`);
  }
  return root;
}

describe('/api/ws auth', () => {
  it('closes with an error message without a token, with a bad one, and for non-admins', async () => {
    server = await startTestServer();
    const none = connect('');
    expect(await none.next('error')).toEqual({ type: 'error', message: 'unauthorized: log in again', code: 'auth.signInAgain' });
    expect(await closedWith(none)).toBe(4001);
    const bad = connect('?token=nonsense');
    expect(await bad.next('error')).toMatchObject({ type: 'error' });
    expect(await closedWith(bad)).toBe(4001);
    await createUser(server.services.db, 'listener', 'listener-pw', 'user');
    const user = connect(`?token=${await server.login('listener', 'listener-pw')}`);
    expect(await user.next('error')).toEqual({ type: 'error', message: 'admin only', code: 'auth.adminOnly' });
    expect(await closedWith(user)).toBe(4003);
    const admin = connect(`?token=${await server.login()}`);
    expect(await admin.next('success')).toEqual({ type: 'success', message: 'logged in', code: 'auth.signedIn', auth: true, user: { name: 'admin', group: 'admin' } });
    expect(admin.closed).toBeNull();
  });
});

describe('scans over /api/ws', () => {
  it('streams main logs, results, the failed task and SCAN_FINISHED for PERFORM_SCAN', async () => {
    const lib = libraryWithFailure();
    store = await startFakeStore();
    server = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: lib }], ...store.config, retry: 1, retryDelay: 0 } });
    const page = connect(`?token=${await server.login()}`);
    await page.next('success');
    page.send('ON_SCANNER_PAGE');
    page.send('PERFORM_SCAN');
    const finished = await page.next('SCAN_FINISHED');
    expect(finished).toEqual({ type: 'SCAN_FINISHED', kind: 'scan', message: 'scan finished: added 5, updated 0, skipped 0, failed 1, duplicates 1', code: 'scan.finished', params: { added: 5, updated: 0, skipped: 0, failed: 1, duplicates: 1 } });
    const results = [...page.messages].reverse().find((m) => m.type === 'SCAN_RESULTS') as Extract<ScanMessage, { type: 'SCAN_RESULTS' }>;
    expect(results.results.filter((r) => r.result === 'added').map((r) => r.rjcode).sort()).toEqual(['01012345', '173248', '189758', '265946', '299717']);
    expect(results.results.filter((r) => r.result === 'added').map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(results.results.filter((r) => r.result === 'failed')).toEqual([{ rjcode: '777777', result: 'failed', count: 1 }]);
    const failed = await page.next('SCAN_FAILED_TASKS', (m) => m.failedTasks.length > 0);
    expect(failed.failedTasks).toHaveLength(1);
    expect(failed.failedTasks[0]).toMatchObject({ rjcode: '777777', result: 'failed' });
    expect(failed.failedTasks[0]!.logs.at(-1)).toEqual({ level: 'error', message: expect.stringContaining('not valid UTF-8'), code: 'scan.nameNotUtf8', params: { path: expect.any(String) } });
    const logs = [...page.messages].reverse().find((m) => m.type === 'SCAN_MAIN_LOGS') as Extract<ScanMessage, { type: 'SCAN_MAIN_LOGS' }>;
    expect(logs.mainLogs.map((l) => l.message)).toEqual(expect.arrayContaining(['found 6 work folders', expect.stringMatching(/^RJ173248 is in two folders/)]));
    const tasks = [...page.messages].reverse().find((m) => m.type === 'SCAN_TASKS') as Extract<ScanMessage, { type: 'SCAN_TASKS' }>;
    expect(tasks.tasks).toEqual([]);
    expect((await server.services.db('works').count({ n: '*' }).first())!.n).toBe(5);

    // the lyric scan over the same socket
    const from = page.messages.length;
    page.send('PERFORM_LYRIC_SCAN');
    expect((await page.next('SCAN_FINISHED', () => true, from)).message).toBe('scan finished: added 0, updated 0, skipped 5, failed 0, duplicates 0');
    // refresh library info: the dynamic info of every work from the store (3 of the 5 are known there)
    const beforeUpdate = page.messages.length;
    page.send('PERFORM_UPDATE');
    expect((await page.next('SCAN_FINISHED', () => true, beforeUpdate)).message).toBe('scan finished: added 0, updated 3, skipped 2, failed 0, duplicates 0');
    expect(await server.services.db('works').where({ id: 173248 }).first('dl_count', 'rate_average_2dp')).toEqual({ dl_count: 5213, rate_average_2dp: 4.52 });
  });

  it('fetches the metadata of the new works after PERFORM_SCAN when fetchMetadata is on, without counting them twice', async () => {
    store = await startFakeStore();
    server = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: copyLibrary() }], ...store.config, retry: 1, retryDelay: 0, fetchMetadata: true } });
    const page = connect(`?token=${await server.login()}`);
    await page.next('success');
    page.send('PERFORM_SCAN');
    expect(await page.next('SCAN_FINISHED')).toMatchObject({
      message: 'scan finished: added 5, updated 0, skipped 0, failed 0, duplicates 1, metadata not fetched 2',
      code: 'scan.finishedMetadata', params: { added: 5, failed: 0, notFetched: 2 },
    });
    const logs = [...page.messages].reverse().find((m) => m.type === 'SCAN_MAIN_LOGS') as Extract<ScanMessage, { type: 'SCAN_MAIN_LOGS' }>;
    expect(logs.mainLogs.map((l) => l.message)).toEqual(expect.arrayContaining(['fetching metadata of 5 works', 'metadata: 3 fetched, 2 not fetched (2 unknown to the stores, 0 store errors)']));
    const results = [...page.messages].reverse().find((m) => m.type === 'SCAN_RESULTS') as Extract<ScanMessage, { type: 'SCAN_RESULTS' }>;
    expect(resultCounts(results.results)).toEqual({ added: 5 }); // the fetch does not count the works again as skipped
    expect(await server.services.db('works').where({ id: 189758 }).first('circle_id', 'metadata_status')).toMatchObject({ metadata_status: 'ok' });
    expect((await server.services.db('works').where({ id: 189758 }).first('circle_id'))!.circle_id).not.toBeNull();
  });

  it('gives a page opened after a scan that scan\'s state: status, logs, failed task and results, skipped works counted', async () => {
    server = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: libraryWithFailure() }] } });
    const token = await server.login();
    const a = connect(`?token=${token}`);
    await a.next('success');
    a.send('ON_SCANNER_PAGE');
    a.send('PERFORM_SCAN');
    const finished = await a.next('SCAN_FINISHED');
    expect(finished).toEqual({ type: 'SCAN_FINISHED', kind: 'scan', message: 'scan finished: added 5, updated 0, skipped 0, failed 1, duplicates 1', code: 'scan.finished', params: { added: 5, updated: 0, skipped: 0, failed: 1, duplicates: 1 } });
    expect(a.messages.filter((m) => m.type === 'SCAN_INIT_STATE')).toEqual([]); // nothing to tell before the first scan

    const opened = async () => {
      const page = connect(`?token=${token}`);
      await page.next('success');
      page.send('ON_SCANNER_PAGE');
      return page.next('SCAN_INIT_STATE');
    };
    const later = await opened();
    expect(later.status).toBe('finished');
    expect(later.mainLogs.map((l) => l.message)).toEqual(expect.arrayContaining(['found 6 work folders', expect.stringMatching(/^RJ173248 is in two folders/)]));
    expect(later.mainLogs.at(-1)).toEqual({ level: 'info', message: finished.message, code: 'scan.finished', params: finished.params });
    expect(later.tasks).toEqual([]);
    expect(later.failedTasks).toHaveLength(1);
    expect(later.failedTasks[0]).toMatchObject({ rjcode: '777777', result: 'failed' });
    expect(later.failedTasks[0]!.logs.at(-1)!.message).toContain('not valid UTF-8');
    expect(resultCounts(later.results)).toEqual({ added: 5, failed: 1 });

    // A rescan: the result lines count the skipped works as the summary line does.
    const from = a.messages.length;
    a.send('PERFORM_SCAN');
    expect((await a.next('SCAN_FINISHED', () => true, from)).message).toBe('scan finished: added 0, updated 0, skipped 5, failed 1, duplicates 1');
    const rescan = await opened();
    expect(rescan.status).toBe('finished');
    expect(resultCounts(rescan.results)).toEqual({ skipped: 5, failed: 1 });
    expect(rescan.results.filter((r) => r.result === 'skipped').map((r) => r.count)).toEqual([1, 2, 3, 4, 5]);
    expect(rescan.mainLogs.map((l) => l.message)).not.toContain(finished.message);
  });

  it('shares one state between two pages, gives SCAN_INIT_STATE mid-scan, refuses a second scan, and kills within the scan', async () => {
    const lib = bigLibrary(400);
    server = await startTestServer({ config: { rootFolders: [{ name: 'big', path: lib }] } });
    const token = await server.login();
    const a = connect(`?token=${token}`);
    await a.next('success');
    a.send('PERFORM_SCAN');
    await a.next('SCAN_RESULTS', (m) => m.results.length >= 5);

    const b = connect(`?token=${token}`);
    await b.next('success');
    b.send('ON_SCANNER_PAGE');
    const init = await b.next('SCAN_INIT_STATE');
    expect(init.kind).toBe('scan');
    expect(init.results.length).toBeGreaterThanOrEqual(5);
    expect(init.mainLogs[0]!.message).toMatch(/^scanning big \(/);
    expect(init.results.every((r) => r.result === 'added')).toBe(true);
    // both pages get the later updates
    const later = await b.next('SCAN_RESULTS', (m) => m.results.length > init.results.length);
    expect(later.results.slice(0, init.results.length)).toEqual(init.results);

    b.send('PERFORM_SCAN');
    expect(await b.next('error')).toEqual({ type: 'error', message: 'a scan is already running', code: 'scan.alreadyRunning' });

    a.send('KILL_SCAN_PROCESS');
    const [endA, endB] = await Promise.all([a.next('SCAN_FINISHED'), b.next('SCAN_FINISHED')]);
    expect(endA.message).toMatch(/^scan killed: added \d+, updated 0, skipped 0, failed 0, duplicates 0$/);
    expect(endA).toMatchObject({ code: 'scan.killed', kind: 'scan' });
    expect(endB).toEqual(endA);
    const added = Number(/added (\d+)/.exec(endA.message)![1]);
    expect(added).toBeLessThan(400);
    const db = server.services.db;
    expect((await db('works').count({ n: '*' }).first())!.n).toBe(added);
    // every committed work is whole: 4 files each
    expect(await db('files').select('work_id').count({ n: '*' }).groupBy('work_id').havingRaw('count(*) <> 4')).toEqual([]);
    expect(await db('scan_runs').orderBy('id', 'desc').first()).toMatchObject({ status: 'killed' });

    // a new scan picks up where the killed one stopped
    const from = a.messages.length;
    a.send('PERFORM_SCAN');
    expect((await a.next('SCAN_FINISHED', () => true, from)).message).toBe(`scan finished: added ${400 - added}, updated 0, skipped ${added}, failed 0, duplicates 0`);
  });

  it('reports a killed library info refresh as such, with its kind, and keeps that kind for pages opened later', async () => {
    // a store that never answers: the refresh waits on it until killed
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as net.AddressInfo).port}`;
    try {
      server = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: copyLibrary() }], dlsiteBaseUrl: url, dlsiteImgBaseUrl: url, hvdbBaseUrl: url, dlsiteTrialBaseUrl: url, retry: 1, retryDelay: 0, fetchMetadata: false } });
      const token = await server.login();
      const page = connect(`?token=${token}`);
      await page.next('success');
      page.send('PERFORM_SCAN');
      expect(await page.next('SCAN_FINISHED')).toMatchObject({ code: 'scan.finished', kind: 'scan' });
      const from = page.messages.length;
      page.send('PERFORM_UPDATE');
      await page.next('SCAN_MAIN_LOGS', (m) => m.kind === 'update' && m.mainLogs.some((l) => l.code === 'metadata.refreshing'), from);
      page.send('KILL_SCAN_PROCESS');
      const end = await page.next('SCAN_FINISHED', () => true, from);
      expect(end).toMatchObject({ message: 'library info refresh killed', code: 'scan.refreshKilled', kind: 'update' });

      const later = connect(`?token=${token}`);
      await later.next('success');
      later.send('ON_SCANNER_PAGE');
      const init = await later.next('SCAN_INIT_STATE');
      expect(init).toMatchObject({ kind: 'update', status: 'finished' });
      expect(init.mainLogs.at(-1)).toEqual({ level: 'info', message: 'library info refresh killed', code: 'scan.refreshKilled' });
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('answers SCAN_ERROR when another process holds the scan lock', async () => {
    server = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: copyLibrary() }] } });
    const lock = await acquireScanLock(server.services.db, 'scan');
    try {
      const page = connect(`?token=${await server.login()}`);
      await page.next('success');
      page.send('ON_SCANNER_PAGE');
      expect((await page.next('SCAN_MAIN_LOGS')).mainLogs[0]).toMatchObject({ message: expect.stringMatching(/^a scan is already running \(pid \d+ .*\) in another process$/), code: 'scan.otherProcess', params: { pid: process.pid } });
      page.send('PERFORM_SCAN');
      const refused = await page.next('SCAN_ERROR');
      expect(refused).toMatchObject({ error: expect.stringMatching(/^a scan is already running \(pid \d+ on .+, started .+ UTC\)$/), code: 'scan.locked' });
      // a page opened later sees the refusal, then the other process's scan
      const later = connect(`?token=${await server.login()}`);
      await later.next('success');
      later.send('ON_SCANNER_PAGE');
      expect(await later.next('SCAN_INIT_STATE')).toMatchObject({ status: 'error', mainLogs: [{ level: 'error', message: refused.error }] });
      expect((await later.next('SCAN_MAIN_LOGS')).mainLogs.map((l) => l.message)).toEqual([refused.error, expect.stringMatching(/in another process$/)]);
    } finally {
      await lock.release('finished');
    }
  });

  it('runs the scheduled scans of scanCron', async () => {
    server = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: copyLibrary() }], scanCron: '* * * * * *' } });
    const page = connect(`?token=${await server.login()}`);
    await page.next('success');
    // every second: the first run adds the works, later runs skip them
    expect((await page.next('SCAN_FINISHED')).message).toMatch(/^scan finished: added [05], updated 0, skipped [05], failed 0, duplicates 1$/);
    expect((await server.services.db('works').count({ n: '*' }).first())!.n).toBe(5);
    expect((await server.services.db('scan_runs').where({ kind: 'scan', status: 'finished' }).count({ n: '*' }).first())!.n).toBeGreaterThanOrEqual(1);
  });
});

/**
 * A raw WebSocket client on a TCP socket: the upgrade request and the first frames go
 * out in ONE write, so the server has the commands before it can have checked the token.
 * Records the server's text messages in order, and its close frame as {type: 'close', code}.
 */
async function rawSocket(query: string, early: object[]) {
  const { port } = new URL(server!.url);
  const frame = (message: object) => {
    const payload = Buffer.from(JSON.stringify(message));
    const mask = Buffer.from([1, 2, 3, 4]);
    return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, payload.map((b, i) => b ^ mask[i % 4]!)]);
  };
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const messages: (ScanMessage | { type: 'close'; code: number })[] = [];
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  const changed: (() => void)[] = [];
  socket.on('data', (data) => {
    buffer = Buffer.concat([buffer, data]);
    if (!upgraded) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      expect(buffer.subarray(0, 12).toString()).toBe('HTTP/1.1 101');
      buffer = buffer.subarray(end + 4);
      upgraded = true;
    }
    // server frames are unmasked; these messages are short (< 64 KiB)
    while (buffer.length >= 2) {
      const short = buffer[1]! & 0x7f;
      const [start, length] = short === 126 ? [4, buffer.length >= 4 ? buffer.readUInt16BE(2) : Infinity] : [2, short];
      if (buffer.length < start + length) break;
      const opcode = buffer[0]! & 0x0f;
      if (opcode === 1) messages.push(JSON.parse(buffer.subarray(start, start + length).toString()) as ScanMessage);
      if (opcode === 8) messages.push({ type: 'close', code: buffer.readUInt16BE(start) });
      buffer = buffer.subarray(start + length);
    }
    changed.splice(0).forEach((f) => f());
  });
  const request = [`GET /api/ws${query} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Upgrade: websocket', 'Connection: Upgrade',
    `Sec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}`, 'Sec-WebSocket-Version: 13', '', ''].join('\r\n');
  socket.write(Buffer.concat([Buffer.from(request), ...early.map(frame)]));
  return {
    messages,
    send: (message: object) => socket.write(frame(message)),
    /** Resolves with every message so far once one matching `test` arrived. */
    async until(test: (m: (typeof messages)[number]) => boolean) {
      while (!messages.some(test)) await new Promise<void>((resolve) => changed.push(resolve));
      return messages;
    },
    close: () => socket.destroy(),
  };
}

describe('commands over /api/ws', () => {
  it('answers error for names that are not commands, inherited object properties included, and starts nothing', async () => {
    server = await startTestServer(); // no root folders: a real PERFORM_SCAN is refused
    const page = connect(`?token=${await server.login()}`);
    await page.next('success');
    const names = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];
    for (const type of [...names, 'PERFORM_SCAN', 'end-of-test']) page.send(type);
    await page.next('error', (m) => m.message === 'unknown command: end-of-test');
    expect(page.messages.slice(1)).toEqual([
      ...names.map((type) => ({ type: 'error', message: `unknown command: ${type}`, code: 'socket.unknownCommand', params: { command: type } })),
      { type: 'error', message: 'no root folders to scan: add one in the settings', code: 'scan.noRoots' },
      { type: 'error', message: 'unknown command: end-of-test', code: 'socket.unknownCommand', params: { command: 'end-of-test' } },
    ]);
    expect((await server.services.db('scan_runs').count({ n: '*' }).first())!.n).toBe(0);
  });

  it('queues commands sent before the token check finished and answers them after success, in order', async () => {
    server = await startTestServer();
    const raw = await rawSocket(`?token=${await server.login()}`, [{ type: 'early-1' }, { type: 'KILL_SCAN_PROCESS' }]);
    try {
      await raw.until((m) => m.type === 'success');
      raw.send({ type: 'late' });
      expect(await raw.until((m) => 'message' in m && m.message === 'unknown command: late')).toEqual([
        { type: 'success', message: 'logged in', code: 'auth.signedIn', auth: true, user: { name: 'admin', group: 'admin' } },
        { type: 'error', message: 'unknown command: early-1', code: 'socket.unknownCommand', params: { command: 'early-1' } },
        { type: 'error', message: 'no scan is running', code: 'scan.notRunning' },
        { type: 'error', message: 'unknown command: late', code: 'socket.unknownCommand', params: { command: 'late' } },
      ]);
    } finally {
      raw.close();
    }
  });

  it('drops the queued commands of a socket that is refused', async () => {
    server = await startTestServer({ config: { rootFolders: [{ name: 'lib', path: copyLibrary() }] } });
    await createUser(server.services.db, 'listener', 'listener-pw', 'user');
    const raw = await rawSocket(`?token=${await server.login('listener', 'listener-pw')}`, [{ type: 'PERFORM_SCAN' }, { type: 'KILL_SCAN_PROCESS' }]);
    try {
      expect(await raw.until((m) => m.type === 'close')).toEqual([{ type: 'error', message: 'admin only', code: 'auth.adminOnly' }, { type: 'close', code: 4003 }]);
      expect((await server.services.db('scan_runs').count({ n: '*' }).first())!.n).toBe(0);
    } finally {
      raw.close();
    }
  });
});
