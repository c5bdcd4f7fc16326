/**
 * Starts the TUI: opens the data source (local database or remote server), starts mpv
 * (or ffplay), binds the player controller (at the volume of the last run, saved-state.ts)
 * and the history saver, renders the app, and stops mpv when the TUI exits, also on
 * Ctrl-C, SIGTERM and SIGHUP (and on SIGKILL through mpv's watchdog, player/mpv-watchdog.ts).
 */
import { spawnSync } from 'node:child_process';
import React from 'react';
import { render } from 'ink';
import { createHistorySaver, initialPlayerState, type HistorySaver } from '../player/index.js';
import { App } from './app.js';
import type { DataSource, SharedConfig, WorksQuery } from './data/source.js';
import type { AudioBackend } from './player/backend.js';
import { MpvMissingError, MpvPlayer } from './player/mpv.js';
import { FfplayPlayer } from './player/ffplay.js';
import { PlayerController } from './player/controller.js';
import { keepVolume, loadSavedState } from './saved-state.js';

/** Re-exported for src/cli/tui.ts, which takes them from the bundle of this entry. */
export { SourceError } from './data/source.js';
export { resolveDataDir } from '../config/index.js';

export interface TuiOptions {
  /** Remote mode: the server URL. */
  server?: string;
  /** The listener's name. */
  user: string;
  /** The data directory: local mode's database (and optional database URL); in both modes the TUI's saved state (tui.json). */
  dataDir: string;
  db?: string;
  /** Reads the password of remote mode (AUDIOLIB_PASSWORD or a prompt). */
  password(): Promise<string>;
  /** Extra mpv arguments (tests: --ao=null). */
  mpvArgs?: string[];
}

/** Opens the data source of the options: remote with --server, else local. */
export async function openSource(opts: TuiOptions): Promise<DataSource> {
  if (opts.server) {
    const { RemoteSource } = await import('./data/remote.js');
    return RemoteSource.connect(opts.server, opts.user, opts.password);
  }
  const { LocalSource } = await import('./data/local.js');
  return LocalSource.open(opts.dataDir, opts.user, opts.db);
}

/**
 * Starts mpv; when it is missing, ffplay where present. Answers the backend (null when
 * neither exists) and the message to show (install hint), if any. `binaries` names the
 * programs (tests point them at missing ones).
 */
export async function startBackend(mpvArgs: string[] = [], binaries: { mpv?: string; ffplay?: string } = {}): Promise<{ backend: AudioBackend | null; message: string | null }> {
  try {
    return { backend: await MpvPlayer.start({ binary: binaries.mpv, extraArgs: mpvArgs }), message: null };
  } catch (err) {
    if (!(err instanceof MpvMissingError)) return { backend: null, message: `mpv failed to start: ${(err as Error).message}` };
    const ffplay = binaries.ffplay ?? 'ffplay';
    const probe = spawnSync(ffplay, ['-version'], { stdio: 'ignore' });
    if (probe.error || probe.status !== 0) return { backend: null, message: err.message };
    return { backend: new FfplayPlayer(ffplay), message: `${err.message} (playing with ffplay meanwhile: pause and seek restart it)` };
  }
}

/**
 * Saves the player's history through the source the way the web player does (shared
 * saver of src/player: 500 ms debounce, every 60 s, not when unchanged or resuming).
 * A failed save is only logged: here, dropped (spec 000 section 8).
 */
export function bindHistory(player: PlayerController, source: DataSource): HistorySaver {
  const saver = createHistorySaver({ save: (workId, state) => source.saveHistory(workId, state), onError: () => undefined });
  player.on('change', (s) => saver.update(s));
  return saver;
}

/**
 * When mpv starts: PLAYER_AFTER_LIST_MS after the first works page arrived (ink draws it
 * within its 32 ms frame throttle, and spawning mpv and its watchdog blocks node while
 * they exec: 20-150 ms measured), or PLAYER_LATEST_MS after the first frame, whichever
 * comes first (bench/README.md "tui").
 */
const PLAYER_AFTER_LIST_MS = 40;
const PLAYER_LATEST_MS = 1000;

/**
 * Runs the TUI until the listener quits or a signal arrives. The source opens and the
 * works list is drawn first; mpv starts after that (see PLAYER_AFTER_LIST_MS) and the
 * player joins the app when it is up; player keys pressed meanwhile run then, in order.
 */
export async function runTui(opts: TuiOptions): Promise<void> {
  const source = await openSource(opts);
  let seek: SharedConfig;
  try {
    seek = await source.sharedConfig();
  } catch (err) {
    await source.close().catch(() => undefined);
    throw err;
  }
  let backend: AudioBackend | null = null;
  const killNow = () => backend?.killNow();
  process.once('exit', killNow);
  let player: PlayerController | null = null;
  let saver: HistorySaver | null = null;
  let ended = false;

  const app = (message: string | null, playerStarting = false) => React.createElement(App, { source: listed, player, playerMissing: message, playerStarting, seek, restoreAtStart: true, onQuit: () => instance.unmount() });
  let ready: Promise<void> = Promise.resolve();
  let playerStarted = false;
  const startPlayer = () => {
    if (playerStarted || ended) return;
    playerStarted = true;
    clearTimeout(latest);
    ready = startBackend(opts.mpvArgs).then(async (started) => {
      backend = started.backend;
      if (ended) { await backend?.quit(); return; }
      if (backend) {
        const volume = loadSavedState(opts.dataDir).volume ?? 1;
        player = new PlayerController({ backend, resolveUrl: (t) => source.mediaLocation(t.hash), initial: initialPlayerState({ volume }) });
        saver = bindHistory(player, source);
        keepVolume(player, opts.dataDir, volume);
      }
      instance.rerender(app(started.message));
    });
  };
  /** The source as the app sees it: the first works page, once drawn, starts mpv. */
  let listedOnce = false;
  const listed = new Proxy(source, {
    get: (target, key) => (key === 'works'
      ? (q: WorksQuery) => {
        const page = target.works(q);
        if (!listedOnce) {
          listedOnce = true;
          page.finally(() => setTimeout(startPlayer, PLAYER_AFTER_LIST_MS)).catch(() => undefined);
        }
        return page;
      }
      : Reflect.get(target, key)),
  });
  const instance = render(app('starting mpv…', true), { exitOnCtrlC: false });
  const latest = setTimeout(startPlayer, PLAYER_LATEST_MS);

  let closing: Promise<void> | null = null;
  const shutdown = () => {
    ended = true;
    clearTimeout(latest);
    closing ??= (async () => {
      await ready.catch(() => undefined);
      await saver?.flush().catch(() => undefined);
      saver?.stop();
      await player?.close().catch(() => undefined);
      await source.close().catch(() => undefined);
    })();
    return closing;
  };
  /**
   * Ends the TUI on a signal or a lost terminal: history is flushed (and mpv and the
   * source closed) before anything else, then the screen is restored while the terminal
   * is still there, and the process exits with `code`.
   */
  const endNow = (code: number) => {
    void shutdown().finally(() => {
      if (!terminal.gone) instance.unmount();
      process.exit(code);
    });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (signal === 'SIGHUP') terminal.lose();
    endNow(signal === 'SIGINT' ? 130 : signal === 'SIGHUP' ? 129 : 143);
  };
  const terminal = watchTerminal(() => endNow(129));
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(s, onSignal);
  await instance.waitUntilExit();
  await shutdown();
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(s, onSignal);
  terminal.stop();
  process.off('exit', killNow);
}

/**
 * Watches the terminal for its loss: a write error on stdout or stderr (EIO after a
 * hangup, EPIPE), a read error on stdin, or stdin's end. Once lost (here or by `lose()`,
 * on SIGHUP), writes to stdout and stderr are dropped, so nothing (Ink's last frame, its
 * cursor and raw-mode resets, a warning) writes to the closed terminal or raises an
 * unhandled `write EIO`; `onLost` runs once. `stop()` removes the listeners.
 */
export function watchTerminal(onLost: () => void): { readonly gone: boolean; lose(): void; stop(): void } {
  let gone = false;
  const drop = function write(...args: unknown[]): boolean {
    const done = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return true;
  } as NodeJS.WriteStream['write'];
  const lose = () => {
    if (gone) return;
    gone = true;
    process.stdout.write = drop;
    process.stderr.write = drop;
  };
  const lost = () => {
    const first = !gone;
    lose();
    if (first) onLost();
  };
  // Any write error (EIO after a hangup, EPIPE) means the terminal cannot be written.
  const onWriteError = () => lost();
  process.stdout.on('error', onWriteError);
  process.stderr.on('error', onWriteError);
  process.stdin.on('error', lost);
  process.stdin.on('end', lost);
  return {
    get gone() { return gone; },
    lose,
    stop() {
      process.stdout.off('error', onWriteError);
      process.stderr.off('error', onWriteError);
      process.stdin.off('error', lost);
      process.stdin.off('end', lost);
    },
  };
}
