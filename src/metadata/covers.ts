/**
 * Cover files: `{dataDir}/covers/{formatWorkCode(id, prefix)}_img_{main|sam|240x240}.jpg`, the
 * names GET /api/cover/:id serves (src/library/cover-lookup.ts) before it falls back to the
 * work's own image.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { coverFileName, coversDir } from '../library/cover-lookup.js';
import type { CoverType } from '../model/index.js';

/** Absolute path of a work's downloaded cover of one type. */
export function coverFilePath(dataDir: string, workId: number, type: CoverType, prefix: string = 'RJ'): string {
  return path.join(coversDir(dataDir), coverFileName(workId, type, prefix));
}

/** True when the bytes start like a JPEG, PNG, GIF or WebP image. */
export function looksLikeImage(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return true;
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
}

/**
 * Writes a cover atomically (temporary file, then rename), creating `covers/` if needed.
 * Returns the file's path.
 */
export async function writeCover(dataDir: string, workId: number, type: CoverType, prefix: string, bytes: Buffer): Promise<string> {
  const file = coverFilePath(dataDir, workId, type, prefix);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, file);
  return file;
}
