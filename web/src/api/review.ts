/**
 * Reviews, progress and play history (spec 000 section 7 and its parameter rules):
 * - rating from the work page or a work card: PUT /api/review {user_name, work_id, rating}, no params;
 * - rating from the favourites list: ?starOnly=true;
 * - progress: ?starOnly=false&progressOnly=true {user_name, work_id, progress};
 * - the review dialog: ?starOnly=false {user_name, work_id, rating, review_text, progress};
 * - DELETE /api/review?work_id=; DELETE /api/histroy {work_id}.
 * Each answers {message} (shown as the success notice). The novel section's calls
 * (/api/novel/work/review/ ?starOnly or ?progressOnly, /api/novel/review, /api/novel/histroy)
 * come from its Catalogue (catalogue.tsx).
 */
import type { Progress } from '@model';
import { notifyError, notifySuccess, send } from './client';
import { AUDIO_CATALOGUE, type Catalogue } from '../catalogue';

interface Message { message?: string }

function putRating(user_name: string, work_id: number, rating: number, from: 'work' | 'favourites', catalogue: Catalogue): Promise<Message> {
  return send<Message>({ ...catalogue.ratingCall(from), body: { user_name, work_id, rating } });
}

/**
 * The stars of a work page, a work card or the favourites list (putRating; the novel
 * section's calls when `site` says so), with the outcome shown: the server's message
 * as the green notice, a failure as the red one. Answers true when the rating was saved.
 */
async function saveRating(user_name: string, work_id: number, rating: number, from: 'work' | 'favourites', catalogue: Catalogue = AUDIO_CATALOGUE): Promise<boolean> {
  try {
    const res = await putRating(user_name, work_id, rating, from, catalogue);
    if (res.message) notifySuccess(res);
    return true;
  } catch (err) {
    notifyError(err);
    return false;
  }
}

/**
 * Gives stars the way every star widget does (work page, card, favourites, novel page):
 * `show(rating)` at once, so a review dialog opened before the answer starts from the new
 * stars and does not save the old ones over them; then saveRating; on a failure
 * `show(before)` puts the old stars back (the red notice says why). A 0 (a cleared widget)
 * saves nothing: stars are 1..5.
 */
export async function giveStars(give: { user_name: string; work_id: number; rating: number; before: number | null; from: 'work' | 'favourites'; catalogue?: Catalogue; show(rating: number | null): void }): Promise<void> {
  if (give.rating <= 0) return;
  give.show(give.rating);
  if (!(await saveRating(give.user_name, give.work_id, give.rating, give.from, give.catalogue))) give.show(give.before);
}

/** The caller's progress: a progress value, or in the novel section also a myProcess 0..3. */
export function putProgress(user_name: string, work_id: number, progress: Progress | number, catalogue: Catalogue = AUDIO_CATALOGUE): Promise<Message> {
  return send<Message>({ ...catalogue.progressCall, body: { user_name, work_id, progress } });
}

export function putReview(user_name: string, work_id: number, review: { rating: number | null; review_text: string; progress: Progress | null }, catalogue: Catalogue = AUDIO_CATALOGUE): Promise<Message> {
  return send<Message>({ route: catalogue.favourites.review, body: { user_name, work_id, ...review }, query: { starOnly: false } });
}

export function deleteReview(work_id: number, catalogue: Catalogue = AUDIO_CATALOGUE): Promise<Message> {
  return send<Message>({ route: catalogue.favourites.deleteReview, query: { work_id } });
}

export function deleteHistory(work_id: number, catalogue: Catalogue = AUDIO_CATALOGUE): Promise<Message> {
  return send<Message>({ route: catalogue.favourites.deleteHistory, body: { work_id } });
}
