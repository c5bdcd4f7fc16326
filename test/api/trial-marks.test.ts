/**
 * What a listener does with a trial work besides trying it (DESIGN section 7; spec 000
 * sections 2, 3 and 7), through the real server, a real database (SQLite, or PostgreSQL
 * under AUDIOLIB_TEST_DB=pg) and the stand-in store: a list item and the work page say
 * whether the trial is downloaded; a trial work is rated (several listeners at once, and a
 * rating whose write fails mid-transaction leaves nothing), listed in favourites and play
 * history with its mark; a trial track is AI-translated end to end (task, the worker's
 * audio, the lyric); an archive built here with Shift-JIS half-width katakana names
 * downloads with its names intact.
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { startFakeStore, type FakeStore } from '../helpers/fake-store.js';
import { ScanSocket } from '../helpers/scan-socket.js';
import { PG_MODE } from '../helpers/pg.js';
import { writeZip } from '../helpers/zip.js';
import { createUser } from '../../src/users/index.js';
import type { LyricTask, TrackNode, TrialDownload, Work } from '../../src/model/index.js';

const RJ173248 = 173248;
const RJ189758 = 189758;
const LISTENERS = 6;

let store: FakeStore;
let srv: TestServer;
let admin: string;
let listeners: { name: string; token: string }[];

beforeAll(async () => {
  store = await startFakeStore();
  srv = await startTestServer({ config: { ...store.config, retry: 1, retryDelay: 0 } });
  admin = await srv.login();
  listeners = await Promise.all(Array.from({ length: LISTENERS }, async (_, i) => {
    const name = `listener${i}`;
    await createUser(srv.services.db, name, `listener-pw-${i}`, 'user');
    return { name, token: await srv.login(name, `listener-pw-${i}`) };
  }));
  // the store's new releases into the trial catalogue (the admin's crawler run)
  const socket = new ScanSocket(`${srv.url.replace('http', 'ws')}/api/ws?token=${admin}`);
  await new Promise((resolve) => socket.ws.once('open', resolve));
  socket.send('PERFORM_TRIAL_FETCH');
  expect(await socket.next('SCAN_FINISHED')).toMatchObject({ type: 'SCAN_FINISHED' });
  await socket.closeAndWait();
}, 60_000);
afterAll(async () => {
  await srv?.close();
  await store?.close();
});

const listener = () => listeners[0]!.token;

/** Starts the trial download of `id` and polls it until it ends. */
async function download(id: number): Promise<TrialDownload> {
  expect((await callApi(srv, 'POST', `/api/fake/download/${id}/`, listener())).status).toBe(202);
  for (let i = 0; i < 300; i++) {
    const d = (await callApi(srv, 'GET', `/api/fake/download/${id}`, listener())).body?.download as TrialDownload | undefined;
    if (d && (d.state === 'done' || d.state === 'failed')) return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`download of ${id} never ended`);
}

const listItem = async (id: number) => ((await callApi(srv, 'GET', '/api/fake/works', listener())).body.works as Work[]).find((w) => w.id === id);
const audioOf = (tree: TrackNode[]): TrackNode[] => tree.flatMap((n) => (n.type === 'folder' ? audioOf(n.children ?? []) : n.type === 'audio' ? [n] : []));
const pathsOf = (tree: TrackNode[], prefix = ''): string[] => tree.flatMap((n) => (n.type === 'folder' ? [`${prefix}${n.title}/`, ...pathsOf(n.children ?? [], `${prefix}${n.title}/`)] : [`${prefix}${n.title}`]));

describe('a trial work', () => {
  it('says in the list and on its page whether its trial is downloaded', async () => {
    expect((await listItem(RJ173248))?.trial).toEqual({ status: 0, downloaded: false });
    expect(((await callApi(srv, 'GET', `/api/fake/${RJ173248}`, listener())).body as Work).trial).toEqual({ status: 0, downloaded: false });
    expect(await download(RJ173248)).toMatchObject({ state: 'done' });
    expect((await listItem(RJ173248))?.trial).toEqual({ status: 0, downloaded: true });
    expect(((await callApi(srv, 'GET', `/api/fake/${RJ173248}`, listener())).body as Work).trial).toEqual({ status: 0, downloaded: true });
    expect((await listItem(RJ189758))?.trial).toEqual({ status: 0, downloaded: false });
    // library works carry no mark
    expect((await callApi(srv, 'GET', '/api/works', listener())).body.works).toEqual([]);
  });

  it('is rated by several listeners at once, and each sees the rating on the work page and in favourites', async () => {
    const answers = await Promise.all(listeners.map((l, i) => callApi(srv, 'PUT', '/api/review', l.token, { user_name: l.name, work_id: RJ173248, rating: (i % 5) + 1 })));
    expect(answers.map((a) => a.status)).toEqual(listeners.map(() => 200));
    for (const [i, l] of listeners.entries()) {
      expect(((await callApi(srv, 'GET', `/api/fake/${RJ173248}`, l.token)).body as Work).userRating).toBe((i % 5) + 1);
      const favourites = (await callApi(srv, 'GET', '/api/review', l.token)).body.works as Work[];
      expect(favourites.map((w) => [w.id, w.userRating, w.trial?.downloaded])).toEqual([[RJ173248, (i % 5) + 1, true]]);
    }
    // a work in neither catalogue is still refused
    expect((await callApi(srv, 'PUT', '/api/review', listener(), { user_name: listeners[0]!.name, work_id: 999999, rating: 3 })).status).toBe(404);
  });

  it('keeps a rating whose write fails mid-transaction out, and the next writes land', async () => {
    const db = srv.services.db;
    if (PG_MODE) {
      await db.raw(`CREATE FUNCTION trial_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.review_text = 'fail-here' THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await db.raw('CREATE TRIGGER trial_fault BEFORE INSERT OR UPDATE ON reviews FOR EACH ROW EXECUTE FUNCTION trial_fault()');
    } else {
      for (const event of ['INSERT', 'UPDATE']) await db.raw(`CREATE TRIGGER trial_fault_${event} BEFORE ${event} ON reviews WHEN NEW.review_text = 'fail-here' BEGIN SELECT RAISE(ABORT, 'injected'); END`);
    }
    try {
      const l = listeners[1]!;
      const failed = await callApi(srv, 'PUT', '/api/review?starOnly=false', l.token, { user_name: l.name, work_id: RJ189758, rating: 5, review_text: 'fail-here' });
      expect(failed.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(failed.body)).not.toContain(srv.dataDir);
      expect(((await callApi(srv, 'GET', `/api/fake/${RJ189758}`, l.token)).body as Work).userRating).toBeNull();
      const ok = await callApi(srv, 'PUT', '/api/review?starOnly=false', l.token, { user_name: l.name, work_id: RJ189758, rating: 4, review_text: 'nice' });
      expect(ok.status).toBe(200);
      expect(((await callApi(srv, 'GET', `/api/fake/${RJ189758}`, l.token)).body as Work)).toMatchObject({ userRating: 4, review_text: 'nice' });
    } finally {
      if (PG_MODE) {
        await db.raw('DROP TRIGGER trial_fault ON reviews');
        await db.raw('DROP FUNCTION trial_fault()');
      } else {
        for (const event of ['INSERT', 'UPDATE']) await db.raw(`DROP TRIGGER trial_fault_${event}`);
      }
    }
  });

  it('is listed in the play history with its mark once played', async () => {
    const tree = (await callApi(srv, 'GET', `/api/fake/tracks/${RJ173248}`, listener())).body as TrackNode[];
    const [audio] = audioOf(tree);
    const state = { queue: [{ hash: audio!.hash!, title: audio!.title }], index: 0, seconds: 3 };
    expect((await callApi(srv, 'PUT', '/api/histroy', listener(), { work_id: RJ173248, state })).status).toBe(200);
    const history = (await callApi(srv, 'GET', '/api/histroy', listener())).body;
    expect(history.pagination.totalCount).toBe(1);
    expect((history.works as Work[]).map((w) => [w.id, w.state, w.trial])).toEqual([[RJ173248, state, { status: 0, downloaded: true }]]);
  });

  it('has its tracks AI-translated: the task (once for listeners asking at once), the worker gets the audio, the lyric is found', async () => {
    const tree = (await callApi(srv, 'GET', `/api/fake/tracks/${RJ173248}`, listener())).body as TrackNode[];
    const [audio] = audioOf(tree);
    expect(audio!.hash).toMatch(/^rj173248\//);
    const created = await Promise.all(listeners.map((l) => callApi(srv, 'POST', '/api/lyric/translate', l.token, { hash: audio!.hash })));
    expect(created.map((c) => c.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const tasks = created.map((c) => c.body.task as LyricTask);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(1);
    expect(tasks[0]).toMatchObject({ work_id: RJ173248, hash: audio!.hash, file_name: audio!.title, status: 1 });

    const claim = await callApi(srv, 'POST', '/api/lyric/worker/claim', admin, { worker_name: 'gpu-box' });
    expect(claim.status).toBe(200);
    const sound = await fetch(`${srv.url}${claim.body.mediaStreamUrl}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(sound.status).toBe(200);
    const served = await fetch(`${srv.url}/api/fake/media/stream/${audio!.hash}?token=${listener()}`);
    expect(Buffer.from(await sound.arrayBuffer()).equals(Buffer.from(await served.arrayBuffer()))).toBe(true);
    const lrc = '[00:00.50]試聴版の歌詞\n';
    expect((await callApi(srv, 'POST', '/api/lyric/worker/result', admin, { id: claim.body.task.id, secret: claim.body.secret, lrc })).body.task.status).toBe(3);

    const workTasks = (await callApi(srv, 'GET', `/api/lyric/translate/work/${RJ173248}`, listener())).body.tasks as LyricTask[];
    expect(workTasks.map((t) => [t.hash, t.status])).toEqual([[audio!.hash, 3]]);
    expect((await callApi(srv, 'GET', `/api/lyric/translate/lrc?id=${claim.body.task.id}`, listener())).body.lrcContent).toBe(lrc);
    // the folder action on the trial page too
    const folder = await callApi(srv, 'POST', '/api/lyric/translate/folder', listener(), { work_id: RJ173248, folder: '' });
    expect(folder.status).toBe(200);
    expect((folder.body.tasks as LyricTask[]).every((t) => t.hash.startsWith('rj173248/'))).toBe(true);
    // a trial hash of a work outside the trial catalogue, and a plain hash of a trial work: unknown
    expect((await callApi(srv, 'POST', '/api/lyric/translate', listener(), { hash: audio!.hash!.slice(2) })).status).toBe(404);
  });

  it('downloads an archive of Shift-JIS names with half-width katakana: names intact, two of them kept apart', async () => {
    const dir = tempDataDir('audiolib-trial-zip-', 'none');
    const zip = path.join(dir, 'katakana_trial.zip');
    const mp3 = fs.readFileSync(path.join(srv.dataDir, 'trial', 'RJ173248', 'RJ173248_trial', '01_体験版.mp3'));
    const sjis = (name: string) => iconv.encode(name, 'Shift_JIS');
    writeZip(zip, [
      { name: sjis('ﾎﾞｲｽ/') },
      { name: sjis('ﾎﾞｲｽ/ｵﾏｹ.mp3'), data: mp3 },
      { name: sjis('ﾎﾞｲｽ/ｵﾏｸ.mp3'), data: mp3 },
      { name: sjis('ﾎﾞｲｽ/読んでね.txt'), data: 'readme' },
    ]);
    store.trialArchive('RJ189758', zip);
    expect(await download(RJ189758)).toMatchObject({ state: 'done', error: null });
    const tree = (await callApi(srv, 'GET', `/api/fake/tracks/${RJ189758}`, listener())).body as TrackNode[];
    expect(pathsOf(tree).sort()).toEqual(['ﾎﾞｲｽ/', 'ﾎﾞｲｽ/ｵﾏｸ.mp3', 'ﾎﾞｲｽ/ｵﾏｹ.mp3', 'ﾎﾞｲｽ/読んでね.txt'].sort());
    expect((await listItem(RJ189758))?.trial).toEqual({ status: 0, downloaded: true });
  });
});
