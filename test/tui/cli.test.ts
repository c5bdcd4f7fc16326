/**
 * `audiolib` / `audiolib tui` as a user runs them (built CLI): usage outside a terminal;
 * in a real terminal (tmux, 80x24) the first frame, q quits, and mpv is stopped when the
 * TUI ends on q and on SIGTERM.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, runCli } from '../cli/run.js';
import { scannedDataDir } from './fixture.js';

describe('outside a terminal', () => {
  it('audiolib with no command prints the usage', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: audiolib');
    expect(r.stdout).toContain('tui');
  });

  it('an unknown command is a usage error (exit 2)', async () => {
    const r = await runCli(['no-such-command']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'no-such-command'");
  });

  it('audiolib tui says it needs a terminal (exit 2)', async () => {
    const r = await runCli(['tui']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('audiolib tui needs a terminal');
  });
});

const tmux = (...args: string[]) => execFileSync('tmux', ['-L', 'audiolib-tui-test', ...args], { encoding: 'utf8' });
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function screenContains(text: string): Promise<string> {
  for (;;) {
    const screen = tmux('capture-pane', '-p', '-t', 'tui');
    if (screen.includes(text)) return screen;
    await sleep(100);
  }
}

/** The mpv process the TUI (the pane's node process) started. */
async function mpvChildOf(pid: number): Promise<number> {
  for (;;) {
    try {
      const out = execFileSync('pgrep', ['-P', String(pid), 'mpv'], { encoding: 'utf8' }).trim();
      if (out) return Number(out.split('\n')[0]);
    } catch { /* not yet */ }
    await sleep(100);
  }
}

describe('in a terminal (tmux)', () => {
  let dataDir: string;
  beforeAll(async () => { dataDir = await scannedDataDir(); });
  afterAll(() => { try { tmux('kill-server'); } catch { /* none left */ } });

  async function start(): Promise<{ node: number; mpv: number }> {
    tmux('new-session', '-d', '-s', 'tui', '-x', '80', '-y', '24', `exec env -u CI ${process.execPath} ${binPath} --data-dir ${dataDir} tui --mpv-arg=--ao=null`);
    const node = Number(tmux('list-panes', '-t', 'tui', '-F', '#{pane_pid}').trim());
    await screenContains('All works (5)');
    return { node, mpv: await mpvChildOf(node) };
  }

  it('shows the works list; q quits and stops mpv', async () => {
    const { node, mpv } = await start();
    const screen = await screenContains('サキュバスアカデミア');
    expect(screen).toContain('1 Works');
    tmux('send-keys', '-t', 'tui', 'q');
    while (alive(node) || alive(mpv)) await sleep(100);
  });

  it('SIGTERM ends the TUI and its mpv', async () => {
    const { node, mpv } = await start();
    process.kill(node, 'SIGTERM');
    while (alive(node) || alive(mpv)) await sleep(100);
  });
});
