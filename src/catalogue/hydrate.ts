/**
 * Loads full works for a page of ids: the works as anybody sees them come from the
 * catalogue cache (cache.ts) or one query (circle, and VAs and tags as JSON lists) that
 * joins the caller's review and history rows; when every work is cached, those rows come
 * from one small query.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { dialectOf } from '../db/dialect/index.js';
import type { Work } from '../model/index.js';
import { withUserData, type UserFields, type UserWorkData } from './presenter.js';
import type { CatalogueCache } from './cache.js';
import { viewerName, type ReadContext } from './context.js';
import { AUDIO_CATALOGUE, type CatalogueDef, type CatalogueRow, type CatalogueTables } from './definition.js';

/** Which time `updated_at` shows: the work's, or the caller's review / history record's. */
export type TimeSource = 'work' | 'review' | 'history';

/** The caller's review and history columns withUserColumns selects from review alias `r` and history alias `h` (absent rows: NULL). */
const userColumns = (r: string, h: string) => [`${r}.rating as u_rating`, `${r}.review_text as u_review_text`, `${r}.progress as u_progress`, `${r}.updated_at as u_review_updated_at`, `${h}.state as u_state`, `${h}.updated_at as u_history_updated_at`];
type UserColumns = { id: number; u_rating: number | null; u_review_text: string | null; u_progress: string | null; u_review_updated_at: string | null; u_state: string | null; u_history_updated_at: string | null };

/**
 * Joins `viewer`'s review and history rows (aliases ur, uh; the tables' (user_name, work_id)
 * keys: still one row a work) to `qb`, a query of works alias `w` selecting `w.id`, and
 * selects their columns; userDataOf reads them from the rows. `joined`: `qb` already joins
 * the caller's review or history row as alias `s` (a favourites or history list), so that
 * row's columns are read from `s` and its table is not joined twice (PostgreSQL plans the
 * favourites page in 0.5-0.6 ms instead of 0.7; bench/README.md, catalogue).
 */
export function withUserColumns(db: Db, qb: Knex.QueryBuilder, tables: CatalogueTables, viewer: string, joined?: 'review' | 'history'): Knex.QueryBuilder {
  if (joined !== 'review') qb.leftJoin(`${tables.reviews} as ur`, (j) => j.on('ur.work_id', 'w.id').andOn('ur.user_name', db.raw('?', [viewer])));
  if (joined !== 'history') qb.leftJoin(`${tables.history} as uh`, (j) => j.on('uh.work_id', 'w.id').andOn('uh.user_name', db.raw('?', [viewer])));
  return qb.select(userColumns(joined === 'review' ? 's' : 'ur', joined === 'history' ? 's' : 'uh'));
}

/** The caller's data of rows read with withUserColumns, by work id (works with a review or history row). */
export function userDataOf(rows: readonly object[]): Map<number, UserWorkData> {
  const user = new Map<number, UserWorkData>();
  for (const r of rows as UserColumns[]) {
    if (r.u_review_updated_at === null && r.u_history_updated_at === null) continue; // neither row (both times are NOT NULL)
    user.set(r.id, { rating: r.u_rating, review_text: r.u_review_text, progress: r.u_progress, review_updated_at: r.u_review_updated_at, state: r.u_state, history_updated_at: r.u_history_updated_at });
  }
  return user;
}

/**
 * Queries the works of `ids` of catalogue `def` as anybody sees them (ids not found left
 * out, in no order), and with `viewer`, the caller's review and history rows joined in the
 * same statement (the tables' (user_name, work_id) keys: one row a work).
 */
async function queryWorks<W extends UserFields>(db: Db, def: CatalogueDef<W>, ids: number[], viewer?: string): Promise<{ works: W[]; user: Map<number, UserWorkData> }> {
  const t = def.tables;
  const query = db(`${t.works} as w`)
    .leftJoin(`${t.circles} as c`, 'c.id', 'w.circle_id')
    .whereIn('w.id', ids)
    .select(
      ...def.columns, 'c.name as circle_name',
      db.raw(`${dialectOf(db).jsonRefs(`FROM ${t.workVas} wv JOIN ${t.vas} x ON x.id = wv.va_id WHERE wv.work_id = w.id`)} as vas_json`),
      db.raw(`${dialectOf(db).jsonRefs(`FROM ${t.workTags} wt JOIN ${t.tags} x ON x.id = wt.tag_id WHERE wt.work_id = w.id`)} as tags_json`),
    );
  if (viewer !== undefined) withUserColumns(db, query, t, viewer);
  const rows: CatalogueRow[] = await query;
  const user = viewer === undefined ? new Map<number, UserWorkData>() : userDataOf(rows);
  return { works: rows.map((row) => def.present(row)), user };
}

/** The review and history rows of `viewer` for `ids`, in one query, merged per work. */
async function queryUserData(db: Db, tables: CatalogueTables, ids: number[], viewer: string): Promise<Map<number, UserWorkData>> {
  const rows: { kind: 'r' | 'h'; work_id: number; rating: number | null; review_text: string | null; progress: string | null; state: string | null; updated_at: string | null }[] = await db
    .select(db.raw(`'r' as kind`), 'work_id', 'rating', 'review_text', 'progress', db.raw('NULL as state'), 'updated_at')
    .from(tables.reviews)
    .where('user_name', viewer)
    .whereIn('work_id', ids)
    .unionAll((u) => {
      u.select(db.raw(`'h' as kind`), 'work_id', db.raw('NULL'), db.raw('NULL'), db.raw('NULL'), 'state', 'updated_at').from(tables.history).where('user_name', viewer).whereIn('work_id', ids);
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
 * The works of `ids` as anybody sees them (user fields null), in the order of `ids` (ids
 * not found are left out): from the request's catalogue cache, the others in one query
 * (then kept). Catalogue `def` (definition.ts), the audio catalogue by default. For answers
 * that show none of a caller's data (the players' songs), so no query of the caller's rows.
 */
export async function presentedWorks<W extends UserFields = Work>(
  ctx: ReadContext, ids: number[], def: CatalogueDef<W> = AUDIO_CATALOGUE as unknown as CatalogueDef<W>,
): Promise<W[]> {
  const { db } = ctx;
  const cache = await ctx.catalogue<W>(def.versionId);
  const missing = ids.filter((id) => !cache.work(id));
  const fetched = missing.length ? (await queryWorks(db, def, missing)).works : [];
  return inOrder(cache, ids, fetched);
}

/** The works of `ids` in their order, from `fetched` (kept in `cache` first) or `cache`. */
function inOrder<W extends UserFields>(cache: CatalogueCache<W>, ids: number[], fetched: W[]): W[] {
  for (const work of fetched) cache.putWork(work);
  const byId = new Map(fetched.map((w) => [w.id, w]));
  return ids.flatMap((id) => {
    const work = byId.get(id) ?? cache.work(id);
    return work ? [work] : [];
  });
}

/** How loadWorks reads: which time `updated_at` shows (default the work's), the catalogue (default the audio works), the caller's rows when already read. */
export interface LoadOptions<W extends UserFields> { time?: TimeSource; catalogue?: CatalogueDef<W>; known?: Map<number, UserWorkData> }

/**
 * Answers the works of `ids` in the order of `ids` (ids not found are left out), with
 * `userRating`, `progress`, `review_text` and `state` of the context's viewer; catalogue
 * `opts.catalogue` (definition.ts), the audio catalogue by default. At most one statement:
 * none when every work is cached and `opts.known` has the caller's rows (read with the
 * page: withUserColumns), those rows when every work is cached, else the works with those
 * rows joined.
 */
export async function loadWorks<W extends UserFields = Work>(ctx: ReadContext, ids: number[], opts: LoadOptions<W> = {}): Promise<W[]> {
  if (ids.length === 0) return [];
  const { db } = ctx;
  const viewer = viewerName(ctx);
  const { time = 'work', known } = opts;
  const def = opts.catalogue ?? (AUDIO_CATALOGUE as unknown as CatalogueDef<W>);
  const cache = await ctx.catalogue<W>(def.versionId);
  let works: W[];
  let user: Map<number, UserWorkData>;
  if (ids.every((id) => cache.work(id))) {
    works = inOrder(cache, ids, []);
    user = known ?? await queryUserData(db, def.tables, ids, viewer);
  } else {
    const found = await queryWorks(db, def, [...new Set(ids)], viewer);
    works = inOrder(cache, ids, found.works);
    user = found.user;
  }
  return works.map((work) => {
    const mine = withUserData(work, user.get(work.id), time);
    return def.withUser ? def.withUser(mine) : mine;
  });
}
