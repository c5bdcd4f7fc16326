/**
 * The listener's own marks of a work from the work screen, written through the data
 * source (local: saveReview; remote: PUT /api/review, fields given): `R` asks for a
 * rating 1..5 (0 or empty clears it), `p` steps the progress mark through the spec's
 * values and none, `w` asks for a one-line review (empty clears it). What was written
 * shows at once in the work's header (`mine`); guests are told their account is read-only
 * and nothing is asked or written.
 */
import { useRef, useState } from 'react';
import { PROGRESS_VALUES, type Progress, type Work } from '../../model/index.js';
import { canWrite } from '../../model/index.js';
import { GUEST_READ_ONLY, type ReviewFields } from '../data/source.js';
import { PROGRESS_LABELS, labelOf } from '../labels.js';
import { useSession } from '../session.js';

/** The progress mark after `current` in the order of the spec's values, none after the last. */
export function nextProgress(current: Progress | null | undefined): Progress | null {
  const i = current ? PROGRESS_VALUES.indexOf(current) : -1;
  return i + 1 < PROGRESS_VALUES.length ? PROGRESS_VALUES[i + 1]! : null;
}

/** A typed rating: 1..5, null for 0 or empty (clears), undefined for anything else. */
export function parseRating(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '' || t === '0') return null;
  return /^[1-5]$/.test(t) ? Number(t) : undefined;
}

type Marks = Partial<Pick<Work, 'userRating' | 'progress' | 'review_text'>>;

/** The work's fields a review write changes. */
function marksOf(fields: ReviewFields): Marks {
  const out: Marks = {};
  if ('rating' in fields) out.userRating = fields.rating ?? null;
  if ('progress' in fields) out.progress = fields.progress ?? null;
  if ('review_text' in fields) out.review_text = fields.review_text ?? null;
  return out;
}

export type ReviewAction = 'rate' | 'progressMark' | 'review';

/** `mine`: the fields written here, over the work's; `act`: runs one of the actions on `work` (nothing while it loads). */
export function useReview(work: Work | null): { mine: Marks; act(action: ReviewAction): void } {
  const { source, notify, ask } = useSession();
  const [mine, setMine] = useState<Marks>({});
  const current = work ? { ...work, ...mine } : null;

  /** Writes in order (one after the other: quick `p` presses land as pressed); the header shows the new marks at once and the old ones again on a failure. */
  const writes = useRef<Promise<void>>(Promise.resolve());
  const write = (fields: ReviewFields, done: string) => {
    if (!work || !current) return;
    const before = { userRating: current.userRating, progress: current.progress, review_text: current.review_text };
    const after = marksOf(fields);
    setMine((m) => ({ ...m, ...after }));
    writes.current = writes.current.then(() => source.review(work.id, fields)).then(
      () => notify(done),
      (err: Error) => {
        setMine((m) => ({ ...m, ...Object.fromEntries(Object.keys(after).map((k) => [k, before[k as keyof typeof before]])) }));
        notify(err.message, 'error');
      },
    );
  };

  const act = (action: ReviewAction) => {
    if (!current) return;
    if (!canWrite(source.user)) return notify(GUEST_READ_ONLY, 'error');
    switch (action) {
      case 'rate':
        return ask('rate 1-5 (0 or empty clears): ', current.userRating ? String(current.userRating) : '', (text) => {
          const rating = parseRating(text);
          if (rating === undefined) return notify(`not a rating: ${text} (1 to 5, 0 clears)`, 'error');
          write({ rating }, rating === null ? 'rating cleared' : `rated ${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} (${rating}/5)`);
        });
      case 'progressMark': {
        const progress = nextProgress(current.progress);
        return write({ progress }, progress ? `progress: ${labelOf(PROGRESS_LABELS, progress)}` : 'progress mark cleared');
      }
      case 'review':
        return ask('review (empty clears): ', current.review_text ?? '', (text) => {
          const reviewText = text.trim() || null;
          write({ review_text: reviewText }, reviewText ? 'review saved' : 'review cleared');
        });
    }
  };
  return { mine, act };
}
