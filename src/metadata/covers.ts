/**
 * Cover files: `{dataDir}/covers/{formatWorkCode(id)}_img_{main|sam|240x240}.jpg`, the names
 * GET /api/cover/:id serves before it falls back to the work's own image.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { formatWorkCode } from '../library/workcode.js';
import type { CoverKind } from './dlsite.js';

/** Absolute path of a work's downloaded cover of one kind. */
export function coverFilePath(dataDir: string, workId: number, kind: CoverKind): string {
  return path.join(dataDir, 'covers', `${formatWorkCode(workId)}_img_${kind}.jpg`);
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
export async function writeCover(dataDir: string, workId: number, kind: CoverKind, bytes: Buffer): Promise<string> {
  const file = coverFilePath(dataDir, workId, kind);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, file);
  return file;
}
