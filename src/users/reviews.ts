/**
 * Reviews (spec 000 sections 3, 4 and 7): a user's rating (1..5), review text and
 * listening progress of a work, one row per user and work. Always written for the
 * signed-in user. Deleting a review removes its mark (section 4).
 */
import type { Db } from '../db/index.js';
import type { FavouriteOrder, Progress, SortDir, Work } from '../model/index.js';
import { AUDIO_CATALOGUE, LIBRARY_AND_TRIAL, assertVisibleIn, listWorks, type AnyCatalogue, type CatalogueDef, type ListAnswer, type ReadContext, type UserFields } from '../catalogue/index.js';
import { dbTime } from '../db/time.js';

/**
 * Which fields a PUT /api/review writes (section 7 "review parameter usage"):
 * `given` = the fields present in the body (the work page's rating, no params);
 * `star` = the rating only (starOnly=true); `progress` = the progress only
 * (progressOnly=true); `full` = rating, text and progress, absent ones cleared
 * (the review dialog, starOnly=false).
 */
export type ReviewWriteMode = 'given' | 'star' | 'progress' | 'full';

export interface ReviewInput { work_id: number; rating?: number | null; review_text?: string | null; progress?: Progress | null }

/**
 * Writes `user`'s review of `input.work_id` in `mode` (insert or update, one
 * transaction); a review left with no rating, text or progress is removed. Catalogue
 * `def`: the audio works by default, or the novel section's.
 * A work of the library or of the trial catalogue (a trial work is rated too).
 * Throws NotFound for a work that is unknown, hidden or in neither; nothing is written then.
 */
export async function saveReview(db: Db, user: string, input: ReviewInput, mode: ReviewWriteMode, def: AnyCatalogue = AUDIO_CATALOGUE): Promise<void> {
  const fields: Partial<Record<'rating' | 'review_text' | 'progress', unknown>> = {};
  if (mode === 'star') fields.rating = input.rating ?? null;
  else if (mode === 'progress') fields.progress = input.progress ?? null;
  else if (mode === 'full') Object.assign(fields, { rating: input.rating ?? null, review_text: input.review_text ?? null, progress: input.progress ?? null });
  else for (const key of ['rating', 'review_text', 'progress'] as const) if (input[key] !== undefined) fields[key] = input[key];
  const now = dbTime();
  await db.transaction(async (trx) => {
    await assertVisibleIn(trx, def, input.work_id, ['library', 'trial']);
    await trx(def.tables.reviews)
      .insert({ user_name: user, work_id: input.work_id, ...fields, created_at: now, updated_at: now })
      .onConflict(['user_name', 'work_id'])
      .merge({ ...fields, updated_at: now });
    // a review left with no rating, text or progress is no review: it leaves the favourites
    await trx(def.tables.reviews).where({ user_name: user, work_id: input.work_id }).whereNull('rating').whereNull('review_text').whereNull('progress').del();
  });
}

/** Deletes `user`'s review of `workId` (catalogue `def`); false when there was none. */
export async function deleteReview(db: Db, user: string, workId: number, def: AnyCatalogue = AUDIO_CATALOGUE): Promise<boolean> {
  return (await db(def.tables.reviews).where({ user_name: user, work_id: workId }).del()) > 0;
}

export interface FavouritesQuery { order: FavouriteOrder; sort: SortDir; page: number; pageSize: number; progress?: Progress }

/**
 * GET /api/review: the visible works (library or trial catalogue) the context's viewer has a
 * review row for (rating, text or progress), optionally only one progress value, in
 * favourites order; `updated_at` is the review's time. Catalogue `def`: the audio works
 * by default, or the novel section's.
 */
export async function listReviews<W extends UserFields = Work>(ctx: ReadContext, q: FavouritesQuery, def?: CatalogueDef<W>): Promise<ListAnswer<W>> {
  return listWorks(ctx, { filter: LIBRARY_AND_TRIAL, order: q.order, sort: q.sort, seed: 0, page: q.page, pageSize: q.pageSize, userRows: { kind: 'review', progress: q.progress }, catalogue: def });
}
