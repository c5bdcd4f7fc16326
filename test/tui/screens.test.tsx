/**
 * TUI frames (ink, 80x24 unless said) for each screen and key binding, against the
 * fixture library scanned into a real SQLite file (local mode) and a real mpv with
 * --ao=null where something plays.
 */
import React from 'react';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { initialPlayerState } from '../../src/player/index.js';
import { bindHistory } from '../../src/tui/run.js';
import type { LocalSource } from '../../src/tui/data/local.js';
import type { PlayerController } from '../../src/tui/player/controller.js';
import type { View } from '../../src/tui/views.js';
import { deleteHistory } from '../../src/users/history.js';
import type { Db } from '../../src/db/index.js';
import { renderTerminal, type Terminal } from './render.js';
import { localSource, realPlayer, scannedDataDir } from './fixture.js';

const seek = { rewindSeekTime: 5, forwardSeekTime: 30 };
let source: LocalSource;
let term: Terminal | null = null;
let player: PlayerController | null = null;

beforeAll(async () => { source = await localSource(await scannedDataDir()); });
afterAll(async () => { await source.close(); });
afterEach(async () => {
  term?.unmount();
  term = null;
  await player?.close();
  player = null;
});

function open(opts: { columns?: number; rows?: number; player?: PlayerController | null; view?: View; onQuit?: () => void } = {}): Terminal {
  term = renderTerminal(
    <App source={source} player={opts.player ?? null} playerMissing={opts.player ? null : 'mpv not found: apt-get install mpv'} seek={seek} columns={opts.columns ?? 80} rows={opts.rows ?? 24} initialView={opts.view} onQuit={opts.onQuit} />,
    opts.columns ?? 80,
    opts.rows ?? 24,
  );
  return term;
}

/** Every frame line fits the terminal width (display width: CJK counts 2) and the height. */
function expectFits(frame: string, columns: number, rows: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(columns);
}

const cursorLine = (frame: string) => frame.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('works list', () => {
  it('lists the works with codes and titles, within 80x24', async () => {
    const t = open();
    const frame = await t.waitFor('サキュバスアカデミア');
    expect(frame).toContain('All works (5)');
    expect(frame).toContain('RJ01012345');
    expect(frame).toContain('Release date ↓');
    expect(frame).not.toMatch(/release|desc/);
    expect(frame).toContain('nothing playing');
    expectFits(frame, 80, 24);
  });

  it('j/k and arrows move the cursor; g/G jump to the ends', async () => {
    const t = open();
    await t.waitFor('RJ173248');
    expect(cursorLine(t.lastFrame())).toContain('RJ01012345');
    await t.press('j');
    expect(cursorLine(t.lastFrame())).toContain('RJ299717');
    await t.press('down', 'down');
    expect(cursorLine(t.lastFrame())).toContain('RJ189758');
    await t.press('k');
    expect(cursorLine(t.lastFrame())).toContain('RJ265946');
    await t.press('up');
    expect(cursorLine(t.lastFrame())).toContain('RJ299717');
    expect(t.lastFrame()).not.toContain('no more works');
    await t.press('G');
    expect(cursorLine(t.lastFrame())).toContain('RJ173248');
    expect(t.lastFrame()).toContain('no more works');
    await t.press('g');
    expect(cursorLine(t.lastFrame())).toContain('RJ01012345');
  });

  it('G and End go to the last row of the whole list, not of the pages loaded (3,000 works, 50 a page)', async () => {
    const sample = (await source.works({ page: 1, order: 'release', sort: 'desc', nsfw: 0, lyric: [], seed: 1 })).works[0]!;
    const many = Object.create(source) as LocalSource;
    many.works = async (q) => {
      const from = (q.page - 1) * 50;
      const works = Array.from({ length: Math.max(0, Math.min(50, 3000 - from)) }, (_, i) => ({ ...sample, id: 500001 + from + i, title: `work ${from + i + 1}` }));
      return { works, pagination: { currentPage: q.page, pageSize: 50, totalCount: 3000 } };
    };
    term = renderTerminal(<App source={many} player={null} playerMissing="no mpv" seek={seek} columns={80} rows={24} />, 80, 24);
    await term.waitFor('All works (3000)');
    await term.press('G');
    const last = await term.waitFor((f) => cursorLine(f).includes('RJ503000'));
    expect(last).toContain('no more works');
    await term.press('g');
    await term.waitFor((f) => cursorLine(f).includes('RJ500001'));
    await term.press('\u001B[F');
    await term.waitFor((f) => cursorLine(f).includes('RJ503000'));
  });

  it('s cycles the sort, o the order, a the age rating, y the lyric filter, named as in the web UI', async () => {
    const t = open();
    await t.waitFor('RJ173248');
    await t.press('s');
    await t.waitFor('My rating ↓');
    await t.press('o');
    await t.waitFor('My rating ↑');
    await t.press('s');
    await t.waitFor('Sales ↑');
    expect(t.lastFrame()).not.toContain('dl_count');
    await t.press('a');
    await t.waitFor('Sales ↑ · All ages');
    await t.press('a');
    await t.waitFor('Sales ↑ · Adults only (R18)');
    await t.press('a', 'y');
    const local = await t.waitFor((f) => f.includes('Sales ↑ · Local subtitles') && f.includes('RJ01012345') && !f.includes('サキュバスアカデミア'));
    expect(local).toMatch(/All works \(1\)/);
  });

  it('keys read at once are each handled in order: jjj, jj + Enter, / + CJK text + Enter', async () => {
    const t = open();
    await t.waitFor('RJ173248');
    await t.press('jjj');
    await t.waitFor((f) => cursorLine(f).includes('RJ189758'));
    await t.press('kk\r');
    await t.waitFor('RJ299717  RJ299717');
    await t.press('q');
    await t.waitFor('All works (5)');
    await t.press('/サキュバス\r');
    const found = await t.waitFor('Search keyword: サキュバス (1)');
    expect(found).not.toContain('search:');
  });

  it('keys typed while the list loads act on it once it is there', async () => {
    // A source as slow as a distant server: every page of works takes 400 ms.
    const slow = Object.create(source) as LocalSource;
    slow.works = async (q) => { await new Promise((r) => setTimeout(r, 400)); return source.works(q); };
    term = renderTerminal(<App source={slow} player={null} playerMissing="no mpv" seek={seek} columns={80} rows={24} />, 80, 24);
    await term.waitFor('All works (…)');
    await term.press('j');
    await term.press('j', 'enter');
    await term.waitFor('RJ265946  サキュバスアカデミア');
  });

  it('fits 40 columns with every filter on', async () => {
    const t = open({ columns: 40, rows: 12 });
    await t.waitFor('RJ173248');
    await t.press('a', 'a', 'y', 'y', 'y');
    const frame = await t.waitFor((f) => f.includes('(0)') || f.includes('(1)'));
    expectFits(frame, 40, 12);
  });

  it('/ searches by keyword; a tag:/va:/circle:/fuzzy: word makes an advanced search', async () => {
    const t = open();
    await t.waitFor('RJ173248');
    await t.press('/');
    await t.waitFor('search:');
    await t.type('サキュバス');
    const found = await t.waitFor('Search keyword: サキュバス (1)');
    expect(found).toContain('RJ265946');
    expect(found).not.toContain('RJ01012345');
    await t.press('/');
    await t.waitFor('search:');
    await t.press('C-u');
    await t.type('fuzzy:雨音');
    const adv = await t.waitFor('Advanced search: fuzzy:雨音 (1)');
    expect(adv).toContain('RJ01012345');
  });

  it('a search is a view of its own: q and Esc go back to the list searched from, q does not quit', async () => {
    let quit = false;
    const t = open({ onQuit: () => { quit = true; } });
    await t.waitFor('RJ173248');
    await t.press('j');
    await t.press('/サキュバス\r');
    await t.waitFor('Search keyword: サキュバス (1)');
    await t.press('q');
    await t.waitFor('All works (5)');
    expect(cursorLine(t.lastFrame())).toContain('RJ299717');
    await t.press('/fuzzy:雨音\r');
    await t.waitFor('Advanced search: fuzzy:雨音 (1)');
    await t.press('esc');
    await t.waitFor('All works (5)');
    expect(quit).toBe(false);
  });

  it('enter opens the work detail; q goes back to the list with the cursor kept', async () => {
    const t = open();
    await t.waitFor('RJ173248');
    await t.press('j', 'j', 'enter');
    const detail = await t.waitFor('long tone 10min.mp3');
    expect(detail).toContain('RJ265946  サキュバスアカデミア');
    expect(detail).toContain('ROOT');
    expect(detail).toContain('10:00');
    await t.press('q');
    await t.waitFor('All works (5)');
    expect(cursorLine(t.lastFrame())).toContain('RJ265946');
  });

  it('q on the first screen quits when nothing plays', async () => {
    let quit = false;
    const t = open({ onQuit: () => { quit = true; } });
    await t.waitFor('RJ173248');
    await t.press('q');
    expect(quit).toBe(true);
  });

  it('Esc goes back but never quits, also after a search and on every first screen', async () => {
    let quit = false;
    const t = open({ onQuit: () => { quit = true; } });
    await t.waitFor('RJ173248');
    await t.press('/');
    await t.type('サキュバス');
    await t.waitFor('Search keyword: サキュバス (1)');
    await t.press('esc', 'esc');
    await t.press('6', 'esc', 'esc', '2', 'esc');
    await t.waitFor(/Circles \(\d+\)/);
    expect(quit).toBe(false);
  });

  it('fits 50 columns: long Japanese titles are cut by display width', async () => {
    const t = open({ columns: 50, rows: 16 });
    const frame = await t.waitFor('RJ265946');
    expectFits(frame, 50, 16);
    expect(frame).toContain('…');
  });
});

describe('CJK text cut by display width', () => {
  it('work headers, the history line and the favourites\' history column never pass the width, wherever the cut falls', async () => {
    const tracks = JSON.stringify(await source.tracks(1012345));
    const hash = /"hash":"(1012345\/\d+)"/.exec(tracks)![1]!;
    await source.saveHistory(1012345, { queue: [{ hash, title: '01_プロローグ雨音と耳かきの夜.mp3', workTitle: '【癒やし】雨音と耳かきの夜' }], index: 0, seconds: 30 });
    try {
      for (let columns = 30; columns <= 37; columns++) {
        const t = open({ columns, rows: 16, view: { screen: 'work', workId: 1012345, path: [], cursor: 0 } });
        const work = await t.waitFor((f) => f.includes('RJ01012345') && f.includes('history:'));
        expectFits(work, columns, 16);
        expect(work.split('\n')[0]).toContain('1 Works');
        await t.press('5');
        const fav = await t.waitFor((f) => f.includes('[History]') && f.includes('1/1 0:30'));
        expectFits(fav, columns, 16);
        t.unmount();
        term = null;
      }
    } finally {
      // Later tests open this work with a player: no history of it left.
      await deleteHistory((source as unknown as { db: Db }).db, 'admin', 1012345);
    }
  });
});

describe('name lists', () => {
  it('2, 3 and 4 show circles, tags and voice actors', async () => {
    const t = open();
    await t.waitFor('RJ173248');
    await t.press('2');
    await t.waitFor(/Circles \(\d+\)/);
    await t.press('3');
    await t.waitFor(/Tags \(\d+\)/);
    await t.press('4');
    await t.waitFor(/Voice actors \(\d+\)/);
  });
});

describe('work detail', () => {
  it('opens a single-child folder chain at load and shows folder item counts', async () => {
    const t = open({ view: { screen: 'work', workId: 299717, path: [], cursor: 0 } });
    const frame = await t.waitFor('ROOT / Rain Day ASMR');
    expect(frame).toMatch(/▸ flac\s+\d+ items/);
    await t.press('enter');
    await t.waitFor('ROOT / Rain Day ASMR / flac');
    await t.press('q');
    await t.waitFor(/ROOT \/ Rain Day ASMR\s*\n/);
  });

  it('enter on a track without mpv shows the install hint', async () => {
    const t = open({ view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('short.mp3');
    await t.press('enter');
    await t.waitFor('apt-get install mpv');
  });
});

describe('help overlay', () => {
  it('? lists the keys from the key table; j scrolls; q closes', async () => {
    const t = open();
    await t.waitFor('RJ173248');
    await t.press('?');
    const help = await t.waitFor('Keys');
    expect(help).toContain('move down');
    expect(help).toMatch(/j, Down\s+move down/);
    await t.press('G');
    await t.press(...Array(40).fill('j'));
    await t.waitFor('progress: Want to listen');
    await t.press('q');
    await t.waitFor('All works (5)');
  });
});

describe('playing through mpv', () => {
  it('marks the playing track in its folder; q on a first screen asks "quit? [y/N]" while playing', async () => {
    let quit = false;
    player = await realPlayer(source);
    const t = open({ player, onQuit: () => { quit = true; }, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    expect(t.lastFrame()).toMatch(/^› ♪ long tone 10min\.mp3/m);
    await t.press('enter');
    await t.waitFor(/^› ▶ long tone 10min\.mp3\s+10:00/m);
    expect(t.lastFrame()).toMatch(/^ {2}♪ short\.mp3/m);
    await t.press('q');
    await t.waitFor('quit? [y/N]');
    await t.press('n');
    await t.waitFor((f) => !f.includes('quit? [y/N]'));
    expect(quit).toBe(false);
    expect(player.state.queueIndex).toBe(0);
    await t.press('1');
    await t.waitFor('All works (5)');
    await t.press('q');
    await t.waitFor('quit? [y/N]');
    expect(quit).toBe(false);
    await t.press('y');
    expect(quit).toBe(true);
  });


  it('player keys typed while mpv starts run once it joins, stepping from its saved volume', async () => {
    let join: (p: PlayerController) => void = () => undefined;
    function Starting() {
      const [joined, setJoined] = React.useState<PlayerController | null>(null);
      React.useEffect(() => { join = setJoined; }, []);
      return <App source={source} player={joined} playerMissing={joined ? null : 'starting mpv…'} playerStarting={!joined} seek={seek} columns={80} rows={24} initialView={{ screen: 'work', workId: 265946, path: [], cursor: 0 }} />;
    }
    term = renderTerminal(<Starting />, 80, 24);
    const t = term;
    await t.waitFor('long tone 10min.mp3');
    await t.press('-', '-', 'enter');
    await t.press('7');
    const waiting = await t.waitFor('starting mpv…');
    expect(waiting).not.toContain('▶ long tone');
    player = await realPlayer(source, initialPlayerState({ volume: 0.8 }));
    join(player);
    const joined = await t.waitFor((f) => f.includes('▶ long tone 10min.mp3') && f.includes('vol 72%'));
    expect(joined).not.toContain('starting mpv…');
    expect(player.state.volume).toBeCloseTo(0.72);
  });

  it('enter plays a track: bar, queue, now playing, keys for pause, mode, volume, speed, seek, next', async () => {
    player = await realPlayer(source);
    const t = open({ player, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('enter');
    await t.waitFor('▶ long tone 10min.mp3  — サキュバスアカデミア');
    await t.waitFor(/0:0[1-9] \[=*-+\] 10:00/);
    await t.press('space');
    await t.waitFor('‖ long tone 10min.mp3');
    await t.press('l');
    await t.waitFor(/0:3\d \[/);
    await t.press('h');
    await t.waitFor(/0:2\d \[/);
    await t.press('M');
    await t.waitFor('Repeat all  vol 100%');
    await t.press('-');
    await t.waitFor('vol 96%');
    await t.press('+', '+');
    await t.waitFor('vol 100%');
    await t.press(']');
    await t.waitFor('1.25x');
    await t.press('[', '[', '[', '[');
    await t.waitFor('0.50x');
    await t.press('m');
    await t.waitFor('muted');
    await t.press('6');
    const queue = await t.waitFor('Queue (2)');
    expect(queue).toMatch(/‖ long tone 10min\.mp3/);
    await t.press('n');
    await t.waitFor('‖ short.mp3');
    await t.press('space');
    await t.waitFor('▶ short.mp3');
    await t.press('N');
    await t.waitFor('▶ long tone 10min.mp3');
    await t.press('7');
    const now = await t.waitFor((f) => f.includes('track 1/2') && f.includes('no lyric for this track'));
    expect(now).toMatch(/playing\s+Repeat all\s+muted\s+0\.50x/);
  });

  it('now playing shows the synced lyric line; the queue removes and moves tracks', async () => {
    player = await realPlayer(source);
    const t = open({ player, view: { screen: 'work', workId: 1012345, path: [], cursor: 0 } });
    await t.waitFor('01_プロローグ.mp3');
    await t.press('j', 'j', 'enter');
    await t.waitFor('▶ 01_プロローグ.mp3');
    await t.press('7');
    const lyric = await t.waitFor('今夜はゆっくり休んでください。');
    expect(lyric).toContain('はじめまして。');
    expect(lyric).toContain('track 1/3');
    await t.press('space');
    await t.waitFor('‖ 01_プロローグ.mp3');
    await t.press('6');
    await t.waitFor('Queue (3)');
    await t.press('j', 'J');
    const moved = await t.waitFor(/›\s+02_耳かき\.mp3/);
    expect(moved.indexOf('03_おやすみ')).toBeLessThan(moved.indexOf('02_耳かき'));
    expect(moved).toMatch(/‖ 01_プロローグ\.mp3/);
    await t.press('x');
    await t.waitFor('Queue (2)');
    await t.press('X');
    await t.waitFor('Queue (0)');
    expect(player.state.playing).toBe(false);
  });

  it('a burst of seek keys in one read seeks from each target: lll is +90 s', async () => {
    player = await realPlayer(source);
    const t = open({ player, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('enter');
    await t.waitFor(/0:0[1-3] \[/);
    await t.press('lll');
    await t.waitFor(/1:3\d \[/);
    await t.press('hhh');
    await t.waitFor(/1:[12]\d \[/);
    expect(player.state.currentTime).toBeGreaterThan(75);
  });

  it('z sets the sleep timer shown in the bar; an empty time cancels it', async () => {
    player = await realPlayer(source);
    const t = open({ player });
    await t.waitFor('RJ173248');
    await t.press('z');
    await t.waitFor('sleep at');
    await t.type('23:59');
    await t.waitFor('sleep 23:59');
    await t.press('z');
    await t.press('C-u');
    await t.type('');
    await t.waitFor('sleep timer cancelled');
    expect(t.lastFrame()).not.toContain('sleep 23:59');
  });

  it('history is saved and resumes from favourites (5), like the web player', async () => {
    player = await realPlayer(source);
    const saver = bindHistory(player, source);
    const t = open({ player, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('long tone 10min.mp3');
    await t.press('enter');
    await t.waitFor(/0:0[1-9] \[/);
    await t.press('l');
    await t.waitFor(/0:3\d \[/);
    await t.press('space');
    await saver.flush();
    saver.stop();
    await player.close();
    player = await realPlayer(source);
    term!.unmount();
    const u = open({ player });
    await u.waitFor('RJ173248');
    await u.press('5');
    const fav = await u.waitFor(/1\/2 0:3\d long tone 10min\.mp3/);
    expect(fav).toContain('[History]');
    await u.press('enter');
    await u.waitFor('resumed play history');
    await u.waitFor(/▶ long tone 10min\.mp3/);
    await u.waitFor(/0:3\d \[/);
    await u.press('tab');
    await u.waitFor('[My reviews]');
    await u.press('tab');
    await u.waitFor('[My progress]');
    await u.press('p');
    await u.waitFor('Last updated ↓ · Listening');
  });

  it('enter on the track loaded from the work\'s history plays it from the saved second, not from 0:00', async () => {
    type Node = { title: string; hash?: string; children?: Node[] };
    const find = (nodes: Node[]): Node | undefined => nodes.map((n) => (n.title === 'long tone 10min.mp3' ? n : find(n.children ?? []))).find(Boolean);
    const hash = find(await source.tracks(265946))!.hash!;
    await source.saveHistory(265946, { queue: [{ hash, title: 'long tone 10min.mp3' }], index: 0, seconds: 95 });
    player = await realPlayer(source);
    const saver = bindHistory(player, source);
    const t = open({ player, view: { screen: 'work', workId: 265946, path: [], cursor: 0 } });
    await t.waitFor('loaded play history');
    await t.waitFor(/1:35 \[/);
    expect(cursorLine(t.lastFrame())).toContain('long tone 10min.mp3');
    await t.press('enter');
    await t.waitFor('▶ long tone 10min.mp3');
    await t.waitFor(/1:3[6-9] \[/);
    await saver.flush();
    saver.stop();
    expect((await source.work(265946)).state!.seconds).toBeGreaterThan(95);
  });
});
