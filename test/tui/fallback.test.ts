/**
 * Without mpv: the install hint, and ffplay (real, SDL dummy audio) playing with
 * restart-based controls; in the app, the hint on the message line and the track's
 * duration in the now-playing bar.
 */
import path from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { startBackend } from '../../src/tui/run.js';
import { PlayerController } from '../../src/tui/player/controller.js';
import type { AudioBackend } from '../../src/tui/player/backend.js';
import type { PlayerState } from '../../src/player/index.js';
import { libraryDir } from '../helpers/server.js';
import { renderTerminal } from './render.js';
import { localSource, scannedDataDir } from './fixture.js';

const work = path.join(libraryDir, 'RJ265946 サキュバスアカデミア');
let backend: AudioBackend | null = null;
afterEach(async () => { await backend?.quit(); backend = null; });

function until(c: PlayerController, pred: (s: PlayerState) => boolean): Promise<PlayerState> {
  if (pred(c.state)) return Promise.resolve(c.state);
  return new Promise((resolve) => {
    const on = (s: PlayerState) => { if (pred(s)) { c.off('change', on); resolve(s); } };
    c.on('change', on);
  });
}

describe('audio program fallback', () => {
  it('no mpv and no ffplay: no player, the install hint', async () => {
    const r = await startBackend([], { mpv: 'no-such-mpv-here', ffplay: 'no-such-ffplay-here' });
    expect(r.backend).toBeNull();
    expect(r.message).toContain('apt-get install mpv');
  });

  it('no mpv: ffplay plays, with the hint; the track ends and order mode moves on', async () => {
    process.env.SDL_AUDIODRIVER = 'dummy';
    const r = await startBackend([], { mpv: 'no-such-mpv-here' });
    backend = r.backend;
    expect(backend?.name).toBe('ffplay');
    expect(r.message).toMatch(/apt-get install mpv.*ffplay/);
    const files: Record<string, string> = { 'a/1': 'short.mp3', 'a/2': 'long tone 10min.mp3' };
    const c = new PlayerController({ backend: backend!, resolveUrl: (t) => path.join(work, files[t.hash]!) });
    c.dispatch({ type: 'setQueue', queue: [{ hash: 'a/1', title: 'short' }, { hash: 'a/2', title: 'long' }] });
    const next = await until(c, (s) => s.queueIndex === 1);
    expect(next.playing).toBe(true);
    await until(c, (s) => s.currentTime >= 1);
    c.dispatch({ type: 'pause' });
    await c.settled();
    const held = c.state.currentTime;
    c.dispatch({ type: 'seek', seconds: 300 });
    c.dispatch({ type: 'play' });
    const moved = await until(c, (s) => s.currentTime >= 301);
    expect(held).toBeLessThan(5);
    expect(moved.queueIndex).toBe(1);
    await c.close();
  });
});

describe('the app on ffplay', () => {
  it('shows the install hint when the player joins, and the track\'s duration in the now-playing bar', async () => {
    process.env.SDL_AUDIODRIVER = 'dummy';
    const source = await localSource(await scannedDataDir());
    const r = await startBackend([], { mpv: 'no-such-mpv-here' });
    backend = r.backend;
    const c = new PlayerController({ backend: backend!, resolveUrl: (t) => source.mediaLocation(t.hash) });
    const t = renderTerminal(React.createElement(App, {
      source, player: c, playerMissing: r.message, seek: { rewindSeekTime: 5, forwardSeekTime: 30 }, columns: 80, rows: 24,
      initialView: { screen: 'work', workId: 265946, path: [], cursor: 0 },
    }), 80, 24);
    try {
      await t.waitFor('long tone 10min.mp3');
      expect(t.lastFrame()).toContain('apt-get install mpv');
      await t.press('enter');
      await t.waitFor('▶ long tone 10min.mp3');
      await t.waitFor(/0:0[1-9] \[=*-+\] 10:00/);
    } finally {
      t.unmount();
      await c.close();
      await source.close();
    }
  });
});
