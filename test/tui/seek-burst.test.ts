/**
 * A burst of seeks (`lll` read at once) against a backend that, like mpv, still reports
 * the old position for a moment after each seek: every seek steps from the target of
 * the one before, so three forward seeks of 30 s move 90 s.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { PlayerController } from '../../src/tui/player/controller.js';
import type { AudioBackend, BackendEvents } from '../../src/tui/player/backend.js';

/** A backend playing at `position`; after a seek it reports the position from before it once, then the target. */
class LaggingBackend extends EventEmitter<BackendEvents> implements AudioBackend {
  readonly name = 'mpv' as const;
  position = 10;
  async load(_url: string, opts: { start: number; paused: boolean }) { this.position = opts.start; this.emit('duration', 600); this.emit('loaded'); }
  async seek(seconds: number) {
    const before = this.position;
    this.position = seconds;
    this.emit('time', before);
    setTimeout(() => this.emit('time', seconds), 30);
  }
  async setPaused() {}
  async setVolume() {}
  async setMuted() {}
  async setSpeed() {}
  async stop() {}
  async quit() {}
  killNow() {}
}

describe('seeking in bursts', () => {
  it('three forward seeks in a row move 90 s although the backend reports the old position between them', async () => {
    const backend = new LaggingBackend();
    const c = new PlayerController({ backend, resolveUrl: () => '/x.mp3' });
    c.dispatch({ type: 'setQueue', queue: [{ hash: '1/1', title: 'a' }] });
    await c.settled();
    backend.emit('time', 10);
    for (let i = 0; i < 3; i++) {
      c.dispatch({ type: 'seekBy', seconds: 30 });
      await c.settled();
    }
    expect(c.state.seekRequest?.seconds).toBe(100);
    await new Promise((r) => setTimeout(r, 100));
    expect(c.state.currentTime).toBe(100);
    await c.close();
  });
});
