/**
 * ffplay fallback when mpv is missing: ffplay has no IPC, so every control
 * restarts it: pause ends the process and remembers the position, play and seek start
 * it again with `-ss`; speed uses the atempo filter; the position is counted by the
 * clock; the duration comes from ffprobe (beside ffplay, as ffmpeg installs them), which
 * ffplay does not report. Limited but enough to listen.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import type { AudioBackend, BackendEvents } from './backend.js';

/** atempo accepts 0.5..2 per filter: chain two for up to 3x. */
function atempo(speed: number): string {
  return speed <= 2 ? `atempo=${speed}` : `atempo=2,atempo=${(speed / 2).toFixed(3)}`;
}

export class FfplayPlayer extends EventEmitter<BackendEvents> implements AudioBackend {
  readonly name = 'ffplay' as const;
  private proc: ChildProcess | null = null;
  private url: string | null = null;
  private offset = 0; // position when the process started (s)
  private startedAt = 0; // Date.now() when it started
  private paused = true;
  private volume = 1;
  private muted = false;
  private speed = 1;
  private ticker: NodeJS.Timeout | null = null;

  constructor(private readonly binary = 'ffplay') { super(); }

  /** The position now, seconds. */
  private position(): number {
    return this.proc ? this.offset + ((Date.now() - this.startedAt) / 1000) * this.speed : this.offset;
  }

  private kill(): void {
    const p = this.proc;
    this.proc = null;
    if (p) { p.removeAllListeners('exit'); p.kill('SIGTERM'); }
    if (this.ticker) { clearInterval(this.ticker); this.ticker = null; }
  }

  private launch(): void {
    if (!this.url) return;
    this.kill();
    const args = ['-nodisp', '-autoexit', '-loglevel', 'error', '-ss', this.offset.toFixed(3), '-volume', String(this.muted ? 0 : Math.round(this.volume * 100)), '-af', atempo(this.speed), this.url];
    const proc = spawn(this.binary, args, { stdio: 'ignore' });
    this.proc = proc;
    this.startedAt = Date.now();
    proc.once('exit', (code) => {
      if (this.proc !== proc) return;
      this.offset = this.position();
      this.kill();
      this.emit('end', code === 0 ? 'eof' : 'error', code === 0 ? undefined : `ffplay exited with code ${code}`);
    });
    this.ticker = setInterval(() => this.emit('time', this.position()), 500);
  }

  async load(url: string, opts: { start: number; paused: boolean }): Promise<void> {
    this.kill();
    this.url = url;
    this.offset = opts.start;
    this.paused = opts.paused;
    if (!this.paused) this.launch();
    this.probeDuration(url);
    this.emit('time', this.offset);
    this.emit('loaded');
  }

  /** Reads the duration of `url` with ffprobe and reports it while `url` is still loaded; without ffprobe it stays unknown. */
  private probeDuration(url: string): void {
    const ffprobe = this.binary.includes('/') ? path.join(path.dirname(this.binary), 'ffprobe') : 'ffprobe';
    execFile(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', url], { timeout: 10_000 }, (err, stdout) => {
      const duration = Number.parseFloat(String(stdout).trim());
      if (!err && this.url === url && Number.isFinite(duration) && duration > 0) this.emit('duration', duration);
    });
  }

  async setPaused(paused: boolean): Promise<void> {
    if (paused === this.paused) return;
    this.paused = paused;
    if (paused) { this.offset = this.position(); this.kill(); } else this.launch();
  }

  private async restartIfPlaying(): Promise<void> {
    if (!this.paused && this.proc) { this.offset = this.position(); this.launch(); }
  }

  async seek(seconds: number): Promise<void> {
    this.offset = Math.max(0, seconds);
    if (!this.paused) this.launch();
    this.emit('time', this.offset);
  }

  async setVolume(volume: number): Promise<void> { this.volume = volume; await this.restartIfPlaying(); }
  async setMuted(muted: boolean): Promise<void> { this.muted = muted; await this.restartIfPlaying(); }
  async setSpeed(speed: number): Promise<void> { this.speed = speed; await this.restartIfPlaying(); }
  async stop(): Promise<void> { this.kill(); this.url = null; this.offset = 0; }
  async quit(): Promise<void> { this.kill(); this.emit('exit', 0); }
  killNow(): void { this.kill(); }
}
