/**
 * Which image answers a work's cover (spec 000 section 7, GET /api/cover/{workId}):
 * the cover the metadata crawler saved as `{dataDir}/covers/{code}_img_{type}.jpg`
 * (the requested type, then the other sizes), else the work's own image
 * (works.cover_file_id, chosen by the scanner), else the bundled placeholder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/index.js';
import { whereVisible, type Scope } from '../catalogue/visible.js';
import { formatWorkCode, type CoverType } from '../model/index.js';
import { resolveMediaFile } from './media.js';
import { mimeTypeOf } from './filetypes.js';


/** Sizes tried in order for each requested type: the nearest size first. */
const FALLBACK: Record<CoverType, CoverType[]> = {
  main: ['main', 'sam', '240x240'],
  sam: ['sam', '240x240', 'main'],
  '240x240': ['240x240', 'sam', 'main'],
};

/** The placeholder image (repo `assets/`, the same path from src/ and dist/). */
export const PLACEHOLDER_COVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'cover-placeholder.svg');

/** The covers folder of a data directory. */
export const coversDir = (dataDir: string) => path.join(dataDir, 'covers');

/** File name the crawler saves a cover under: coverFileName(1012345, 'main') -> 'RJ01012345_img_main.jpg'. */
export const coverFileName = (workId: number, type: CoverType, prefix = 'RJ') => `${formatWorkCode(workId, prefix)}_img_${type}.jpg`;

/** An image to answer: absolute path, content type, and where it came from. */
export interface CoverImage { path: string; type: string; source: 'saved' | 'work' | 'placeholder' }

/**
 * Finds the cover of a work visible in `scope` (catalogue/visible.ts; default the
 * library; saved cover files are named with the work's code_prefix); the work's own image
 * is resolved like media (media.ts) within `roots` (config rootFolders, or the trial
 * folder for the trial scope). Output: the image, or null when the work is unknown,
 * hidden or not in the scope.
 */
export async function findCover(db: Db, dataDir: string, workId: number, type: CoverType, roots: readonly { path: string }[], scope: Scope = 'library'): Promise<CoverImage | null> {
  const work = await whereVisible(db('works').where({ id: workId }), scope).first('code_prefix', 'cover_file_id');
  if (!work) return null;
  for (const t of FALLBACK[type]) {
    const file = path.join(coversDir(dataDir), coverFileName(workId, t, work.code_prefix ?? 'RJ'));
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile()) return { path: file, type: 'image/jpeg', source: 'saved' };
  }
  if (work.cover_file_id != null) {
    const own = await resolveMediaFile(db, workId, work.cover_file_id, roots, scope);
    if (own && own.type === 'image') return { path: own.path, type: mimeTypeOf(own.name), source: 'work' };
  }
  return { path: PLACEHOLDER_COVER, type: 'image/svg+xml', source: 'placeholder' };
}
