/**
 * Remote mode against the real server (test/helpers/server.ts) with the fixture library
 * scanned into it: login, lists, search, playback of media URLs with ?token= through a
 * real mpv, lyric, and history shared with the browser both ways (PUT/GET /api/histroy).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { bindHistory } from '../../src/tui/run.js';
import { RemoteSource } from '../../src/tui/data/remote.js';
import { SourceError } from '../../src/tui/data/source.js';
import { scanLibrary } from '../../src/scan/index.js';
import type { PlayerController } from '../../src/tui/player/controller.js';
import type { WorksAnswer } from '../../src/model/index.js';
import { ADMIN_PASSWORD, libraryDir, startTestServer, type TestServer } from '../helpers/server.js';
import { renderTerminal, type Terminal } from './render.js';
import { realPlayer } from './fixture.js';

let srv: TestServer;
let source: RemoteSource;
let term: Terminal | null = null;
let player: PlayerController | null = null;

beforeAll(async () => {
  srv = await startTestServer();
  await scanLibrary(srv.services.db, { roots: [{ name: 'library', path: libraryDir }], maxDepth: 2 });
  source = await RemoteSource.connect(srv.url, 'admin', async () => ADMIN_PASSWORD);
});
afterAll(async () => { await srv.close(); });
afterEach(async () => {
  term?.unmount();
  term = null;
  await player?.close();
  player = null;
});

function open(p: PlayerController | null, view?: Parameters<typeof App>[0]['initialView']): Terminal {
  term = renderTerminal(<App source={source} player={p} seek={{ rewindSeekTime: 5, forwardSeekTime: 30 }} columns={80} rows={24} initialView={view} />);
  return term;
}

describe('remote mode', () => {
  it('logs in; a wrong password answers the server error', async () => {
    expect(source.user).toEqual({ name: 'admin', group: 'admin' });
    await expect(RemoteSource.connect(srv.url, 'admin', async () => 'wrong-password')).rejects.toBeInstanceOf(SourceError);
    await expect(RemoteSource.connect('http://127.0.0.1:1', 'admin', async () => 'x')).rejects.toThrow(/cannot reach/);
  });

  it('lists, searches and opens works over the API', async () => {
    const t = open(null);
    await t.waitFor('All works (5)');
    await t.press('/');
    await t.type('サキュバス');
    const found = await t.waitFor('Search keyword: サキュバス (1)');
    expect(found).toContain('RJ265946');
    await t.press('enter');
    await t.waitFor('long tone 10min.mp3');
    await t.press('2');
    await t.waitFor(/Circles \(\d+\)/);
  });

  it('plays media URLs with the token through mpv, shows the lyric, and saves history the browser reads', async () => {
    player = await realPlayer(source);
    const saver = bindHistory(player, source);
    const t = open(player, { screen: 'work', workId: 1012345, path: [], cursor: 0 });
    await t.waitFor('01_プロローグ.mp3');
    await t.press('j', 'j', 'enter');
    await t.waitFor('▶ 01_プロローグ.mp3');
    await t.press('7');
    await t.waitFor('今夜はゆっくり休んでください。');
    await t.waitFor(/0:0[2-9] \[/);
    await t.press('space');
    await t.waitFor('‖ 01_プロローグ.mp3');
    await saver.flush();
    saver.stop();
    const token = await srv.login();
    const res = await fetch(`${srv.url}/api/histroy?page=1`, { headers: { authorization: `Bearer ${token}` } });
    const answer = (await res.json()) as WorksAnswer;
    const state = answer.works.find((w) => w.id === 1012345)?.state;
    expect(state?.index).toBe(0);
    expect(state?.queue.map((q) => q.title)).toEqual(['01_プロローグ.mp3', '02_耳かき.mp3', '03_おやすみ.mp3']);
    expect(state?.seconds).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(state)).not.toContain('token');
  });

  it('resumes where the browser stopped', async () => {
    const token = await srv.login();
    const tracks = await source.tracks(265946);
    const queue = tracks.filter((n) => n.type === 'audio').map((n) => ({ hash: n.hash!, title: n.title, workTitle: n.workTitle }));
    const put = await fetch(`${srv.url}/api/histroy`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ work_id: 265946, state: { queue, index: 0, seconds: 200 } }) });
    expect(put.status).toBe(200);
    player = await realPlayer(source);
    const t = open(player);
    await t.waitFor('All works (5)');
    await t.press('5');
    await t.waitFor(/1\/2 3:20 long tone 10min\.mp3/);
    await t.press('enter');
    await t.waitFor('resumed play history');
    await t.waitFor(/▶ long tone 10min\.mp3/);
    await t.waitFor(/3:2\d \[/);
  });
});
