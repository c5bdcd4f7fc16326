/**
 * mpv ends with the TUI, however the TUI ends. Each session's mpv gets a temp folder for
 * its IPC socket, named after the TUI's pid (`audiolib-mpv-<pid>-XXXXXX`), and a watchdog:
 * a small `sh` in a session of its own whose stdin is a pipe from the TUI. The pipe
 * closes when the TUI exits for any reason, `kill -9` included (the kernel closes it);
 * the watchdog then reads end of file, ends mpv (SIGTERM, SIGKILL after 2 s if still
 * there) and removes the folder. Node cannot ask the kernel for a parent-death signal (prctl) without native
 * code; end of file on a pipe needs none, and no polling. When mpv ends normally the
 * watchdog is stopped first. At start, folders of dead sessions are removed
 * (removeStaleSessionDirs), their mpv told to quit over its own socket if it still runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'audiolib-mpv-';
/** `audiolib-mpv-<pid>-XXXXXX` (this version) or `audiolib-mpv-XXXXXX` (earlier ones, no owner pid). */
const DIR_NAME = /^audiolib-mpv-(?:(\d+)-)?[A-Za-z0-9]{6}$/;
/** A folder without an owner pid is left this long (ms): its mpv may still be opening the socket. */
const OWNERLESS_GRACE_MS = 60_000;

/** The IPC socket's path in a session folder. */
export const socketIn = (dir: string) => path.join(dir, 'ipc.sock');

/** Creates this session's folder (mode 0700, named after this process) in the temp dir. */
export function makeSessionDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
}

// $1 mpv's pid, $2 the folder. `read` returns at end of file: the TUI is gone.
const WATCHDOG = [
  'read -r line',
  'kill -TERM "$1" 2>/dev/null',
  'rm -rf "$2"',
  'n=0; while [ $n -lt 20 ] && kill -0 "$1" 2>/dev/null; do sleep 0.1; n=$((n+1)); done',
  'kill -0 "$1" 2>/dev/null && kill -KILL "$1" 2>/dev/null',
].join('\n');

/**
 * Starts the watchdog of mpv `pid` and its folder `dir`. It holds nothing of the TUI's
 * event loop; `stop()` ends it without touching mpv (mpv ended, or is being quit).
 */
export function watchMpv(pid: number, dir: string): { stop(): void } {
  const dog: ChildProcess = spawn('/bin/sh', ['-c', WATCHDOG, 'audiolib-mpv-watchdog', String(pid), dir], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true, // its own session: a terminal hang-up or Ctrl-C to the TUI's group leaves it to do its job
  });
  dog.on('error', () => undefined);
  dog.stdin?.on('error', () => undefined);
  dog.unref();
  (dog.stdin as net.Socket | null)?.unref?.();
  return { stop: () => { if (dog.exitCode === null && dog.signalCode === null) dog.kill('SIGKILL'); } };
}

/** True when the process `pid` exists (EPERM: it does, as another user's). */
function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}

/**
 * Connects to an mpv socket: the connection, 'none' when nobody listens (refused, or no
 * socket), 'unknown' when neither is known within 2 s (a busy machine: the folder waits
 * for another start).
 */
function connect(socketPath: string): Promise<net.Socket | 'none' | 'unknown'> {
  return new Promise((resolve) => {
    const s = net.createConnection(socketPath);
    const timer = setTimeout(() => { s.destroy(); resolve('unknown'); }, 2000);
    s.once('connect', () => { clearTimeout(timer); resolve(s); });
    s.once('error', () => { clearTimeout(timer); s.destroy(); resolve('none'); });
  });
}

/** Tells the mpv at the other end of `socket` to quit. */
async function quitOrphan(socket: net.Socket): Promise<void> {
  await new Promise<void>((resolve) => socket.end(JSON.stringify({ command: ['quit'] }) + '\n', () => resolve()));
  socket.destroy();
}

/**
 * Removes the mpv folders of dead sessions from `tmpDir` (default the temp dir): a
 * folder whose owner pid is gone, its mpv told to quit if it still answers; a folder
 * of an earlier version (no owner pid) when nobody answers on its socket and it is a
 * minute old. Only this user's folders; errors are skipped (a start never fails here).
 */
export async function removeStaleSessionDirs(tmpDir = os.tmpdir()): Promise<void> {
  let names: string[];
  try { names = fs.readdirSync(tmpDir); } catch { return; }
  const uid = process.getuid?.();
  await Promise.all(names.map(async (name) => {
    const m = DIR_NAME.exec(name);
    if (!m) return;
    const dir = path.join(tmpDir, name);
    let st: fs.Stats;
    try { st = fs.lstatSync(dir); } catch { return; }
    if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) return;
    const owner = m[1] ? Number(m[1]) : null;
    if (owner !== null ? alive(owner) : Date.now() - st.mtimeMs < OWNERLESS_GRACE_MS) return;
    const socket = await connect(socketIn(dir));
    if (socket === 'unknown') return;
    if (socket !== 'none') {
      if (owner === null) { socket.destroy(); return; } // an earlier version's TUI still plays
      await quitOrphan(socket);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }).map((removing) => removing.catch(() => undefined)));
}
