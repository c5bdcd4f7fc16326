/**
 * Hiding works (DESIGN section 4): a hidden work keeps its row, its files and every user's
 * reviews, progress, history and lyric tasks; `removed_at` (dbTime's format) says when and
 * `removed_reason` why: 'missing' (its folder vanished; a scan restores it when the folder is
 * back, src/library/work.ts) or 'deleted' (by an admin; it stays hidden).
 */
import type { Db } from '../db/index.js';
import { dbTime } from '../db/time.js';

/** Hides the works of `ids` not hidden yet as 'missing' (500 a statement). Answers how many it hid. */
export async function hideMissingWorks(db: Db, ids: readonly number[]): Promise<number> {
  let removed = 0;
  const now = dbTime();
  for (let i = 0; i < ids.length; i += 500) {
    removed += await db('works').whereIn('id', ids.slice(i, i + 500) as number[]).whereNull('removed_at').update({ removed_at: now, removed_reason: 'missing' });
  }
  return removed;
}

/**
 * Hides work `id` as 'deleted' (the admin's delete, `DELETE /api/work/:id`). Answers false
 * when there is no work with that id that is not hidden already.
 */
export async function hideWork(db: Db, id: number): Promise<boolean> {
  return (await db('works').where({ id }).whereNull('removed_at').update({ removed_at: dbTime(), removed_reason: 'deleted' })) > 0;
}
