/**
 * Loads full works for a page of ids in one query: the rows with circle name, the
 * caller's review and history, and their VAs and tags as JSON lists.
 */
import type { Db } from '../db/index.js';
import type { Work } from '../api/types.js';
import { presentWork, type WorkRow } from './presenter.js';

/** Which time `updated_at` shows: the work's, or the caller's review / history record's. */
export type TimeSource = 'work' | 'review' | 'history';

/** A correlated subquery answering a JSON list of `{id, name}` objects (SQLite or PostgreSQL). */
function jsonRefs(db: Db, from: string): string {
  return db.client.config.client === 'sqlite3'
    ? `(SELECT json_group_array(json_object('id', x.id, 'name', x.name)) ${from})`
    : `(SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name)), '[]'::json) ${from})`;
}

/**
 * Answers the works of `ids` in the order of `ids` (ids not found are left out), with
 * `userRating`, `progress`, `review_text` and `state` of user `viewer`.
 */
export async function loadWorks(db: Db, ids: number[], viewer: string, time: TimeSource = 'work'): Promise<Work[]> {
  if (ids.length === 0) return [];
  const rows: WorkRow[] = await db('works as w')
    .leftJoin('circles as c', 'c.id', 'w.circle_id')
    .leftJoin('reviews as r', (j) => j.on('r.work_id', 'w.id').andOn('r.user_name', db.raw('?', [viewer])))
    .leftJoin('play_history as h', (j) => j.on('h.work_id', 'w.id').andOn('h.user_name', db.raw('?', [viewer])))
    .whereIn('w.id', ids)
    .select(
      'w.id', 'w.code_prefix', 'w.title', 'w.circle_id', 'c.name as circle_name', 'w.nsfw', 'w.release', 'w.price', 'w.dl_count',
      'w.review_count', 'w.rate_count', 'w.rate_average_2dp', 'w.rate_count_detail', 'w.lyric_status', 'w.created_at', 'w.updated_at',
      'r.rating as user_rating', 'r.review_text', 'r.progress', 'h.state as history_state',
      time === 'review' ? 'r.updated_at as scope_updated_at' : time === 'history' ? 'h.updated_at as scope_updated_at' : db.raw('NULL as scope_updated_at'),
      db.raw(`${jsonRefs(db, 'FROM work_vas wv JOIN vas x ON x.id = wv.va_id WHERE wv.work_id = w.id')} as vas_json`),
      db.raw(`${jsonRefs(db, 'FROM work_tags wt JOIN tags x ON x.id = wt.tag_id WHERE wt.work_id = w.id')} as tags_json`),
    );
  const byId = new Map(rows.map((row) => [row.id, presentWork(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
