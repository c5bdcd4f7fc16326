/**
 * One work (spec 000 section 7): the detail call and the admin's delete, which hides the
 * work and keeps every user's reviews, progress and history (DESIGN section 4).
 */
import type { Db } from '../db/index.js';
import type { Work } from '../model/index.js';
import { loadWorks } from './hydrate.js';
import { catalogueCache } from './cache.js';
import { whereVisible, type Scope } from './visible.js';

/** Work `id` visible in `scope` (visible.ts; default the library) as the caller `viewer` sees it; undefined otherwise. */
export async function getWork(db: Db, id: number, viewer: string, scope: Scope = 'library'): Promise<Work | undefined> {
  const visible = await whereVisible(db('works').where({ id }), undefined, scope).first('id');
  if (!visible) return undefined;
  return (await loadWorks(db, await catalogueCache(db), [id], viewer))[0];
}

/**
 * Hides work `id`: removed_at = now, removed_reason 'deleted'. Answers false when there
 * is no visible work with that id. Reviews, progress, history and lyric tasks stay.
 */
export async function hideWork(db: Db, id: number): Promise<boolean> {
  const n = await db('works').where({ id }).whereNull('removed_at').update({ removed_at: new Date().toISOString(), removed_reason: 'deleted' });
  return n > 0;
}
