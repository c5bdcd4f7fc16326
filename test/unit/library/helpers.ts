/**
 * Helpers for the scanner tests: a writable copy of the fixture library, a large library
 * of generated works, a fresh migrated database in a temp data directory, and ffprobe durations.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { openMigrated, type Db } from '../../../src/db/index.js';
import { libraryDir, tempDataDir } from '../../helpers/server.js';

/** A new temp directory. */
export const tempDir = (prefix = 'audiolib-scan-') => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/** Copies the fixture library to a temp dir (tests may change it) and answers its path. */
export function copyLibrary(): string {
  const dir = path.join(tempDir(), 'library');
  fs.cpSync(libraryDir, dir, { recursive: true, preserveTimestamps: true });
  return dir;
}

/** A migrated database (SQLite, or PostgreSQL under AUDIOLIB_TEST_DB=pg) in a new data directory. */
export async function freshDb(): Promise<{ db: Db; dataDir: string }> {
  const dataDir = tempDataDir('audiolib-data-');
  return { db: await openMigrated(dataDir), dataDir };
}

/** The duration ffprobe reads for a file, in seconds. */
export function ffprobeDuration(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]).toString().trim());
}

/** A short real audio file made by ffmpeg (sine tone of `seconds`). */
export function makeTone(file: string, seconds = 1): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '1', '-ar', '22050', file]);
}

/**
 * A library of `works` work folders (RJ01100000 on), each with one short tone: enough
 * works that a scan (one duration read per work) is still running a few seconds after it starts.
 */
export function bigLibrary(works: number): string {
  const root = path.join(tempDir(), 'library');
  const tone = path.join(root, 'tone.mp3');
  makeTone(tone, 1);
  for (let i = 0; i < works; i++) {
    const dir = path.join(root, `RJ${String(1_100_000 + i).padStart(8, '0')} work ${i}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(tone, path.join(dir, '01.mp3'));
  }
  fs.rmSync(tone);
  return root;
}
