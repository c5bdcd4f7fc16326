/**
 * mpv driver over its JSON IPC (DESIGN section 1, STYLE "mpv and cmus"): one mpv process
 * started with `--idle --no-video --no-terminal --input-ipc-server=<socket in a temp dir>`,
 * one JSON line per request with a `request_id`, observed properties instead of polling,
 * `loadfile` resolved on `file-loaded`, and `end-file` reasons reported distinctly.
 * mpv ends with the TUI, also on `kill -9`, and folders of dead sessions are removed at
 * start (mpv-watchdog.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import type { AudioBackend, BackendEvents, EndReason } from './backend.js';
import { makeSessionDir, removeStaleSessionDirs, socketIn, watchMpv } from './mpv-watchdog.js';

export interface MpvOptions {
  /** The mpv executable (default `mpv` on PATH). */
  binary?: string;
  /** Extra arguments, e.g. `['--ao=null']` in tests. */
  extraArgs?: string[];
  /** How long to wait for the IPC socket, ms (default 5000). */
  startTimeoutMs?: number;
}

interface Pending { resolve(data: unknown): void; reject(err: Error): void }

const OBSERVED = ['time-pos', 'duration', 'pause', 'volume', 'speed'] as const;

/** A running mpv process driven over JSON IPC. Create with `MpvPlayer.start`. */
export class MpvPlayer extends EventEmitter<BackendEvents> implements AudioBackend {
  readonly name = 'mpv' as const;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private buffer = '';
  private currentEntry: number | null = null;
  private loading: { entry: number | null; resolve(): void; reject(err: Error): void } | null = null;
  private quitting = false;
  /** Last observed property values (`time-pos`, `duration`, `pause`, `volume`, `speed`). */
  readonly properties: Record<string, unknown> = {};

  private constructor(private readonly proc: ChildProcess, private readonly socket: net.Socket, private readonly dir: string, watchdog: { stop(): void }) {
    super();
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', () => undefined);
    proc.once('exit', (code) => {
      watchdog.stop();
      this.failAll(new Error('mpv exited'));
      fs.rmSync(this.dir, { recursive: true, force: true });
      this.emit('exit', code);
    });
  }

  /**
   * Spawns mpv with its watchdog and connects to its IPC socket; observes time-pos,
   * duration, pause, volume and speed. Meanwhile removes the folders of dead sessions.
   * Throws `MpvMissingError` when the binary is not found.
   */
  static async start(opts: MpvOptions = {}): Promise<MpvPlayer> {
    const cleaning = removeStaleSessionDirs();
    const dir = makeSessionDir();
    const socketPath = socketIn(dir);
    const binary = opts.binary ?? 'mpv';
    const proc = spawn(binary, ['--idle', '--no-video', '--no-terminal', `--input-ipc-server=${socketPath}`, ...(opts.extraArgs ?? [])], { stdio: 'ignore' });
    const spawned = new Promise<void>((resolve, reject) => {
      proc.once('spawn', resolve);
      proc.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new MpvMissingError(binary) : err));
    });
    let watchdog: { stop(): void } | null = null;
    try {
      await spawned;
      watchdog = watchMpv(proc.pid!, dir);
      const socket = await connectWhenReady(socketPath, proc, opts.startTimeoutMs ?? 5000);
      const player = new MpvPlayer(proc, socket, dir, watchdog);
      for (const [i, name] of OBSERVED.entries()) await player.command('observe_property', i + 1, name);
      await cleaning;
      return player;
    } catch (err) {
      watchdog?.stop();
      proc.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      await cleaning;
      throw err;
    }
  }

  /** Sends one command and resolves with its `data` (rejects on an mpv error answer). */
  command(...args: unknown[]): Promise<unknown> {
    if (this.quitting || this.proc.exitCode !== null) return Promise.reject(new Error('mpv is not running'));
    const request_id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(request_id, { resolve, reject });
      this.socket.write(JSON.stringify({ command: args, request_id }) + '\n');
    });
  }

  async load(url: string, opts: { start: number; paused: boolean }): Promise<void> {
    await this.command('set_property', 'pause', opts.paused);
    const loaded = new Promise<void>((resolve, reject) => { this.loading = { entry: null, resolve, reject }; });
    const fileOptions = opts.start > 0 ? `start=${opts.start.toFixed(3)}` : '';
    const answer = (await this.command('loadfile', url, 'replace', fileOptions)) as { playlist_entry_id?: number } | null;
    const entry = answer?.playlist_entry_id ?? null;
    this.currentEntry = entry;
    if (this.loading) this.loading.entry = entry;
    await loaded;
  }

  /** Reads a property now (seconds for time-pos and duration, boolean for pause). */
  getProperty(name: string): Promise<unknown> { return this.command('get_property', name); }

  async setPaused(paused: boolean): Promise<void> { await this.command('set_property', 'pause', paused); }
  async seek(seconds: number): Promise<void> { await this.command('seek', Math.max(0, seconds), 'absolute'); }
  async setVolume(volume: number): Promise<void> { await this.command('set_property', 'volume', Math.round(volume * 100)); }
  async setMuted(muted: boolean): Promise<void> { await this.command('set_property', 'mute', muted); }
  async setSpeed(speed: number): Promise<void> { await this.command('set_property', 'speed', speed); }
  async stop(): Promise<void> { this.currentEntry = null; await this.command('stop'); }

  async quit(): Promise<void> {
    if (this.quitting) return;
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) { this.quitting = true; return; }
    const exited = new Promise<void>((resolve) => this.proc.once('exit', () => resolve()));
    try { await Promise.race([this.command('quit'), exited]); } catch { /* already gone */ }
    this.quitting = true;
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
    this.socket.destroy();
  }

  /** Kills mpv synchronously (for process exit handlers, where nothing async runs; the watchdog removes the folder). */
  killNow(): void {
    this.quitting = true;
    if (this.proc.exitCode === null) this.proc.kill('SIGTERM');
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      if (!line.trim()) continue;
      let msg: Record<string, unknown>;
      try { msg = JSON.parse(line); } catch { continue; }
      this.onMessage(msg);
    }
  }

  private onMessage(msg: Record<string, unknown>): void {
    if (typeof msg.request_id === 'number' && this.pending.has(msg.request_id)) {
      const p = this.pending.get(msg.request_id)!;
      this.pending.delete(msg.request_id);
      if (msg.error === 'success') p.resolve(msg.data ?? null);
      else p.reject(new Error(`mpv: ${String(msg.error)}`));
      return;
    }
    switch (msg.event) {
      case 'property-change': {
        this.properties[msg.name as string] = msg.data;
        if (msg.name === 'time-pos' && typeof msg.data === 'number') this.emit('time', msg.data);
        if (msg.name === 'duration' && typeof msg.data === 'number') this.emit('duration', msg.data);
        break;
      }
      case 'file-loaded':
        if (this.loading) { this.loading.resolve(); this.loading = null; }
        this.emit('loaded');
        break;
      case 'end-file': {
        const entry = typeof msg.playlist_entry_id === 'number' ? msg.playlist_entry_id : null;
        const reason: EndReason = msg.reason === 'eof' ? 'eof' : msg.reason === 'error' ? 'error' : 'stop';
        if (reason === 'error' && this.loading && (this.loading.entry === null || this.loading.entry === entry)) {
          this.loading.reject(new Error(`mpv could not play the file: ${String(msg.file_error ?? 'error')}`));
          this.loading = null;
        }
        // A file we replaced or stopped ends with 'stop' for an older entry: not the listener's business.
        if (entry !== null && this.currentEntry !== null && entry !== this.currentEntry) break;
        this.emit('end', reason, typeof msg.file_error === 'string' ? msg.file_error : undefined);
        break;
      }
      default:
        break;
    }
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    if (this.loading) { this.loading.reject(err); this.loading = null; }
  }
}

/** mpv is not installed: the message carries the install hint. */
export class MpvMissingError extends Error {
  constructor(binary: string) {
    super(`${binary} not found: install it (Debian/Ubuntu: apt-get install mpv; macOS: brew install mpv) to play audio`);
  }
}

async function connectWhenReady(socketPath: string, proc: ChildProcess, timeoutMs: number): Promise<net.Socket> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`mpv exited with code ${proc.exitCode} before opening its IPC socket`);
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const s = net.createConnection(socketPath);
        s.once('connect', () => { s.removeAllListeners('error'); resolve(s); });
        s.once('error', reject);
      });
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`mpv IPC socket did not open within ${timeoutMs} ms: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
