/**
 * Loads full works for a page of ids: the works as anybody sees them come from the
 * catalogue cache (cache.ts) or one query (circle, and VAs and tags as JSON lists); the
 * caller's review and history come from one small query on every call.
 */
import type { Db } from '../db/index.js';
import type { Work } from '../model/index.js';
import { presentWork, withUserData, type UserWorkData, type WorkRow } from './presenter.js';
import type { CatalogueCache } from './cache.js';

/** Which time `updated_at` shows: the work's, or the caller's review / history record's. */
export type TimeSource = 'work' | 'review' | 'history';

/** A correlated subquery answering a JSON list of `{id, name}` objects (SQLite or PostgreSQL). */
function jsonRefs(db: Db, from: string): string {
  return db.client.config.client === 'sqlite3'
    ? `(SELECT json_group_array(json_object('id', x.id, 'name', x.name)) ${from})`
    : `(SELECT coalesce(json_agg(json_build_object('id', x.id, 'name', x.name)), '[]'::json) ${from})`;
}

/** Queries the works of `ids` as anybody sees them. */
async function queryWorks(db: Db, ids: number[]): Promise<Work[]> {
  const rows: WorkRow[] = await db('works as w')
    .leftJoin('circles as c', 'c.id', 'w.circle_id')
    .whereIn('w.id', ids)
    .select(
      'w.id', 'w.code_prefix', 'w.title', 'w.circle_id', 'c.name as circle_name', 'w.nsfw', 'w.release', 'w.price', 'w.dl_count',
      'w.review_count', 'w.rate_count', 'w.rate_average_2dp', 'w.rate_count_detail', 'w.lyric_status', 'w.created_at', 'w.updated_at',
      db.raw(`${jsonRefs(db, 'FROM work_vas wv JOIN vas x ON x.id = wv.va_id WHERE wv.work_id = w.id')} as vas_json`),
      db.raw(`${jsonRefs(db, 'FROM work_tags wt JOIN tags x ON x.id = wt.tag_id WHERE wt.work_id = w.id')} as tags_json`),
    );
  return rows.map(presentWork);
}

/** The review and history rows of `viewer` for `ids`, in one query, merged per work. */
async function queryUserData(db: Db, ids: number[], viewer: string): Promise<Map<number, UserWorkData>> {
  const rows: { kind: 'r' | 'h'; work_id: number; rating: number | null; review_text: string | null; progress: string | null; state: string | null; updated_at: string | null }[] = await db
    .select(db.raw(`'r' as kind`), 'work_id', 'rating', 'review_text', 'progress', db.raw('NULL as state'), 'updated_at')
    .from('reviews')
    .where('user_name', viewer)
    .whereIn('work_id', ids)
    .unionAll((u) => {
      u.select(db.raw(`'h' as kind`), 'work_id', db.raw('NULL'), db.raw('NULL'), db.raw('NULL'), 'state', 'updated_at').from('play_history').where('user_name', viewer).whereIn('work_id', ids);
    });
  const data = new Map<number, UserWorkData>();
  for (const row of rows) {
    let d = data.get(row.work_id);
    if (!d) data.set(row.work_id, (d = { rating: null, review_text: null, progress: null, review_updated_at: null, state: null, history_updated_at: null }));
    if (row.kind === 'r') Object.assign(d, { rating: row.rating, review_text: row.review_text, progress: row.progress, review_updated_at: row.updated_at });
    else Object.assign(d, { state: row.state, history_updated_at: row.updated_at });
  }
  return data;
}

/**
 * Answers the works of `ids` in the order of `ids` (ids not found are left out), with
 * `userRating`, `progress`, `review_text` and `state` of user `viewer`.
 */
export async function loadWorks(db: Db, cache: CatalogueCache, ids: number[], viewer: string, time: TimeSource = 'work'): Promise<Work[]> {
  if (ids.length === 0) return [];
  const missing = ids.filter((id) => !cache.work(id));
  const [fetched, user] = await Promise.all([missing.length ? queryWorks(db, missing) : [], queryUserData(db, ids, viewer)]);
  for (const work of fetched) cache.putWork(work);
  const byId = new Map(fetched.map((w) => [w.id, w]));
  return ids.flatMap((id) => {
    const work = cache.work(id) ?? byId.get(id);
    return work ? [withUserData(work, user.get(id), time)] : [];
  });
}
