/**
 * The player controller driving a real mpv (`--ao=null`) through the shared reducer:
 * position advances, pause holds it, end of track moves on per play mode, history saved.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MpvPlayer } from '../../src/tui/player/mpv.js';
import { PlayerController } from '../../src/tui/player/controller.js';
import { createHistorySaver, type PlayerState } from '../../src/player/index.js';
import type { HistoryState, QueueItem } from '../../src/model/index.js';
import { libraryDir } from '../helpers/server.js';

const workDir = path.join(libraryDir, 'RJ265946 サキュバスアカデミア');
const files: Record<string, string> = { '265946/1': 'long tone 10min.mp3', '265946/2': 'short.mp3' };
const long: QueueItem = { hash: '265946/1', title: 'long tone 10min', workTitle: 'サキュバスアカデミア' };
const short: QueueItem = { hash: '265946/2', title: 'short', workTitle: 'サキュバスアカデミア' };

let controller: PlayerController | null = null;
afterEach(async () => { await controller?.close(); controller = null; });

async function start(random = () => 0) {
  const backend = await MpvPlayer.start({ extraArgs: ['--ao=null'] });
  controller = new PlayerController({ backend, resolveUrl: (t) => path.join(workDir, files[t.hash]!), random, onError: (m) => { throw new Error(m); } });
  return { controller, backend };
}

/** Resolves with the first state that satisfies `pred` (the test timeout bounds the wait). */
function until(c: PlayerController, pred: (s: PlayerState) => boolean): Promise<PlayerState> {
  if (pred(c.state)) return Promise.resolve(c.state);
  return new Promise((resolve) => {
    const on = (s: PlayerState) => { if (pred(s)) { c.off('change', on); resolve(s); } };
    c.on('change', on);
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mpv playback through the player reducer', () => {
  it('advances the position while playing and holds it while paused', async () => {
    const { controller: c, backend } = await start();
    c.dispatch({ type: 'setQueue', queue: [long] });
    const s = await until(c, (st) => st.currentTime >= 1);
    expect(s.duration).toBeGreaterThan(599);
    c.dispatch({ type: 'pause' });
    await c.settled();
    expect(await backend.getProperty('pause')).toBe(true);
    const held = await backend.getProperty('time-pos');
    await sleep(800);
    expect(await backend.getProperty('time-pos')).toBe(held);
    c.dispatch({ type: 'seek', seconds: 300 });
    c.dispatch({ type: 'play' });
    const after = await until(c, (st) => st.currentTime >= 301);
    expect(after.currentTime).toBeLessThan(400);
  });

  it('order: moves to the next track at end of file, then pauses after the last', async () => {
    const { controller: c } = await start();
    c.dispatch({ type: 'setQueue', queue: [short, short] });
    await until(c, (st) => st.queueIndex === 1 && st.currentTime > 0.5);
    const end = await until(c, (st) => !st.playing);
    expect(end.queueIndex).toBe(1);
  });

  it('all repeat wraps to the first track; repeat once restarts the same one', async () => {
    const { controller: c } = await start();
    c.dispatch({ type: 'setPlayMode', mode: 'all repeat' });
    c.dispatch({ type: 'setQueue', queue: [long, short], index: 1 });
    const wrapped = await until(c, (st) => st.queueIndex === 0);
    expect(wrapped.playing).toBe(true);
    c.dispatch({ type: 'setPlayMode', mode: 'repeat once' });
    c.dispatch({ type: 'setTrack', index: 1 });
    await until(c, (st) => st.currentTime > 1.5);
    const restarted = await until(c, (st) => st.currentTime < 0.5 && st.seekRequest !== null);
    expect(restarted.queueIndex).toBe(1);
    const again = await until(c, (st) => st.currentTime > 0.5);
    expect(again.playing).toBe(true);
  });

  it('shuffle picks the track the random source gives', async () => {
    const { controller: c } = await start(() => 0.99);
    c.dispatch({ type: 'setPlayMode', mode: 'shuffle' });
    c.dispatch({ type: 'setQueue', queue: [short, long, long, long] });
    const s = await until(c, (st) => st.queueIndex === 3);
    expect(s.playing).toBe(true);
  });

  it('saves the {queue, index, seconds} history of what plays', async () => {
    const { controller: c } = await start();
    const saved: { workId: number; state: HistoryState }[] = [];
    const saver = createHistorySaver({ save: (workId, state) => { saved.push({ workId, state }); }, debounceMs: 50 });
    c.on('change', (s) => saver.update(s));
    c.dispatch({ type: 'setQueue', queue: [long] });
    await until(c, (st) => st.currentTime >= 1);
    c.dispatch({ type: 'pause' });
    while (!saved.some((r) => r.state.seconds >= 1)) await sleep(20);
    saver.stop();
    const last = saved.at(-1)!;
    expect(last.workId).toBe(265946);
    expect(last.state.queue).toEqual([long]);
    expect(last.state.index).toBe(0);
  });

  it('resumes a history state at its saved second', async () => {
    const { controller: c, backend } = await start();
    c.dispatch({ type: 'restoreHistory', state: { queue: [short, long], index: 1, seconds: 120 }, play: false });
    const s = await until(c, (st) => !st.resuming);
    await c.settled();
    expect(s.queueIndex).toBe(1);
    expect(Math.round((await backend.getProperty('time-pos')) as number)).toBe(120);
    expect(await backend.getProperty('pause')).toBe(true);
  });
});
