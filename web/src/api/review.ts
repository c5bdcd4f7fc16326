/**
 * Reviews, progress and play history (spec 000 section 7 and its parameter rules):
 * - rating from the work page or a work card: PUT /api/review {user_name, work_id, rating}, no params;
 * - rating from the favourites list: ?starOnly=true;
 * - progress: ?starOnly=false&progressOnly=true {user_name, work_id, progress};
 * - the review dialog: ?starOnly=false {user_name, work_id, rating, review_text, progress};
 * - DELETE /api/review?work_id=; DELETE /api/histroy {work_id}.
 * Each answers {message} (shown as the success notice).
 */
import type { Progress } from '@model';
import { api, notifyError, notifySuccess } from './client';

interface Message { message?: string }

function putRating(user_name: string, work_id: number, rating: number, from: 'work' | 'favourites'): Promise<Message> {
  return api<Message>('/api/review', { method: 'PUT', body: { user_name, work_id, rating }, query: from === 'favourites' ? { starOnly: true } : undefined });
}

/**
 * The stars of a work page, a work card or the favourites list (putRating), with the
 * outcome shown: the server's message as the green notice, a failure as the red one.
 * Answers true when the rating was saved.
 */
export async function saveRating(user_name: string, work_id: number, rating: number, from: 'work' | 'favourites'): Promise<boolean> {
  try {
    const res = await putRating(user_name, work_id, rating, from);
    if (res.message) notifySuccess(res.message);
    return true;
  } catch (err) {
    notifyError(err);
    return false;
  }
}

export function putProgress(user_name: string, work_id: number, progress: Progress): Promise<Message> {
  return api<Message>('/api/review', { method: 'PUT', body: { user_name, work_id, progress }, query: { starOnly: false, progressOnly: true } });
}

export function putReview(user_name: string, work_id: number, review: { rating: number | null; review_text: string; progress: Progress | null }): Promise<Message> {
  return api<Message>('/api/review', { method: 'PUT', body: { user_name, work_id, ...review }, query: { starOnly: false } });
}

export function deleteReview(work_id: number): Promise<Message> {
  return api<Message>('/api/review', { method: 'DELETE', query: { work_id } });
}

export function deleteHistory(work_id: number): Promise<Message> {
  return api<Message>('/api/histroy', { method: 'DELETE', body: { work_id } });
}
