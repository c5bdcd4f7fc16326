/**
 * The TUI as a listening client in remote mode, against the real server
 * (test/helpers/server.ts) with the fixture library scanned into it: rating, progress
 * mark and review written through PUT /api/review and read back by the web's calls, a
 * guest refused, a Shift-JIS readme in the pager through the media stream, the AI lyric
 * through the AI lyric routes, and the latest history restored at start.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { RemoteSource } from '../../src/tui/data/remote.js';
import { GUEST_READ_ONLY, SourceError } from '../../src/tui/data/source.js';
import { scanLibrary } from '../../src/scan/index.js';
import { createUser } from '../../src/users/index.js';
import { createTaskForFile } from '../../src/lyrics/tasks.js';
import { claimTask, completeTask } from '../../src/lyrics/claims.js';
import type { TrackNode } from '../../src/model/index.js';
import type { PlayerController } from '../../src/tui/player/controller.js';
import type { View } from '../../src/tui/views.js';
import { ADMIN_PASSWORD, callApi, libraryDir, startTestServer, type TestServer } from '../helpers/server.js';
import { renderTerminal, type Terminal } from './render.js';
import { realPlayer } from './fixture.js';

let srv: TestServer;
let source: RemoteSource;
let guest: RemoteSource;
let token: string;
let term: Terminal | null = null;
let player: PlayerController | null = null;

const hashOf = (tree: TrackNode[], title: string) => tree.find((n) => n.title === title)!.hash!;

beforeAll(async () => {
  srv = await startTestServer();
  const db = srv.services.db;
  await scanLibrary(db, { roots: [{ name: 'library', path: libraryDir }], maxDepth: 2 });
  await createUser(db, 'remote-guest', 'guest-password', 'guest');
  source = await RemoteSource.connect(srv.url, 'admin', async () => ADMIN_PASSWORD);
  guest = await RemoteSource.connect(srv.url, 'remote-guest', async () => 'guest-password');
  token = await srv.login();
  // An AI lyric for the track without a lyric file, as a worker leaves it.
  await createTaskForFile(db, hashOf(await source.tracks(265946), 'long tone 10min.mp3'));
  const claim = (await claimTask(db, 'test-worker', 600))!;
  await completeTask(db, srv.dataDir, claim.task.id, claim.secret, { lrc: '[00:00.00]サーバーのAI歌詞\n[09:00.00]最後の行\n' });
});
afterAll(async () => { await srv.close(); });
afterEach(async () => {
  term?.unmount();
  term = null;
  await player?.close();
  player = null;
});

function open(opts: { src?: RemoteSource; player?: PlayerController | null; view?: View; restoreAtStart?: boolean } = {}): Terminal {
  term = renderTerminal(
    <App source={opts.src ?? source} player={opts.player ?? null} playerMissing={opts.player ? null : 'mpv not found'} seek={{ rewindSeekTime: 5, forwardSeekTime: 30 }} columns={80} rows={24} initialView={opts.view} restoreAtStart={opts.restoreAtStart} />,
  );
  return term;
}

/** The work as the web's work page reads it (GET /api/work/:id as the admin), once `check` holds (at most 5 s). */
async function webWork(id: number, check: (w: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { body } = await callApi(srv, 'GET', `/api/work/${id}`, token);
    if (check(body) || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('remote mode: a listening client', () => {
  it('R, p and w write the rating, progress mark and review the web reads', async () => {
    const t = open({ view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('R');
    await t.type('5');
    await t.waitFor('rated ★★★★★ (5/5)');
    await t.press('p', 'p', 'p');
    await t.waitFor('progress: Listened');
    await t.press('w');
    await t.type('sleep well');
    await t.waitFor('review saved');
    const work = await webWork(265946, (w) => w.review_text === 'sleep well' && w.progress === 'listened');
    expect([work.userRating, work.progress, work.review_text]).toEqual([5, 'listened', 'sleep well']);
  });

  it('a guest is told its account is read-only; nothing reaches the server', async () => {
    const t = open({ src: guest, view: { screen: 'work', workId: 1012345, path: [], cursor: 0 } });
    await t.waitFor('01_プロローグ.mp3');
    await t.press('p');
    await t.waitFor(GUEST_READ_ONLY.slice(0, 60));
    await t.press('R');
    expect(t.lastFrame()).not.toContain('rate 1-5');
    await expect(guest.review(1012345, { rating: 3 })).rejects.toBeInstanceOf(SourceError);
    const guestToken = await srv.login('remote-guest', 'guest-password');
    expect((await callApi(srv, 'GET', '/api/review?page=1', guestToken)).body.works).toEqual([]);
  });

  it('enter on a Shift-JIS readme shows it decoded in the pager', async () => {
    const tree = await source.tracks(1012345);
    const t = open({ view: { screen: 'work', workId: 1012345, path: [], cursor: tree.findIndex((n) => n.title === 'readme.txt'), expanded: true } });
    await t.waitFor('› ≡ readme.txt');
    await t.press('enter');
    const frame = await t.waitFor('本作品は雨音と耳かきの音声作品です。');
    expect(frame).toContain('お読みください');
  });

  it('now playing shows the AI lyric of a track without a lyric file', async () => {
    player = await realPlayer(source);
    const t = open({ player, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('enter');
    await t.waitFor('▶ long tone 10min.mp3');
    await t.press('7');
    const frame = await t.waitFor('サーバーのAI歌詞');
    expect(frame).toContain('AI lyric');
  });

  it('restores at start the history the browser saved last', async () => {
    const queue = (await source.tracks(265946)).filter((n) => n.type === 'audio').map((n) => ({ hash: n.hash!, title: n.title, workTitle: n.workTitle }));
    const put = await callApi(srv, 'PUT', '/api/histroy', token, { work_id: 265946, state: { queue, index: 0, seconds: 125 } });
    expect(put.status).toBe(200);
    player = await realPlayer(source);
    const t = open({ player, restoreAtStart: true });
    await t.waitFor('loaded play history: 1/2 long tone 10min.mp3 at 2:05');
    await t.waitFor('‖ long tone 10min.mp3');
    expect(player.state.playing).toBe(false);
  });
});
