/**
 * Play history (spec 000 sections 3, 4 and 7): per user and work, the last queue, the
 * index of the playing track and the position in seconds, saved by the player and
 * restored from the favourites page. Never deleted because a folder went missing.
 */
import type { Db } from '../db/index.js';
import type { HistoryState, Work } from '../model/index.js';
import { AUDIO_CATALOGUE, LIBRARY_AND_TRIAL, assertVisibleIn, listWorks, type AnyCatalogue, type CatalogueDef, type ListAnswer, type ReadContext, type UserFields } from '../catalogue/index.js';
import type { FavouritesQuery } from './reviews.js';
import { dbTime } from '../db/time.js';

/**
 * Saves `user`'s history `state` of `workId` (insert or replace): a work of the library
 * or of the trial catalogue (trial items play and resume too), or of the catalogue `def`
 * (the audio works by default; the novel section's). Throws NotFound for a work that is
 * unknown, hidden or in neither; nothing is written then.
 */
export async function saveHistory(db: Db, user: string, workId: number, state: HistoryState, def: AnyCatalogue = AUDIO_CATALOGUE): Promise<void> {
  const now = dbTime();
  await db.transaction(async (trx) => {
    await assertVisibleIn(trx, def, workId, ['library', 'trial']);
    await trx(def.tables.history)
      .insert({ user_name: user, work_id: workId, state: JSON.stringify(state), updated_at: now })
      .onConflict(['user_name', 'work_id'])
      .merge(['state', 'updated_at']);
  });
}

/**
 * Marks `workId` of catalogue `def` (the audio works by default; the novel reader marks a
 * novel read) as `user`'s most recent now: the history's time moves and a saved state
 * stays; without a history the work gets an empty one ({queue: [], index: 0, seconds: 0}).
 * No visibility check: the caller has just answered the work.
 */
export async function touchHistory(db: Db, user: string, workId: number, def: AnyCatalogue = AUDIO_CATALOGUE): Promise<void> {
  await db(def.tables.history)
    .insert({ user_name: user, work_id: workId, state: JSON.stringify({ queue: [], index: 0, seconds: 0 }), updated_at: dbTime() })
    .onConflict(['user_name', 'work_id'])
    .merge(['updated_at']);
}

/** Deletes `user`'s history of `workId` (catalogue `def`); false when there was none. */
export async function deleteHistory(db: Db, user: string, workId: number, def: AnyCatalogue = AUDIO_CATALOGUE): Promise<boolean> {
  return (await db(def.tables.history).where({ user_name: user, work_id: workId }).del()) > 0;
}

/**
 * GET /api/histroy: the visible works (library or trial catalogue) the context's viewer has
 * a play history for, each with its `state`, optionally only those whose review progress
 * is `q.progress`; `updated_at` is the history record's time (default order: most recent
 * first). Catalogue `def`: the audio works by default, or the novel section's.
 */
export async function listHistory<W extends UserFields = Work>(ctx: ReadContext, q: FavouritesQuery, def?: CatalogueDef<W>): Promise<ListAnswer<W>> {
  return listWorks(ctx, { filter: LIBRARY_AND_TRIAL, order: q.order, sort: q.sort, seed: 0, page: q.page, pageSize: q.pageSize, userRows: { kind: 'history', progress: q.progress }, catalogue: def });
}
