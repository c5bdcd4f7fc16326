/**
 * Renders an Ink element into a fake terminal of a fixed size, writes keys as the
 * escape sequences a terminal sends, and waits for frames (modelled on
 * ink-testing-library, whose width is fixed at 100 columns).
 */
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type React from 'react';

class Stdout extends EventEmitter {
  isTTY = true;
  frames: string[] = [];
  constructor(readonly columns: number, readonly rows: number) { super(); }
  write = (frame: string) => { this.frames.push(frame); this.emit('frame'); return true; };
}

class Stdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(data: string) { this.data = data; this.emit('readable'); this.emit('data', data); }
  read = () => { const d = this.data; this.data = null; return d; };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

export const KEYS = {
  up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D',
  enter: '\r', esc: '\u001B', tab: '\t', space: ' ', pgdn: '\u001B[6~', pgup: '\u001B[5~', 'C-u': '\u0015',
} as const;

export interface Terminal {
  lastFrame(): string;
  /** Writes each key (a KEYS name or literal text) and waits for the frame that follows it (at most 300 ms). */
  press(...keys: string[]): Promise<void>;
  /** Types text into a prompt, then Enter. */
  type(text: string): Promise<void>;
  /** Resolves with the frame once `check` holds (text to contain, or a predicate); fails after 15 s with the last frame. */
  waitFor(check: string | RegExp | ((frame: string) => boolean)): Promise<string>;
  unmount(): void;
}

const strip = (s: string) => s.replace(/\u001B\[[0-9;]*m/g, '');

export function renderTerminal(element: React.ReactElement, columns = 80, rows = 24): Terminal {
  const stdout = new Stdout(columns, rows);
  const stdin = new Stdin();
  const instance = render(element, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new Stdout(columns, rows) as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const lastFrame = () => strip(stdout.frames.at(-1) ?? '');
  const nextFrame = () => new Promise<void>((resolve) => {
    const t = setTimeout(done, 300);
    function done() { clearTimeout(t); stdout.off('frame', done); resolve(); }
    stdout.on('frame', done);
  });
  return {
    lastFrame,
    async press(...keys) {
      for (const k of keys) {
        const wait = nextFrame();
        stdin.write(k in KEYS ? KEYS[k as keyof typeof KEYS] : k);
        await wait;
      }
    },
    async type(text) {
      for (const ch of text) { const wait = nextFrame(); stdin.write(ch); await wait; }

      const wait = nextFrame();
      stdin.write('\r');
      await wait;
    },
    async waitFor(check) {
      const ok = (f: string) => (typeof check === 'string' ? f.includes(check) : check instanceof RegExp ? check.test(f) : check(f));
      const deadline = Date.now() + 15_000;
      while (!ok(lastFrame())) {
        if (Date.now() > deadline) throw new Error(`frame never matched ${String(check)}; last frame:\n${lastFrame()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return lastFrame();
    },
    unmount() { instance.unmount(); instance.cleanup(); },
  };
}
