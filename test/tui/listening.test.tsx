/**
 * The TUI as a listening client in local mode (ink frames at 80x24 against a library
 * scanned into a real SQLite file, a real mpv --ao=null where something plays): rating,
 * progress mark and review from the work screen (a guest told its account is read-only),
 * a work's text files in the pager (Shift-JIS decoded, scrolled), the AI lyric when a
 * track has no lyric file, a typed seek time, the queue restored at start, and m muting.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { LocalSource } from '../../src/tui/data/local.js';
import { GUEST_READ_ONLY, SourceError } from '../../src/tui/data/source.js';
import { parseSeekTime } from '../../src/tui/seek-time.js';
import { nextProgress, parseRating } from '../../src/tui/hooks/use-review.js';
import { openMigrated } from '../../src/db/index.js';
import { createUser, ensureAdmin } from '../../src/users/index.js';
import { scanLibrary } from '../../src/scan/index.js';
import { getTrackTree } from '../../src/library/tree.js';
import { createTaskForFile } from '../../src/lyrics/tasks.js';
import { claimTask, completeTask } from '../../src/lyrics/claims.js';
import type { TrackNode } from '../../src/model/index.js';
import type { PlayerController } from '../../src/tui/player/controller.js';
import type { View } from '../../src/tui/views.js';
import { ADMIN_PASSWORD, libraryDir, tempDataDir } from '../helpers/server.js';
import { renderTerminal, type Terminal } from './render.js';
import { realPlayer } from './fixture.js';

const seek = { rewindSeekTime: 5, forwardSeekTime: 30 };
const RAIN = 'RJ01012345 【癒やし】雨音と耳かきの夜';
const TONE = 'RJ265946 サキュバスアカデミア';
/** A long script in Shift-JIS: 60 numbered lines, the 30th wider than the terminal. */
const SCRIPT_LINES = Array.from({ length: 60 }, (_, i) => (i === 29 ? `${i + 1}行目：${'雨の音が静かに続いています。'.repeat(8)}` : `${i + 1}行目：台本のせりふ`));

let dataDir: string;
let source: LocalSource;
let guest: LocalSource;
let term: Terminal | null = null;
let player: PlayerController | null = null;

/** The node titled `title` anywhere in a file tree, or null. */
function findNode(tree: TrackNode[], title: string): TrackNode | null {
  for (const n of tree) {
    if (n.title === title) return n;
    const found = n.children ? findNode(n.children, title) : null;
    if (found) return found;
  }
  return null;
}

/** The node titled `title` anywhere in a file tree (it must be there). */
function nodeOf(tree: TrackNode[], title: string): TrackNode {
  const found = findNode(tree, title);
  if (!found) throw new Error(`no ${title} in the tree`);
  return found;
}

beforeAll(async () => {
  // Two works of the fixture library, one with a long Shift-JIS script added.
  const library = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-tui-listen-lib-'));
  for (const work of [RAIN, TONE]) fs.cpSync(path.join(libraryDir, work), path.join(library, work), { recursive: true });
  fs.writeFileSync(path.join(library, RAIN, '台本.txt'), iconv.encode(SCRIPT_LINES.join('\r\n') + '\r\n', 'Shift_JIS'));
  dataDir = tempDataDir('audiolib-tui-listen-');
  const db = await openMigrated(dataDir);
  await ensureAdmin(db, ADMIN_PASSWORD);
  await createUser(db, 'listener-guest', 'guest-password', 'guest');
  await scanLibrary(db, { roots: [{ name: 'library', path: library }], maxDepth: 2 });
  // An AI lyric for the track without a lyric file, as a worker leaves it.
  const tree = (await getTrackTree(db, 265946))!;
  await createTaskForFile(db, nodeOf(tree, 'long tone 10min.mp3').hash!);
  const claim = (await claimTask(db, 'test-worker', 600))!;
  await completeTask(db, dataDir, claim.task.id, claim.secret, { lrc: '[00:00.00]AIが書き起こした一行目\n[09:00.00]最後の行\n' });
  await db.destroy();
  source = await LocalSource.open(dataDir, 'admin');
  guest = await LocalSource.open(dataDir, 'listener-guest');
});
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

function open(opts: { src?: LocalSource; player?: PlayerController | null; view?: View; restoreAtStart?: boolean } = {}): Terminal {
  term = renderTerminal(
    <App source={opts.src ?? source} player={opts.player ?? null} playerMissing={opts.player ? null : 'mpv not found'} seek={seek} columns={80} rows={24} initialView={opts.view} restoreAtStart={opts.restoreAtStart} />,
    80,
    24,
  );
  return term;
}

/** The work view with the cursor on `title` (in the folder at `path`). */
async function workAt(workId: number, title: string): Promise<View> {
  const tree = await source.tracks(workId);
  return { screen: 'work', workId, path: [], cursor: tree.findIndex((n) => n.title === title), expanded: true };
}

/** Waits until `check` holds for what the database says (writes land after the frame that announces them). */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('rating, progress mark and review from the work screen', () => {
  it('reads typed ratings and steps the progress mark through the spec values', () => {
    expect(['4', ' 5 ', '', '0', '6', 'x'].map(parseRating)).toEqual([4, 5, null, null, undefined, undefined]);
    expect([null, 'marked', 'listening', 'listened', 'replay', 'postponed'].map((p) => nextProgress(p as never)))
      .toEqual(['marked', 'listening', 'listened', 'replay', 'postponed', null]);
  });

  it('R rates 1-5, p steps the progress mark, w writes a review: saved for the listener and shown in the header', async () => {
    const t = open({ view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('R');
    await t.waitFor('rate 1-5 (0 or empty clears):');
    await t.type('4');
    await t.waitFor('rated ★★★★☆ (4/5)');
    expect(t.lastFrame()).toContain('mine ★4');
    expect((await eventually(() => source.work(265946), (w) => w.userRating === 4)).userRating).toBe(4);

    await t.press('p');
    await t.waitFor('progress: Want to listen');
    await t.press('p');
    await t.waitFor('progress: Listening');
    expect(t.lastFrame()).toMatch(/mine ★4 · .*Listening/);
    expect((await eventually(() => source.work(265946), (w) => w.progress === 'listening')).progress).toBe('listening');

    await t.press('w');
    await t.waitFor('review (empty clears):');
    await t.type('雨の音がよかった');
    await t.waitFor('review saved');
    expect(t.lastFrame()).toContain('review: 雨の音がよかった');
    const work = await eventually(() => source.work(265946), (w) => w.review_text === '雨の音がよかった');
    // Each write keeps the other fields.
    expect([work.userRating, work.progress, work.review_text]).toEqual([4, 'listening', '雨の音がよかった']);
    const reviews = await source.favourites({ mode: 'review', page: 1, order: 'updated_at', sort: 'desc' });
    expect(reviews.works.map((w) => w.id)).toContain(265946);

    // A bad rating writes nothing; 0 clears the rating, the rest stays.
    await t.press('R', 'C-u');
    await t.type('9');
    await t.waitFor('not a rating: 9 (1 to 5, 0 clears)');
    await t.press('R');
    await t.waitFor('rate 1-5 (0 or empty clears): 4');
    await t.press('C-u');
    await t.type('0');
    await t.waitFor('rating cleared');
    const cleared = await eventually(() => source.work(265946), (w) => w.userRating === null);
    expect([cleared.userRating, cleared.progress]).toEqual([null, 'listening']);
  });

  it('a guest is told its account is read-only and nothing is asked or written', async () => {
    const t = open({ src: guest, view: { screen: 'work', workId: 1012345, path: [], cursor: 0 } });
    await t.waitFor('01_プロローグ.mp3');
    for (const key of ['R', 'p', 'w']) {
      await t.press(key);
      const frame = await t.waitFor(GUEST_READ_ONLY.slice(0, 60));
      expect(frame).not.toMatch(/rate 1-5|review \(empty/);
      await t.press('esc'); // nothing to cancel: a prompt would have taken it
    }
    await expect(guest.review(1012345, { rating: 5 })).rejects.toBeInstanceOf(SourceError);
    expect((await guest.work(1012345)).userRating ?? null).toBeNull();
    expect((await guest.favourites({ mode: 'review', page: 1, order: 'updated_at', sort: 'desc' })).works).toEqual([]);
  });
});

describe('the pager', () => {
  it('enter on a Shift-JIS readme shows it decoded; q goes back to the work', async () => {
    const t = open({ view: await workAt(1012345, 'readme.txt') });
    await t.waitFor('› ≡ readme.txt');
    await t.press('enter');
    const frame = await t.waitFor('本作品は雨音と耳かきの音声作品です。');
    expect(frame).toContain('お読みください');
    expect(frame).not.toContain('\uFFFD');
    await t.press('q');
    await t.waitFor('› ≡ readme.txt');
  });

  it('scrolls a long script with j, PgDn, G and g; lines wider than the terminal wrap by display width', async () => {
    const t = open({ view: await workAt(1012345, '台本.txt') });
    await t.waitFor('› ≡ 台本.txt');
    await t.press('enter');
    let frame = await t.waitFor('1行目：台本のせりふ');
    const total = frame.match(/1-\d+\/(\d+)/)![1];
    expect(Number(total)).toBeGreaterThan(60); // the wide line takes several rows
    for (const line of frame.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    await t.press('j');
    frame = await t.waitFor(`2-`);
    expect(frame).not.toMatch(/^1行目：/m);
    await t.press('pgdn');
    frame = await t.waitFor('30行目：雨の音が');
    for (const line of frame.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    await t.press('G');
    frame = await t.waitFor('60行目：台本のせりふ');
    expect(frame).toContain(`/${total}`);
    await t.press('g');
    await t.waitFor('1行目：台本のせりふ');
    await t.press('esc');
    await t.waitFor('› ≡ 台本.txt');
  });

  it('reads UTF-8 lyric files too', async () => {
    const t = open({ view: await workAt(1012345, '03_おやすみ.srt') });
    await t.waitFor('› ≡ 03_おやすみ.srt');
    await t.press('enter');
    await t.waitFor('-->');
  });
});

describe('playing', () => {
  it('now playing shows the AI lyric of a track without a lyric file, as the web player does', async () => {
    player = await realPlayer(source);
    const t = open({ player, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('enter');
    await t.waitFor('▶ long tone 10min.mp3');
    await t.press('7');
    const frame = await t.waitFor('AIが書き起こした一行目');
    expect(frame).toContain('AI lyric');
    expect(frame).not.toContain('no lyric for this track');
  });

  it(': seeks to a typed time (h:mm:ss, m:ss, s); a bad time is refused; m mutes, M steps the play mode', async () => {
    expect(['1:23:45', '83:45', '45', '0:05', '1:02.5', '1:60', '1:60:00', 'abc', ''].map(parseSeekTime))
      .toEqual([5025, 5025, 45, 5, 62.5, null, null, null, null]);
    player = await realPlayer(source);
    const t = open({ player, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('enter');
    await t.waitFor(/0:0[0-9] \[/);
    await t.press(':');
    await t.waitFor('seek to (1:23:45, 83:45 or 45):');
    await t.type('5:30');
    await t.waitFor('seek to 5:30');
    await t.waitFor(/5:3\d \[/);
    await t.press(':');
    await t.type('0:07:10');
    await t.waitFor(/7:1\d \[/);
    await t.press(':');
    await t.type('45');
    await t.waitFor(/0:4\d \[/);
    await t.press(':');
    await t.type('7:99');
    await t.waitFor('not a time: 7:99');
    await t.press('m');
    await t.waitFor('muted');
    expect(player.state.playMode).toBe('order');
    await t.press('M');
    await t.waitFor('Repeat all');
    expect(player.state.muted).toBe(true);
  });

  it('restores the latest play history at start, paused at its track and second', async () => {
    const tree = await source.tracks(1012345);
    const queue = tree.filter((n) => n.type === 'audio').map((n) => ({ hash: n.hash!, title: n.title, workTitle: n.workTitle }));
    await source.saveHistory(265946, { queue: [{ hash: nodeOf(await source.tracks(265946), 'short.mp3').hash!, title: 'short.mp3' }], index: 0, seconds: 1 });
    await new Promise((r) => setTimeout(r, 20));
    await source.saveHistory(1012345, { queue, index: 1, seconds: 4 });
    player = await realPlayer(source);
    const t = open({ player, restoreAtStart: true });
    await t.waitFor('loaded play history: 2/3 02_耳かき.mp3 at 0:04 (space plays)');
    await t.waitFor('‖ 02_耳かき.mp3');
    expect(player.state.playing).toBe(false);
    expect(player.state.queue.map((q) => q.title)).toEqual(['01_プロローグ.mp3', '02_耳かき.mp3', '03_おやすみ.mp3']);
    await t.press('space');
    await t.waitFor('▶ 02_耳かき.mp3');
    await t.waitFor(/0:0[4-9] \[/);
  });
});
