import { describe, expect, it } from 'vitest';
import {
  createHistorySaver, historyRecordOf, initialPlayerState, playerReducer,
  type PlayerAction, type PlayerState, type Timers,
} from '../../../src/player/index.js';
import type { HistoryState, QueueItem } from '../../../src/model/index.js';

/** A hand-driven clock: timers fire only when the test advances time. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const jobs = new Map<number, { at: number; fn: () => void; every?: number }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => { const id = nextId++; jobs.set(id, { at: now + ms, fn }); return id; },
    clearTimeout: (id) => { jobs.delete(id as number); },
    setInterval: (fn, ms) => { const id = nextId++; jobs.set(id, { at: now + ms, fn, every: ms }); return id; },
    clearInterval: (id) => { jobs.delete(id as number); },
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...jobs.entries()].filter(([, j]) => j.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, job] = due;
      now = job.at;
      if (job.every) job.at += job.every; else jobs.delete(id);
      job.fn();
      await Promise.resolve();
    }
    now = end;
    await new Promise((r) => setImmediate(r));
  };
  return { timers, advance };
}

const tracks: QueueItem[] = [1, 2].map((i) => ({ hash: `265946/${i}`, title: `t${i}`, mediaStreamUrl: `/api/media/stream/265946/${i}?token=secret` }));

function setup() {
  const clock = manualTimers();
  const saved: { workId: number; state: HistoryState }[] = [];
  const saver = createHistorySaver({ save: (workId, state) => { saved.push({ workId, state }); }, timers: clock.timers });
  let state = initialPlayerState();
  saver.update(state);
  const dispatch = (action: PlayerAction) => { state = playerReducer(state, action); saver.update(state); };
  return { clock, saved, saver, dispatch, get state(): PlayerState { return state; } };
}

describe('history record', () => {
  it('takes the work id from the current hash, drops media URLs (they carry the token)', () => {
    const s = playerReducer(initialPlayerState(), { type: 'setQueue', queue: tracks, index: 1 });
    expect(historyRecordOf({ ...s, currentTime: 12.3456 })).toEqual({
      work_id: 265946,
      state: { queue: [{ hash: '265946/1', title: 't1' }, { hash: '265946/2', title: 't2' }], index: 1, seconds: 12.346 },
    });
    expect(historyRecordOf(initialPlayerState())).toBeNull();
  });
});

describe('history saver', () => {
  it('saves 500 ms after a queue change, once, debounced', async () => {
    const t = setup();
    t.dispatch({ type: 'setQueue', queue: tracks, index: 0 });
    t.dispatch({ type: 'next' });
    await t.clock.advance(499);
    expect(t.saved).toHaveLength(0);
    await t.clock.advance(1);
    expect(t.saved).toEqual([{ workId: 265946, state: { queue: [{ hash: '265946/1', title: 't1' }, { hash: '265946/2', title: 't2' }], index: 1, seconds: 0 } }]);
  });
  it('saves on pause and on seek, skips an unchanged state', async () => {
    const t = setup();
    t.dispatch({ type: 'setQueue', queue: tracks });
    await t.clock.advance(500);
    t.dispatch({ type: 'timeUpdate', seconds: 42 });
    t.dispatch({ type: 'pause' });
    await t.clock.advance(500);
    expect(t.saved.map((s) => s.state.seconds)).toEqual([0, 42]);
    t.dispatch({ type: 'seek', seconds: 100 });
    await t.clock.advance(500);
    expect(t.saved.map((s) => s.state.seconds)).toEqual([0, 42, 100]);
    t.dispatch({ type: 'play' });
    t.dispatch({ type: 'pause' });
    await t.clock.advance(500);
    expect(t.saved).toHaveLength(3);
  });
  it('saves every 60 s while the position moves', async () => {
    const t = setup();
    t.dispatch({ type: 'setQueue', queue: tracks });
    await t.clock.advance(500);
    t.dispatch({ type: 'timeUpdate', seconds: 30 });
    await t.clock.advance(59_000);
    expect(t.saved).toHaveLength(1);
    await t.clock.advance(1_000);
    expect(t.saved.map((s) => s.state.seconds)).toEqual([0, 30]);
  });
  it('does not save while a restore is resuming', async () => {
    const t = setup();
    t.dispatch({ type: 'restoreHistory', state: { queue: tracks, index: 1, seconds: 50 }, play: false });
    await t.clock.advance(60_000);
    expect(t.saved).toHaveLength(0);
    t.dispatch({ type: 'trackLoaded' });
    t.dispatch({ type: 'play' });
    await t.clock.advance(500);
    expect(t.saved.map((s) => [s.state.index, s.state.seconds])).toEqual([[1, 50]]);
  });
  it('flush sends the latest state at once', async () => {
    const t = setup();
    t.dispatch({ type: 'setQueue', queue: tracks });
    t.dispatch({ type: 'timeUpdate', seconds: 7 });
    await t.saver.flush();
    expect(t.saved.map((s) => s.state.seconds)).toEqual([7]);
    t.saver.stop();
  });
});
