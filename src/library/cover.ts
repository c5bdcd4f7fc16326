/**
 * The work's own cover image (until metadata brings one): an image whose name says it
 * is a cover, the shallowest first; else the shallowest image; ties by sorted path.
 */
import path from 'node:path';

const COVER_WORDS = ['cover', '表紙', 'jacket', 'ジャケット', 'main', 'サムネ', 'thumb', '封面'];

/**
 * Picks the cover among a work's files (relpaths '/' separated, in sorted order, with
 * their types). Answers the chosen relpath, or null when the work has no image.
 */
export function pickCover(files: { relpath: string; type: string }[]): string | null {
  let best: { rel: string; score: [number, number] } | null = null;
  for (const f of files) {
    if (f.type !== 'image') continue;
    const name = path.posix.basename(f.relpath).toLowerCase();
    const named = COVER_WORDS.some((w) => name.includes(w)) ? 0 : 1;
    const depth = f.relpath.split('/').length;
    const score: [number, number] = [named, depth];
    if (!best || score[0] < best.score[0] || (score[0] === best.score[0] && score[1] < best.score[1])) best = { rel: f.relpath, score };
  }
  return best?.rel ?? null;
}
