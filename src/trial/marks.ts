/**
 * The trial mark of works (src/model/wire.ts `TrialMark`; DESIGN section 7): which works
 * of an answer are in the trial catalogue, their trial status and whether their trial
 * files are downloaded, read for the answer's works in one statement (never kept in the
 * catalogue cache: a download changes it without touching the work's row).
 */
import type { Db } from '../db/index.js';
import { whereVisible } from '../catalogue/visible.js';
import type { TrialMark, Work } from '../model/index.js';

/**
 * Answers `works` in their order, each work of the trial catalogue (status 0, 1 or 2, not
 * removed) copied with its `trial` mark; the others as given. One query, none for an
 * empty list. The works themselves are not changed (cached works are shared).
 */
export async function withTrialMarks<W extends Pick<Work, 'id'>>(db: Db, works: readonly W[]): Promise<(W & { trial?: TrialMark })[]> {
  if (works.length === 0) return [];
  const rows: { id: number; status: number; downloaded: number | boolean }[] = await whereVisible(db('works as w').whereIn('w.id', works.map((w) => w.id)), 'trial', { alias: 'w' })
    .select('w.id', 'w.status', db.raw('EXISTS (SELECT 1 FROM files f WHERE f.work_id = w.id) as downloaded'));
  const marks = new Map(rows.map((r) => [r.id, { status: r.status as TrialMark['status'], downloaded: Boolean(r.downloaded) }]));
  return works.map((w) => {
    const trial = marks.get(w.id);
    return trial ? { ...w, trial } : w;
  });
}
