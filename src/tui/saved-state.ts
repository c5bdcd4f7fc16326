/**
 * What the TUI keeps between runs, in `tui.json` of the data directory (mode 0600, written
 * atomically like config.json): the volume. Local and remote mode share it (the volume
 * is the terminal's, not the account's). A missing or unreadable file is a fresh start;
 * a failed write is dropped (the volume then starts at its old value next time).
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeSecretFile } from '../config/index.js';
import type { PlayerState } from '../player/index.js';

export interface SavedState {
  /** Player volume 0..1. */
  volume?: number;
}

export const savedStatePath = (dataDir: string) => path.join(dataDir, 'tui.json');

/** Reads tui.json; values out of range or of the wrong type are left out. */
export function loadSavedState(dataDir: string): SavedState {
  let raw: unknown;
  try { raw = JSON.parse(fs.readFileSync(savedStatePath(dataDir), 'utf8')); } catch { return {}; }
  const volume = (raw as { volume?: unknown } | null)?.volume;
  return typeof volume === 'number' && volume >= 0 && volume <= 1 ? { volume } : {};
}

/** Writes tui.json (creating the data directory, mode 0700, when missing); errors are dropped. */
export function saveSavedState(dataDir: string, state: SavedState): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeSecretFile(savedStatePath(dataDir), JSON.stringify(state) + '\n');
  } catch { /* see the file comment */ }
}

/**
 * Saves the volume whenever it changes in the player's states (`on('change')` of the
 * player controller). `saved` is the volume the file holds now.
 */
export function keepVolume(player: { on(event: 'change', listener: (s: PlayerState) => void): unknown }, dataDir: string, saved: number): void {
  let last = saved;
  player.on('change', (s) => {
    if (s.volume === last) return;
    last = s.volume;
    saveSavedState(dataDir, { ...loadSavedState(dataDir), volume: s.volume });
  });
}
