/**
 * Which works have a cover getCoverArt answers (src/library/cover-lookup.ts without the
 * placeholder): a cover the crawler saved in `{dataDir}/covers` (any size), or the work's
 * own image (works.cover_file_id). Albums, songs and folders name `coverArt` only for
 * these, so a player never asks for a cover that answers code 70.
 */
import fs from 'node:fs/promises';
import { whereVisible, type ReadContext } from '../catalogue/index.js';
import { coversDir } from '../library/cover-lookup.js';

/** A saved cover's file name: `{prefix}{digits}_img_{size}.jpg` (cover-lookup.ts coverFileName). */
const SAVED_COVER = /^[A-Za-z]+0*(\d{1,10})_img_(?:main|sam|240x240)\.jpg$/;

/**
 * The ids of the works with a cover: the saved covers' names (one directory read) and the
 * visible works with an own image (one query). Kept per catalogue version (the
 * context's catalogue cache); a missing covers folder counts as none saved.
 */
export async function worksWithCovers({ db, catalogue }: ReadContext, dataDir: string): Promise<ReadonlySet<number>> {
  return (await catalogue()).get('subsonic|covers', async () => {
    const [names, own] = await Promise.all([
      fs.readdir(coversDir(dataDir)).catch(() => [] as string[]),
      whereVisible(db('works')).whereNotNull('cover_file_id').select<{ id: number }[]>('id'),
    ]);
    const ids = new Set(own.map((r) => Number(r.id)));
    for (const name of names) {
      const m = SAVED_COVER.exec(name);
      if (m) ids.add(Number(m[1]));
    }
    return ids;
  });
}
