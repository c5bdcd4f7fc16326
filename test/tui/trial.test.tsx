/**
 * The TUI's Trial tab (8) in local mode: the trial works (status 0) of a data directory
 * filled by the trial crawler from the stand-in store, one of them downloaded; enter
 * plays its trial track through a real mpv (--ao=null) with its lyric, d dislikes a work
 * once y answers [y/N] (it leaves the list and the catalogue's trial list for good); a
 * guest's dislike is refused with the route's text and the work stays.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { LocalSource } from '../../src/tui/data/local.js';
import type { PlayerController } from '../../src/tui/player/controller.js';
import { openMigrated } from '../../src/db/index.js';
import { saveConfig, loadConfig } from '../../src/config/index.js';
import { createUser, ensureAdmin } from '../../src/users/index.js';
import { claimTrialDownload, runTrialDownload } from '../../src/trial/index.js';
import { runTrialFetch } from '../../src/scan/index.js';
import { ADMIN_PASSWORD, tempDataDir } from '../helpers/server.js';
import { startFakeStore } from '../helpers/fake-store.js';
import { renderTerminal, type Terminal } from './render.js';
import { realPlayer } from './fixture.js';

const seek = { rewindSeekTime: 5, forwardSeekTime: 30 };
let dataDir: string;
let source: LocalSource;
let guest: LocalSource;
let term: Terminal | null = null;
let player: PlayerController | null = null;

beforeAll(async () => {
  const store = await startFakeStore();
  dataDir = tempDataDir('audiolib-tui-trial-');
  saveConfig(dataDir, { ...loadConfig(dataDir), ...store.config, retry: 1, retryDelay: 0 });
  const db = await openMigrated(dataDir);
  try {
    await ensureAdmin(db, ADMIN_PASSWORD);
    await createUser(db, 'trial-guest', 'guest-password', 'guest');
    const config = loadConfig(dataDir);
    await runTrialFetch(db, config, dataDir);
    const { prefix } = await claimTrialDownload(db, 173248);
    await runTrialDownload(db, config, dataDir, 173248, prefix);
  } finally {
    await db.destroy();
    await store.close();
  }
  source = await LocalSource.open(dataDir, 'admin');
  guest = await LocalSource.open(dataDir, 'trial-guest');
}, 60_000);
afterAll(async () => {
  await source.close();
  await guest.close();
});
afterEach(async () => {
  term?.unmount();
  term = null;
  await player?.close();
  player = null;
});

function open(p: PlayerController | null = null, src: LocalSource = source): Terminal {
  term = renderTerminal(<App source={src} player={p} playerMissing={p ? null : 'mpv not found'} seek={seek} columns={80} rows={24} />, 80, 24);
  return term;
}
const cursorLine = (frame: string) => frame.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('the Trial tab', () => {
  it('8 lists the trial works, newest release first', async () => {
    const t = open();
    await t.waitFor('All works (0)');
    await t.press('8');
    const frame = await t.waitFor('Trial works (3)');
    expect(frame).toContain(' 8 Trial ');
    expect(cursorLine(frame)).toContain('RJ265946');
    expect(frame.indexOf('RJ189758')).toBeLessThan(frame.indexOf('RJ173248'));
  });

  it('enter plays a downloaded trial (trial hash, real mpv) and says when a trial is not downloaded', async () => {
    player = await realPlayer(source);
    const t = open(player);
    await t.press('8');
    await t.waitFor('Trial works (3)');
    await t.press('j', 'enter');
    await t.waitFor('not downloaded yet');
    await t.press('j', 'enter');
    await t.waitFor('▶ 01_体験版.mp3');
    expect(player.state.queue.map((q) => q.hash)).toEqual([expect.stringMatching(/^rj173248\/\d+$/)]);
    await t.waitFor(/0:0[1-9] \[/);
    await t.press('7');
    await t.waitFor('今夜はゆっくり休んでください。');
  });

  it('a guest\'s dislike is refused with the text the route answers, and the work stays', async () => {
    const t = open(null, guest);
    await t.press('8');
    await t.waitFor('Trial works (3)');
    await t.press('d');
    await t.waitFor('[y/N]');
    await t.press('y');
    const frame = await t.waitFor('guests cannot make changes');
    expect(frame).toContain('Trial works (3)');
    expect(frame).not.toContain('disliked:');
    expect((await source.trialWorks(1)).works).toHaveLength(3);
  });

  it('d asks "[y/N]" first: any key but y keeps the work; y dislikes it and it leaves the trial list for good', async () => {
    const t = open();
    await t.press('8');
    await t.waitFor('Trial works (3)');
    await t.press('d');
    await t.waitFor('dislike RJ265946 サキュバスアカデミア for good? [y/N]');
    await t.press('n');
    await t.waitFor((f) => !f.includes('[y/N]'));
    expect((await source.trialWorks(1)).works).toHaveLength(3);
    expect(t.lastFrame()).toContain('Trial works (3)');
    await t.press('d');
    await t.waitFor('[y/N]');
    await t.press('y');
    const frame = await t.waitFor('Trial works (2)');
    expect(frame).toContain('disliked: サキュバスアカデミア');
    expect(frame).not.toContain('RJ265946');
    expect((await source.trialWorks(1)).works.map((w) => w.id)).toEqual([189758, 173248]);
  });
});
