/**
 * The TUI's playlists (src/tui/screens/playlists.tsx), in ink frames at 80x24 with a
 * real mpv --ao=null: the favourites' fourth tab lists the listener's playlists and other
 * users' public ones (never their private ones; a guest sees the public ones), enter
 * opens one, enter on a track plays the playlist from it. Locally (a library scanned into
 * a real SQLite file) and remotely (the real server's API, the playlists made there
 * through /api/playlists as the web makes them).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { LocalSource } from '../../src/tui/data/local.js';
import { RemoteSource } from '../../src/tui/data/remote.js';
import type { DataSource } from '../../src/tui/data/source.js';
import { openMigrated } from '../../src/db/index.js';
import { createUser } from '../../src/users/index.js';
import { createPlaylist } from '../../src/playlists/index.js';
import { scanLibrary } from '../../src/scan/index.js';
import type { PlayerController } from '../../src/tui/player/controller.js';
import { ADMIN_PASSWORD, callApi, libraryDir, startTestServer, type TestServer } from '../helpers/server.js';
import { renderTerminal, type Terminal } from './render.js';
import { realPlayer, scannedDataDir } from './fixture.js';

const RJ01012345 = 1012345;
const P = '01_プロローグ.mp3';
const O = '03_おやすみ.mp3';

let term: Terminal | null = null;
let player: PlayerController | null = null;
afterEach(async () => {
  term?.unmount();
  term = null;
  await player?.close();
  player = null;
});

function open(source: DataSource, withPlayer: PlayerController | null): Terminal {
  term = renderTerminal(
    <App source={source} player={withPlayer} playerMissing={withPlayer ? null : 'mpv not found'} seek={{ rewindSeekTime: 5, forwardSeekTime: 30 }} columns={80} rows={24} />,
    80,
    24,
  );
  return term;
}

/** The hashes of RJ01012345's tracks by file name. */
async function hashes(source: DataSource): Promise<Record<string, string>> {
  return Object.fromEntries((await source.tracks(RJ01012345)).filter((n) => n.type === 'audio').map((n) => [n.title, n.hash!]));
}

/**
 * The admin's playlist 'Night' (O, then P), 'listener''s public 'Shared' (P) and private
 * 'Secret' are there: the admin's tab lists Night and Shared; enter on Night, then on its
 * second track, plays the playlist from P, the queue being the playlist.
 */
async function listsAndPlays(source: DataSource): Promise<void> {
  player = await realPlayer(source);
  const t = open(source, player);
  await t.waitFor('All works');
  await t.press('5');
  await t.waitFor('[History]');
  await t.press('tab', 'tab', 'tab');
  let frame = await t.waitFor('[Playlists] (2)');
  expect(frame).toMatch(/› Night +2 tracks/);
  expect(frame).toMatch(/Shared +1 tracks .*· public · by listener/);
  expect(frame).not.toContain('Secret');
  await t.press('enter');
  frame = await t.waitFor('Night (2)');
  expect(frame.indexOf(O)).toBeLessThan(frame.indexOf(P));
  await t.press('down', 'enter');
  await t.waitFor(`▶ ${P}`);
  const h = await hashes(source);
  expect(player.state.queue.map((q) => q.hash)).toEqual([h[O], h[P]]);
  expect(player.state.queueIndex).toBe(1);
  // back to the list, tab goes on to the history
  await t.press('esc');
  await t.waitFor('[Playlists] (2)');
  await t.press('tab');
  await t.waitFor('[History]');
}

describe('local mode', () => {
  let source: LocalSource;
  let guest: LocalSource;
  beforeAll(async () => {
    const dataDir = await scannedDataDir();
    const db = await openMigrated(dataDir);
    await createUser(db, 'listener', 'listener-pw', 'user');
    await createUser(db, 'tui-guest', 'guest-password', 'guest');
    const files = Object.fromEntries((await db('files').where({ work_id: RJ01012345 }).select('id', 'relpath')).map((r: { id: number; relpath: string }) => [r.relpath, r.id]));
    const ref = (name: string) => ({ workId: RJ01012345, fileId: files[name] as number });
    await createPlaylist(db, { name: 'admin', group: 'admin' }, { name: 'Night', tracks: [ref(O), ref(P)] });
    await createPlaylist(db, { name: 'listener', group: 'user' }, { name: 'Shared', public: true, tracks: [ref(P)] });
    await createPlaylist(db, { name: 'listener', group: 'user' }, { name: 'Secret', tracks: [ref(O)] });
    await db.destroy();
    source = await LocalSource.open(dataDir, 'admin');
    guest = await LocalSource.open(dataDir, 'tui-guest');
  });
  afterAll(async () => {
    await source?.close();
    await guest?.close();
  });

  it('lists the playlists and plays one from a track', async () => {
    await listsAndPlays(source);
  });

  it('a guest sees the public playlists only', async () => {
    const t = open(guest, null);
    await t.press('5', 'tab', 'tab', 'tab');
    const frame = await t.waitFor('[Playlists] (1)');
    expect(frame).toContain('Shared');
    expect(frame).not.toMatch(/Night|Secret/);
  });
});

describe('remote mode', () => {
  let srv: TestServer;
  let source: RemoteSource;
  beforeAll(async () => {
    srv = await startTestServer();
    const db = srv.services.db;
    await scanLibrary(db, { roots: [{ name: 'library', path: libraryDir }], maxDepth: 2 });
    await createUser(db, 'listener', 'listener-pw', 'user');
    source = await RemoteSource.connect(srv.url, 'admin', async () => ADMIN_PASSWORD);
    const h = await hashes(source);
    const admin = await srv.login();
    const listener = await srv.login('listener', 'listener-pw');
    for (const [token, body] of [
      [admin, { name: 'Night', hashes: [h[O], h[P]] }],
      [listener, { name: 'Shared', public: true, hashes: [h[P]] }],
      [listener, { name: 'Secret', hashes: [h[O]] }],
    ] as const) expect((await callApi(srv, 'POST', '/api/playlists', token, body)).status).toBe(201);
  });
  afterAll(async () => { await srv?.close(); });

  it('lists the playlists through the API and plays one from a track', async () => {
    await listsAndPlays(source);
  });

  it('an unknown playlist shows the server\'s error', async () => {
    term = renderTerminal(
      <App source={source} player={null} playerMissing="mpv not found" seek={{ rewindSeekTime: 5, forwardSeekTime: 30 }} columns={80} rows={24} initialView={{ screen: 'playlist', playlistId: 999999, cursor: 0 }} />,
      80,
      24,
    );
    await term.waitFor('playlist 999999 not found');
  });
});
