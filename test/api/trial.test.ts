/**
 * The trial catalogue (spec 000 sections 2, 4 and 7; DESIGN section 7) through the real
 * server, a real SQLite file and the stand-in store: the crawler run from the scanner
 * socket, every /api/fake call, the status transitions, the 3-vs-0 split between the two
 * lists, dislike for good, a download end to end (archive served, unpacked, tree, a trial
 * hash streamed with Range), refused archives (zip-slip, oversize, too many entries,
 * a repeated entry, missing) leaving nothing behind and telling no server path, and the
 * guests' 403s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { callApi, fixturesDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { createUser } from '../../src/users/index.js';
import { trialDownloadsOf } from '../../src/server/trial-downloads.js';
import type { ScanMessage, TrackNode, TrialDownload, Work } from '../../src/model/index.js';

const RJ173248 = 173248;
const RJ189758 = 189758;
const RJ265946 = 265946;
const ARCHIVE = path.join(fixturesDir, 'dlsite', 'trial', 'RJ173248_trial.zip');
const PROLOGUE = path.join(fixturesDir, 'library', 'RJ01012345 【癒やし】雨音と耳かきの夜', '01_プロローグ.mp3');

let store: FakeStore;
let srv: TestServer;
let admin: string;
let listener: string;
let guest: string;
let trialDir: string;

beforeAll(async () => {
  store = await startFakeStore();
  srv = await startTestServer({ config: { ...store.config, retry: 1, retryDelay: 0 } });
  trialDir = path.join(srv.dataDir, 'trial');
  await createUser(srv.services.db, 'listener', 'listener-pw', 'user');
  await createUser(srv.services.db, 'visitor', 'visitor-pw', 'guest');
  [admin, listener, guest] = await Promise.all([srv.login(), srv.login('listener', 'listener-pw'), srv.login('visitor', 'visitor-pw')]);
}, 60_000);
afterAll(async () => {
  await srv?.close();
  await store?.close();
});

/** The admin's scanner socket: every message it got, and a wait for the first one matching. */
function scannerSocket(): { messages: ScanMessage[]; until(test: (m: ScanMessage) => boolean): Promise<ScanMessage>; send(type: string): void; close(): void } {
  const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/api/ws?token=${admin}`);
  const messages: ScanMessage[] = [];
  let waiters: { test: (m: ScanMessage) => boolean; resolve: (m: ScanMessage) => void }[] = [];
  const opened = new Promise<void>((resolve) => ws.once('message', () => resolve()));
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as ScanMessage;
    messages.push(m);
    waiters = waiters.filter((w) => (w.test(m) ? (w.resolve(m), false) : true));
  });
  return {
    messages,
    until: (test) => messages.find(test) ? Promise.resolve(messages.find(test)!) : new Promise((resolve) => waiters.push({ test, resolve })),
    send: (type) => void opened.then(() => ws.send(JSON.stringify({ type }))),
    close: () => ws.close(),
  };
}

/** Runs the trial crawler from the scanner socket (PERFORM_TRIAL_FETCH); answers the finish message. */
async function crawl(): Promise<string> {
  const socket = scannerSocket();
  socket.send('PERFORM_TRIAL_FETCH');
  const end = await socket.until((m) => m.type === 'SCAN_FINISHED' || m.type === 'SCAN_ERROR');
  socket.close();
  if (end.type !== 'SCAN_FINISHED') throw new Error(JSON.stringify(end));
  return end.message;
}

/** Polls GET /api/fake/download/:id until the download is done or failed. */
async function downloaded(id: number): Promise<TrialDownload> {
  for (let i = 0; i < 300; i++) {
    const res = await callApi(srv, 'GET', `/api/fake/download/${id}`, listener);
    const d = res.body?.download as TrialDownload | undefined;
    if (d && (d.state === 'done' || d.state === 'failed')) return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`download of ${id} never ended`);
}

const trialIds = async (token = listener, query = '') => ((await callApi(srv, 'GET', `/api/fake/works${query}`, token)).body.works as Work[]).map((w) => w.id).sort();
const statusOf = async (id: number) => ((await srv.services.db('works').where({ id }).first('status')) as { status: number } | undefined)?.status;
const leftovers = () => (fs.existsSync(trialDir) ? fs.readdirSync(trialDir).filter((n) => n.startsWith('.partial-')) : []);
const audioOf = (tree: TrackNode[]): TrackNode[] => tree.flatMap((n) => (n.type === 'folder' ? audioOf(n.children ?? []) : n.type === 'audio' ? [n] : []));
const filesOf = (tree: TrackNode[]): TrackNode[] => tree.flatMap((n) => (n.type === 'folder' ? filesOf(n.children ?? []) : [n]));

describe('the trial catalogue', () => {
  it('is empty before the crawler ran', async () => {
    const res = await callApi(srv, 'GET', '/api/fake/works', listener);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ works: [], pagination: { currentPage: 1, pageSize: 12, totalCount: 0 } });
    expect((await callApi(srv, 'GET', `/api/fake/${RJ173248}`, listener)).status).toBe(404);
  });

  it('fills from the store listing when the admin runs the crawler: status 0, metadata and covers', async () => {
    expect(await crawl()).toBe('trial fetch finished: listed 3, added 3, skipped 0');
    expect(store.count('/maniax/new/=/work_type_category/audio')).toBe(1);
    expect(await trialIds()).toEqual([RJ173248, RJ189758, RJ265946]);
    for (const id of [RJ173248, RJ189758, RJ265946]) expect(await statusOf(id)).toBe(0);

    const work = (await callApi(srv, 'GET', `/api/fake/${RJ173248}`, listener)).body as Work;
    expect(work).toMatchObject({ id: RJ173248, title: '搾精天使ピュアミルク 背後からバイノーラルでいじめられる音声', circle: { name: 'B-bishop' } });
    expect(work.vas.map((v) => v.name).sort()).toEqual(['七海うと', '餅よもぎ']);
    for (const p of [`/api/fake/cover/${RJ173248}?type=main`, `/api/fake/spider/cover/${RJ173248}`]) {
      const cover = await callApi(srv, 'GET', p, listener);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('keeps the two catalogues apart: the main list shows status 3, the trial list status 0', async () => {
    expect((await callApi(srv, 'GET', '/api/works', listener)).body.pagination.totalCount).toBe(0);
    expect((await callApi(srv, 'GET', `/api/work/${RJ173248}`, listener)).status).toBe(404);
    expect((await callApi(srv, 'GET', `/api/cover/${RJ173248}`, listener)).status).toBe(404);
    expect((await callApi(srv, 'GET', `/api/tracks/${RJ173248}`, listener)).status).toBe(404);
    // the list parameters of /api/works work here too
    expect(await trialIds(listener, '?keyword=RJ189758')).toEqual([RJ189758]);
    const asc = (await callApi(srv, 'GET', '/api/fake/works?order=release&sort=asc', listener)).body.works as Work[];
    expect(asc.map((w) => w.id)).toEqual([RJ173248, RJ189758, RJ265946]);
    expect(await trialIds(listener, '?status=1')).toEqual([]);
    const bad = await callApi(srv, 'GET', '/api/fake/works?status=3', listener);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/status/);
  });

  it('downloads a trial archive end to end: unpacked, scanned, served through trial hashes with Range', async () => {
    const socket = scannerSocket();
    await socket.until((m) => m.type === 'success');
    // what is on disk the moment 'done' is announced: a client acting on it finds nothing half-written
    let leftAtDone: string[] | undefined;
    const unsubscribe = trialDownloadsOf(srv.services).subscribe((d) => { if (d.state === 'done') leftAtDone = leftovers(); });
    const start = await callApi(srv, 'POST', `/api/fake/download/${RJ173248}/`, listener);
    expect(start.status).toBe(202);
    expect(start.body.download).toMatchObject({ id: RJ173248, state: 'waiting' });
    const done = await downloaded(RJ173248);
    const size = fs.statSync(ARCHIVE).size;
    expect(done).toEqual({ id: RJ173248, state: 'done', bytes: size, total: size, percent: 100, error: null });
    unsubscribe();
    expect(leftAtDone).toEqual([]);
    await socket.until((m) => m.type === 'TRIAL_DOWNLOAD' && m.download.state === 'done');
    const progress = socket.messages.flatMap((m) => (m.type === 'TRIAL_DOWNLOAD' ? [m.download.state] : []));
    expect(progress).toEqual(expect.arrayContaining(['waiting', 'downloading', 'unpacking', 'scanning', 'done']));
    socket.close();
    expect(store.count('/doujin/RJ174000/RJ173248_trial.zip')).toBe(1);

    // the work is back at status 0, its files under trialFolder/RJ173248 (Shift-JIS names decoded), nothing half-written
    expect(await statusOf(RJ173248)).toBe(0);
    expect(fs.readdirSync(path.join(trialDir, 'RJ173248', 'RJ173248_trial')).sort()).toEqual(['01_体験版.lrc', '01_体験版.mp3', 'readme.txt', '表紙.jpg']);
    expect(leftovers()).toEqual([]);
    expect(await trialIds()).toContain(RJ173248);

    const tree = (await callApi(srv, 'GET', `/api/fake/tracks/${RJ173248}`, listener)).body as TrackNode[];
    expect(tree.map((n) => n.title)).toEqual(['RJ173248_trial']);
    const [audio] = audioOf(tree);
    expect(audio!.title).toBe('01_体験版.mp3');
    expect(audio!.hash).toMatch(/^rj173248\/\d+$/);
    expect(audio!.duration).toBeCloseTo(8.86, 1);
    expect(audio!.mediaStreamUrl).toBe(`/api/fake/media/stream/${audio!.hash}`);
    expect(audio!.lyric).toMatch(/^rj173248\/\d+$/);

    const partial = await fetch(`${srv.url}/api/fake/media/stream/${audio!.hash}?token=${listener}`, { headers: { range: 'bytes=100-199' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await partial.arrayBuffer()).equals(fs.readFileSync(PROLOGUE).subarray(100, 200))).toBe(true);

    const lrc = await callApi(srv, 'GET', `/api/fake/media/check-lrc/${audio!.hash}`, listener);
    expect(lrc.body).toEqual({ result: true, hash: audio!.lyric, lyricExtension: 'lrc' });
    const files = filesOf(tree);
    const readme = files.find((f) => f.title === 'readme.txt')!;
    expect((await callApi(srv, 'GET', `/api/fake/media/stream/${readme.hash}`, listener)).body).toContain('体験版です');
    const image = files.find((f) => f.type === 'image')!;
    const img = await callApi(srv, 'GET', `/api/fake/media/small-img/${image.hash}`, listener);
    expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const download = await callApi(srv, 'GET', `/api/fake/media/download/${audio!.hash}`, listener);
    expect(download.headers.get('content-disposition')).toContain('attachment');

    // trial files only through trial hashes
    const plain = audio!.hash!.slice(2);
    expect((await callApi(srv, 'GET', `/api/media/stream/${plain}`, listener)).status).toBe(404);
    expect((await callApi(srv, 'GET', `/api/fake/media/stream/${plain}`, listener)).status).toBe(404);

    // the history of a trial work is kept and answered with the work
    const state = { queue: [{ hash: audio!.hash!, title: audio!.title }], index: 0, seconds: 3 };
    expect((await callApi(srv, 'PUT', '/api/histroy', listener, { work_id: RJ173248, state })).status).toBe(200);
    expect(((await callApi(srv, 'GET', `/api/fake/${RJ173248}`, listener)).body as Work).state).toEqual(state);
  });

  it('refuses a repeated download', async () => {
    const again = await callApi(srv, 'POST', `/api/fake/download/${RJ173248}/`, listener);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/downloaded already/);
  });

  it('answers each refusal with its code and params, for the UI to say in its language', async () => {
    expect(await callApi(srv, 'POST', `/api/fake/download/${RJ173248}/`, listener)).toMatchObject({
      status: 409, body: { error: 'RJ173248 is downloaded already', code: 'trial.downloadedAlready', params: { code: 'RJ173248' } },
    });
    // a work whose download runs (status 2): no dislike, no second download
    await srv.services.db('works').where({ id: RJ189758 }).update({ status: 2 });
    try {
      expect(await callApi(srv, 'PUT', `/api/fake/${RJ189758}/`, listener, { status: 4 })).toMatchObject({
        status: 409, body: { error: 'RJ189758 is downloading; dislike it when the download ends', code: 'trial.dislikeDownloading', params: { code: 'RJ189758' } },
      });
      expect(await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).toMatchObject({
        status: 409, body: { error: 'a download of RJ189758 is already running', code: 'trial.downloadRunning' },
      });
    } finally {
      await srv.services.db('works').where({ id: RJ189758 }).update({ status: 0 });
    }
    expect(await callApi(srv, 'PUT', '/api/fake/999999/', listener, { status: 4 })).toMatchObject({
      status: 404, body: { error: 'work RJ999999 is not in the trial catalogue', code: 'trial.notInCatalogue', params: { code: 'RJ999999' } },
    });
    expect(await callApi(srv, 'GET', `/api/fake/download/${RJ189758}`, listener)).toMatchObject({ status: 404, body: { error: 'no download of this work', code: 'trial.noDownload' } });
    // an archive the unpacking rules refuse: the failed download's error is coded, naming the entry
    store.trialArchive('RJ189758', 'zip-slip_trial.zip');
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).status).toBe(202);
    expect(await downloaded(RJ189758)).toMatchObject({
      state: 'failed', error: 'unsafe entry in the archive, refused: ../../escaped.txt', errorCode: 'trial.archiveUnsafeEntry', errorParams: { name: '../../escaped.txt' },
    });
    expect(await statusOf(RJ189758)).toBe(0);
  });

  it('a download the store cannot serve leaves nothing and the work at status 0', async () => {
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ265946}/`, listener)).status).toBe(202);
    const failed = await downloaded(RJ265946);
    expect(failed.state).toBe('failed');
    // coded for the UI's language, and without the store's address (it stays in the server's log)
    expect(failed).toMatchObject({ error: 'the store answered HTTP 404 for the trial archive', errorCode: 'trial.downloadHttp', errorParams: { status: 404 } });
    expect(await statusOf(RJ265946)).toBe(0);
    expect(fs.existsSync(path.join(trialDir, 'RJ265946'))).toBe(false);
    expect(leftovers()).toEqual([]);
    expect((await callApi(srv, 'GET', `/api/fake/tracks/${RJ265946}`, listener)).body).toEqual([]);
  });

  it('refuses a zip-slip archive: nothing written outside or inside the trial folder', async () => {
    store.trialArchive('RJ189758', 'zip-slip_trial.zip');
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).status).toBe(202);
    const failed = await downloaded(RJ189758);
    expect(failed).toMatchObject({ state: 'failed', error: 'unsafe entry in the archive, refused: ../../escaped.txt' });
    for (const dir of [srv.dataDir, path.dirname(srv.dataDir), trialDir]) expect(fs.existsSync(path.join(dir, 'escaped.txt'))).toBe(false);
    expect(fs.existsSync(path.join(trialDir, 'RJ189758'))).toBe(false);
    expect(leftovers()).toEqual([]);
    expect(await statusOf(RJ189758)).toBe(0);
  });

  it('refuses an oversize archive: announced on the work page, or sent larger than trialMaxBytes', async () => {
    const config = srv.services.config;
    const before = store.count('RJ189758_trial.zip');
    config.trialMaxBytes = 1_000_000; // the page announces 5.97MB
    await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener);
    expect(await downloaded(RJ189758)).toMatchObject({ state: 'failed', error: 'the trial archive of RJ189758 is 6259999 bytes, more than trialMaxBytes (1000000); refused' });
    expect(store.count('RJ189758_trial.zip')).toBe(before);

    // no page (the store forgot it): the trialArchiveUrl pattern, refused by its length
    store.unknown('RJ189758');
    store.trialArchive('RJ189758', 'RJ173248_trial.zip');
    config.trialMaxBytes = 10_000;
    await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener);
    expect(await downloaded(RJ189758)).toMatchObject({ state: 'failed', error: expect.stringMatching(/larger than the limit of 10000 bytes/) });
    expect(store.count('/doujin/RJ190000/RJ189758_trial.zip')).toBe(before + 1);
    expect(fs.existsSync(path.join(trialDir, 'RJ189758'))).toBe(false);
    expect(leftovers()).toEqual([]);
    expect(await statusOf(RJ189758)).toBe(0);
    config.trialMaxBytes = 2 * 1024 ** 3;
  });

  it('refuses an archive of more than trialMaxEntries entries before unpacking it', async () => {
    const config = srv.services.config;
    expect(config.trialMaxEntries).toBe(10_000); // the default
    store.trialArchive('RJ189758', 'RJ173248_trial.zip'); // a folder and 4 files: 5 entries
    config.trialMaxEntries = 4;
    try {
      expect((await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).status).toBe(202);
      expect(await downloaded(RJ189758)).toMatchObject({ state: 'failed', error: 'the archive holds 5 entries, more than trialMaxEntries (4); refused' });
      expect(fs.existsSync(path.join(trialDir, 'RJ189758'))).toBe(false);
      expect(leftovers()).toEqual([]);
      expect(await statusOf(RJ189758)).toBe(0);
      // at the cap it unpacks
      config.trialMaxEntries = 5;
      expect((await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).status).toBe(202);
      expect(await downloaded(RJ189758)).toMatchObject({ state: 'done', error: null });
      expect(fs.readdirSync(path.join(trialDir, 'RJ189758'))).toEqual(['RJ173248_trial']);
    } finally {
      config.trialMaxEntries = 10_000;
    }
    // back to a trial without files, for the tests below
    await srv.services.db('files').where({ work_id: RJ189758 }).delete();
    fs.rmSync(path.join(trialDir, 'RJ189758'), { recursive: true, force: true });
  });

  it('a failed download tells the client no server path: a repeated entry, a trial folder that cannot be made', async () => {
    const noPath = (error: string | null) => {
      expect(error).toBeTruthy();
      for (const dir of [srv.dataDir, trialDir, path.dirname(srv.dataDir)]) expect(error).not.toContain(dir);
      expect(error).not.toMatch(/(^|[\s'"])\//);
    };
    store.trialArchive('RJ189758', 'repeated-entry_trial.zip');
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).status).toBe(202);
    const repeated = await downloaded(RJ189758);
    expect(repeated).toMatchObject({ state: 'failed', error: 'repeated entry in the archive, refused: trial/dup.txt' });
    noPath(repeated.error);
    expect(fs.existsSync(path.join(trialDir, 'RJ189758'))).toBe(false);
    expect(leftovers()).toEqual([]);
    expect(await statusOf(RJ189758)).toBe(0);

    // a file stands where the trial folder would be made: the client gets the cause in words
    const config = srv.services.config;
    const blocker = path.join(srv.dataDir, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    config.trialFolder = path.join(blocker, 'trial');
    try {
      expect((await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).status).toBe(202);
      const blocked = await downloaded(RJ189758);
      expect(blocked).toMatchObject({ state: 'failed', error: 'file system error: a part of the path is not a folder' });
      noPath(blocked.error);
      expect(await statusOf(RJ189758)).toBe(0);
    } finally {
      config.trialFolder = 'trial';
    }
    // the same work downloads again afterwards: nothing was left claimed
    store.trialArchive('RJ189758', 'RJ173248_trial.zip');
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ189758}/`, listener)).status).toBe(202);
    expect(await downloaded(RJ189758)).toMatchObject({ state: 'done' });
    await srv.services.db('files').where({ work_id: RJ189758 }).delete();
    fs.rmSync(path.join(trialDir, 'RJ189758'), { recursive: true, force: true });
  });

  it('checks ids and permissions: guests 403, no token 401, bad ids 400, unknown works 404', async () => {
    expect((await callApi(srv, 'PUT', `/api/fake/${RJ265946}/`, guest, { status: 4 })).status).toBe(403);
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ265946}/`, guest)).status).toBe(403);
    expect((await callApi(srv, 'GET', '/api/fake/works', guest)).status).toBe(200);
    expect((await callApi(srv, 'GET', '/api/fake/works')).status).toBe(401);
    for (const p of ['/api/fake/abc', '/api/fake/tracks/abc', '/api/fake/download/abc']) {
      const res = await callApi(srv, 'GET', p, listener);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect((await callApi(srv, 'POST', '/api/fake/download/999999/', listener)).status).toBe(404);
    expect((await callApi(srv, 'PUT', '/api/fake/999999/', listener, { status: 4 })).status).toBe(404);
    expect((await callApi(srv, 'GET', '/api/fake/download/999999', listener)).status).toBe(404);
    expect(await statusOf(RJ265946)).toBe(0);
  });

  it('dislike hides a work from the trial list for good: a second crawl does not bring it back', async () => {
    const bad = await callApi(srv, 'PUT', `/api/fake/${RJ265946}/`, listener, { status: 3 });
    expect(bad.status).toBe(400);
    const res = await callApi(srv, 'PUT', `/api/fake/${RJ265946}/`, listener, { status: 4 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('RJ265946 disliked');
    expect(await statusOf(RJ265946)).toBe(4);
    expect(await trialIds()).toEqual([RJ173248, RJ189758]);
    expect((await callApi(srv, 'GET', `/api/fake/${RJ265946}`, listener)).status).toBe(404);
    expect((await callApi(srv, 'PUT', `/api/fake/${RJ265946}/`, listener, { status: 4 })).status).toBe(404);
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ265946}/`, listener)).status).toBe(404);

    expect(await crawl()).toBe('trial fetch finished: listed 3, added 0, skipped 3');
    expect(await trialIds()).toEqual([RJ173248, RJ189758]);
    expect(await statusOf(RJ265946)).toBe(4);
  });

  it('a trial work the library scanner finds in a root becomes status 3; its trial files stay', async () => {
    const root = tempDataDir('audiolib-trial-root-');
    fs.cpSync(path.join(fixturesDir, 'library', '[B-bishop]', 'RJ173248 搾精天使ピュアミルク'), path.join(root, 'RJ173248 搾精天使ピュアミルク'), { recursive: true });
    srv.services.config.rootFolders = [{ name: 'root', path: root }];
    const socket = scannerSocket();
    socket.send('PERFORM_SCAN');
    expect(await socket.until((m) => m.type === 'SCAN_FINISHED' || m.type === 'SCAN_ERROR')).toMatchObject({ type: 'SCAN_FINISHED' });
    socket.close();
    expect(await statusOf(RJ173248)).toBe(3);
    expect(await trialIds()).toEqual([RJ189758]);
    expect(((await callApi(srv, 'GET', '/api/works', listener)).body.works as Work[]).map((w) => w.id)).toEqual([RJ173248]);
    expect((await callApi(srv, 'GET', `/api/fake/${RJ173248}`, listener)).status).toBe(404);
    const tree = (await callApi(srv, 'GET', `/api/tracks/${RJ173248}`, listener)).body as TrackNode[];
    expect(tree.map((n) => n.title).sort()).toEqual(['Track01.m4a', 'Track02.ogg', 'credit.txt']);
    expect(fs.existsSync(path.join(trialDir, 'RJ173248', 'RJ173248_trial', '01_体験版.mp3'))).toBe(true);
    // the work in the library is no longer the trial downloader's
    expect((await callApi(srv, 'POST', `/api/fake/download/${RJ173248}/`, listener)).status).toBe(404);
  });
});
