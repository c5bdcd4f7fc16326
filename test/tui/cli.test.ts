/**
 * `audiolib` / `audiolib tui` as a user runs them (built CLI): usage outside a terminal;
 * in a real terminal (tmux, 80x24) the first frame, q quits, keys typed at once or at the
 * first frame are all handled, mpv is stopped when the TUI ends on q, on SIGTERM and on
 * SIGKILL (folders of dead sessions removed at start), and the volume is kept across runs;
 * a failure to start and other command lines in a terminal are answered the CLI's way.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { binPath, runCli } from '../cli/run.js';
import { openMigrated } from '../../src/db/index.js';
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

/** One tmux server per test process (other test runs may use tmux at the same time). */
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', `audiolib-tui-test-${process.pid}`, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The process runs (a zombie left for its reaper does not). */
function running(pid: number): boolean {
  try { return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { /* no /proc entry */ }
  try { process.kill(pid, 0); return true; } catch { return false; }
}
const screen = () => tmux('capture-pane', '-p', '-t', 'tui');

/** Polls until `check` holds; fails after `ms` with `what`. */
async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms; screen:\n${screen()}`);
    await sleep(50);
  }
}

async function screenContains(text: string): Promise<string> {
  await until(`screen shows ${text}`, () => screen().includes(text), 20_000);
  return screen();
}

/** The mpv process the TUI (the pane's node process) started. */
async function mpvChildOf(pid: number): Promise<number> {
  let found = 0;
  await until('mpv started', () => {
    try { found = Number(execFileSync('pgrep', ['-P', String(pid), 'mpv'], { encoding: 'utf8' }).trim().split('\n')[0]); } catch { /* not yet */ }
    return found > 0;
  });
  return found;
}

/** Resolves once something accepts connections on the unix socket `socketPath`. */
async function listening(socketPath: string): Promise<void> {
  const accepts = () => new Promise<boolean>((resolve) => {
    const s = net.createConnection(socketPath);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
  const deadline = Date.now() + 10_000;
  while (!(await accepts())) {
    if (Date.now() > deadline) throw new Error(`nothing listens on ${socketPath}`);
    await sleep(50);
  }
}

/** The cursor's line on the screen. */
const cursorLine = (text: string) => text.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('in a terminal (tmux)', () => {
  let dataDir: string;
  /** The TUI's temp dir (TMPDIR), private to this file: mpv session folders go there. */
  let tmpDir: string;
  beforeAll(async () => {
    dataDir = await scannedDataDir();
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-tui-tmp-'));
  });
  // A failed test leaves its session: the next one starts a new one.
  afterEach(() => { try { tmux('kill-session', '-t', 'tui'); } catch { /* ended with the TUI */ } });
  afterAll(() => {
    try { tmux('kill-server'); } catch { /* none left */ }
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  /** Starts the TUI in a new tmux session; answers the node pid once the first frame shows (the list may still load). */
  async function launch(): Promise<number> {
    tmux('new-session', '-d', '-s', 'tui', '-x', '80', '-y', '24', `exec env -u CI TMPDIR=${tmpDir} ${process.execPath} ${binPath} --data-dir ${dataDir} tui --mpv-arg=--ao=null`);
    const node = Number(tmux('list-panes', '-t', 'tui', '-F', '#{pane_pid}').trim());
    await screenContains('1 Works');
    return node;
  }

  async function start(): Promise<{ node: number; mpv: number }> {
    const node = await launch();
    await screenContains('All works (5)');
    return { node, mpv: await mpvChildOf(node) };
  }

  it('shows the works list; q quits and stops mpv', async () => {
    const { node, mpv } = await start();
    const frame = await screenContains('サキュバスアカデミア');
    expect(frame).toContain('1 Works');
    tmux('send-keys', '-t', 'tui', 'q');
    await until('TUI and mpv ended', () => !running(node) && !running(mpv));
  });

  it('SIGTERM ends the TUI and its mpv', async () => {
    const { node, mpv } = await start();
    process.kill(node, 'SIGTERM');
    await until('TUI and mpv ended', () => !running(node) && !running(mpv));
  });

  it('handles a key sent at the first frame, keys sent at once, and text + Enter sent at once', async () => {
    const node = await launch();
    tmux('send-keys', '-t', 'tui', 'j');
    await until('the cursor on the second work', () => cursorLine(screen()).includes('RJ299717'));
    tmux('send-keys', '-t', 'tui', 'jj');
    await until('the cursor two works down', () => cursorLine(screen()).includes('RJ189758'));
    tmux('send-keys', '-t', 'tui', '/サキュバス', 'Enter');
    await screenContains('Search keyword: サキュバス (1)');
    await mpvChildOf(node);
    // q goes back from the search, then quits.
    tmux('send-keys', '-t', 'tui', 'q');
    await screenContains('All works (5)');
    tmux('send-keys', '-t', 'tui', 'q');
    await until('TUI ended', () => !running(node));
  });

  it('SIGKILL of the TUI ends its mpv and removes its folder; folders of dead sessions go at start', async () => {
    const dead = spawnSync('true').pid!;
    const stale = path.join(tmpDir, `audiolib-mpv-${dead}-Stale1`);
    fs.mkdirSync(stale);
    fs.writeFileSync(path.join(stale, 'ipc.sock'), '');
    // The mpv of a dead session that outlived its watchdog: told to quit over its socket.
    const orphanDir = path.join(tmpDir, `audiolib-mpv-${dead}-Orphan`);
    fs.mkdirSync(orphanDir);
    const orphan = spawn('mpv', ['--idle', '--no-video', '--no-terminal', '--ao=null', `--input-ipc-server=${path.join(orphanDir, 'ipc.sock')}`], { stdio: 'ignore' });
    await listening(path.join(orphanDir, 'ipc.sock'));
    // A live session's folder (this test process) stays.
    const live = path.join(tmpDir, `audiolib-mpv-${process.pid}-Live01`);
    fs.mkdirSync(live);

    let started: { node: number; mpv: number };
    try {
      started = await start();
      await until('orphan mpv quit', () => orphan.exitCode !== null || orphan.signalCode !== null);
    } finally {
      orphan.kill('SIGKILL');
    }
    const { node, mpv } = started;
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(orphanDir)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    const own = fs.readdirSync(tmpDir).filter((n) => n.startsWith(`audiolib-mpv-${node}-`)).map((n) => path.join(tmpDir, n));
    expect(own).toHaveLength(1);
    expect(fs.readFileSync(`/proc/${mpv}/cmdline`, 'utf8')).toContain(own[0]);

    process.kill(node, 'SIGKILL');
    await until('mpv ended and its folder removed', () => !running(mpv) && !fs.existsSync(own[0]!), 5_000);
  });

  it('a terminal hangup while playing (the pty closed) saves the position at the hangup, then ends mpv', async () => {
    const { node, mpv } = await start();
    tmux('send-keys', '-t', 'tui', 'jj', 'Enter');
    await screenContains('long tone 10min.mp3');
    tmux('send-keys', '-t', 'tui', 'Enter');
    // Some seconds of playback after the save of its start, with no key since.
    await until('playing for 6 s', () => /0:(0[6-9]|1\d) \[/.test(screen()), 20_000);
    const shown = /(\d+):(\d\d) \[/.exec(screen())!;
    const atHangup = Number(shown[1]) * 60 + Number(shown[2]);
    tmux('kill-session', '-t', 'tui');
    await until('TUI and mpv ended', () => !running(node) && !running(mpv));
    const db = await openMigrated(dataDir);
    try {
      const row = await db('play_history').where({ user_name: 'admin', work_id: 265946 }).first();
      expect(row, 'a history row').toBeDefined();
      const saved = JSON.parse(row.state) as { seconds: number; queue: { title: string }[]; index: number };
      expect(saved.queue[saved.index]!.title).toBe('long tone 10min.mp3');
      expect(Math.abs(saved.seconds - atHangup)).toBeLessThanOrEqual(2);
    } finally {
      await db.destroy();
    }
  });

  /**
   * Runs audiolib with `args` in a new tmux session through a shell that prints its exit
   * code, then waits for Enter; answers the screen once it shows `exit N`, and ends the
   * session (Enter) as the other tests do, by its own end rather than a kill.
   */
  async function runInTerminal(args: string, exit: number): Promise<string> {
    tmux('new-session', '-d', '-s', 'tui', '-x', '80', '-y', '24', `sh -c '${process.execPath} ${binPath} --data-dir ${dataDir} ${args}; echo "exit $?"; read x'`);
    const frame = await screenContains(`exit ${exit}`);
    tmux('send-keys', '-t', 'tui', 'Enter');
    await until('session ended', () => {
      try { tmux('has-session', '-t', 'tui'); return false; } catch { return true; }
    });
    return frame;
  }

  it('reports a failure to start the TUI the CLI way (the TUI starts without the CLI)', async () => {
    expect(await runInTerminal('tui --user nosuch', 1)).toContain("audiolib: no user 'nosuch'");
  });

  it('leaves other command lines in a terminal to the CLI', async () => {
    expect(await runInTerminal('tui --help', 0)).toContain('Usage: audiolib tui');
  });

  it('keeps the volume across runs in tui.json (mode 0600)', async () => {
    fs.rmSync(path.join(dataDir, 'tui.json'), { force: true }); // a retry starts from the default volume too
    const first = await start();
    tmux('send-keys', '-t', 'tui', '-');
    await screenContains('vol 96%');
    tmux('send-keys', '-t', 'tui', 'q');
    await until('TUI ended', () => !running(first.node));
    const file = path.join(dataDir, 'tui.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ volume: 0.96 });

    const second = await start();
    await screenContains('vol 96%');
    tmux('send-keys', '-t', 'tui', 'q');
    await until('TUI ended', () => !running(second.node));
  });
});
