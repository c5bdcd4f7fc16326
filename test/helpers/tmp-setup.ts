/**
 * Vitest global setup: gives the run one temporary folder of its own (TMPDIR, which
 * `os.tmpdir()` and the spawned servers, CLIs, mpv and Chromium read) and removes it with
 * everything the tests left there when the run ends. Without it every run left hundreds of
 * data folders, SQLite files and sockets in /tmp.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-run-'));
  // Other users (postgres, when the tests run as root) may reach the folders inside it.
  fs.chmodSync(folder, 0o711);
  process.env.TMPDIR = folder;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
