/**
 * The works lists (spec 000 section 7): GET /api/works, /api/search, the circle, tag
 * and VA lists, and (with the caller's review or history rows) the caller's favourites and history. One engine:
 * filter (filters.ts), order (order.ts), page, then hydrate (hydrate.ts).
 *
 * Four ways to a page (bench/README.md, catalogue):
 * - cached: the whole ordered id list of the filter and order is computed once and pages
 *   are slices of it, the total its length; used for seeded random orders, keyword
 *   searches, tag and VA filters and deep pages, where a per-request query would sort or
 *   skip thousands of rows; after a catalogue change the list is patched for the changed
 *   works (patch.ts) rather than computed afresh;
 * - kept: the first pages of the whole library (age and lyric filters too) are slices of
 *   the cached list when it is of the request's version (a slice and the cached works cost
 *   less than a query PostgreSQL plans anew for each request); after a change, or before
 *   the list exists, the page is read directly (below) and the list is brought up to date
 *   once that page is read, for the next request, so no request waits for a patch (a patch
 *   of the release order cost the first page's cold request 24-34 ms, the direct page 12-16);
 * - direct: `SELECT id ... ORDER BY <indexed column>, id LIMIT/OFFSET` (an index walk that
 *   stops after the page) with the caller's rows joined, and the total the length of the
 *   filter's cached id list in id order (filterTotal); with the total in the same query
 *   for the caller's favourites and history; also for orders a catalogue marks per-user;
 * - rating: the caller's rated works first, then the others by id (ratingPage), rather
 *   than a sort of every work by a per-user value.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { dialectOf } from '../db/dialect/index.js';
import type { CatalogueChange } from './changes.js';
import { patchIdList } from './patch.js';
import type { Pagination, Progress, SortDir, Work } from '../model/index.js';
import { applyWorkFilter, hasTextSearch, type WorkFilter } from './filters.js';
import { applyOrder, isUserOrder, type ListOrder } from './order.js';
import { loadWorks, presentedWorks, userDataOf, withUserColumns } from './hydrate.js';
import type { CatalogueCache } from './cache.js';
import { viewerName, type ReadContext } from './context.js';
import { AUDIO_CATALOGUE, type AnyCatalogue, type CatalogueDef } from './definition.js';
import type { UserFields, UserWorkData } from './presenter.js';

/** Whether `order` reads the caller's own data (their ratings, or an order the catalogue marks so). */
const readsUser = (def: AnyCatalogue, order: ListOrder) => isUserOrder(order) || Boolean(def.perUserOrders?.includes(order));

/** Pages starting at or beyond this offset are always sliced from the cached id list. */
const DEEP_OFFSET = 600;

/** Where a page of `opts` comes from (see the file comment): always the cached id list, the list when kept current, or a direct query. */
function pageSource(def: AnyCatalogue, opts: EngineOptions, offset: number): 'cached' | 'kept' | 'direct' {
  if (opts.userRows || readsUser(def, opts.order)) return 'direct';
  const f = opts.filter;
  const cached = opts.order === 'random' || opts.order === 'title' || opts.order === 'circle_name' || hasTextSearch(f) || f.tagId !== undefined || f.vaId !== undefined || offset >= DEEP_OFFSET;
  return cached ? 'cached' : 'kept';
}

/** The caller's favourites (review rows) or play history, optionally one progress value. */
export interface UserRows { kind: 'review' | 'history'; progress?: Progress }

export interface ListOptions<W extends UserFields = Work> {
  filter: WorkFilter;
  order: ListOrder;
  sort: SortDir;
  /** Random-order seed 0..99. */
  seed: number;
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** The first row of the page when it is no multiple of pageSize (the players' API pages by offset); default (page - 1) * pageSize. */
  offset?: number;
  userRows?: UserRows;
  /**
   * The works as anybody sees them (user fields null; the context's viewer still orders and scopes):
   * no statement reads the caller's review and history rows for them (the players read
   * the caller's marks on their own: src/subsonic/marks.ts).
   */
  bare?: boolean;
  /** Which catalogue (definition.ts); the audio works by default. */
  catalogue?: CatalogueDef<W>;
}

/** ListOptions as the engine reads them: with the caller's user name (their rating, review, progress and history ride on each work unless `bare`). */
type EngineOptions = ListOptions<UserFields> & { viewer: string };

/** A page of works of any catalogue, as the lists answer it. */
export interface ListAnswer<W> { works: W[]; pagination: Pagination }

/** The works of `opts` with the unpaged filter applied, no select, no order (aliases w, s, r). */
function baseQuery(db: Db, def: AnyCatalogue, opts: EngineOptions): Knex.QueryBuilder {
  const t = def.tables;
  const qb = db(`${t.works} as w`);
  const { userRows, viewer } = opts;
  if (userRows) {
    qb.join(`${userRows.kind === 'review' ? t.reviews : t.history} as s`, (j) => j.on('s.work_id', 'w.id').andOn('s.user_name', db.raw('?', [viewer])));
  }
  if (isUserOrder(opts.order) || userRows?.progress) {
    qb.leftJoin(`${t.reviews} as r`, (j) => j.on('r.work_id', 'w.id').andOn('r.user_name', db.raw('?', [viewer])));
  }
  if (userRows?.progress) qb.where('r.progress', userRows.progress);
  applyWorkFilter(db, qb, opts.filter, def);
  return qb;
}

/** A cache key naming a query's SQL and bindings. */
const keyOf = (label: string, qb: Knex.QueryBuilder) => {
  const { sql, bindings } = qb.toSQL();
  return `${label}|${sql}|${JSON.stringify(bindings)}`;
};

/** Counts the works of `base` (a query that reads the caller's data: never cached). */
async function countRows(base: Knex.QueryBuilder): Promise<number> {
  return Number((await base.clone().count({ n: '*' }))[0]?.n ?? 0);
}

/**
 * Every id of `ordered` in order, from one aggregated string (the dialect's idList; far
 * cheaper than 100,000 rows), kept as an Int32Array (work ids stay below 2^31): 400 kB per 100,000 works.
 */
async function allIds(db: Db, ordered: Knex.QueryBuilder): Promise<Int32Array> {
  const [row] = await db.from(ordered.as('q')).select(db.raw(`${dialectOf(db).idList} as ids`));
  const text = (row as { ids: string | null } | undefined)?.ids;
  return Int32Array.from(text ? text.split(',') : [], Number);
}

/** The CTE names a patch query reads instead of the catalogue's works, links and search documents. */
const CHANGED = { ids: 'changed_ids', works: 'changed_works', workTags: 'changed_work_tags', workVas: 'changed_work_vas' };

/**
 * `qb` (on alias w of CHANGED.works, from a definition with the CHANGED tables) over the
 * works `ids` alone: CTEs of those works' rows, links and, through `searchOnly`, search
 * documents. With `materialize` the works' rows are copied first, so a filter's planner
 * looks them up by id instead of walking a list index; without, the query reads only the
 * columns it needs (sorting 350 changed works: 4.1 ms of copies against 0.9).
 */
function overChanged(conn: Knex, def: AnyCatalogue, qb: Knex.QueryBuilder, ids: number[], materialize: boolean): Knex.QueryBuilder {
  const rows = dialectOf(conn).idRows(ids);
  const among = (column: string) => `WHERE ${column} IN (SELECT id FROM ${CHANGED.ids})`;
  const works = conn.raw(`SELECT * FROM ${def.tables.works} ${among('id')}`);
  const withIds = qb.with(CHANGED.ids, conn.raw(rows.sql, rows.bindings as Knex.RawBinding[]));
  return (materialize ? withIds.withMaterialized(CHANGED.works, works) : withIds.with(CHANGED.works, works))
    .with(CHANGED.workTags, conn.raw(`SELECT * FROM ${def.tables.workTags} ${among('work_id')}`))
    .with(CHANGED.workVas, conn.raw(`SELECT * FROM ${def.tables.workVas} ${among('work_id')}`));
}

/**
 * The patch of the cached id list of `opts` (filter, order, sort, seed; cache.ts, patch.ts)
 * on the patch's snapshot: the filter evaluated for the changed works alone, and small id
 * sets sorted in the list's order (the id order in place, without a query). Orders a
 * catalogue definition adds itself (which may read tables the change log does not cover)
 * are computed afresh instead.
 */
function idListPatch(db: Db, def: AnyCatalogue, opts: EngineOptions) {
  const { order, sort, seed, viewer } = opts;
  if (def.order?.(db.queryBuilder(), order, sort, viewer)) return undefined;
  const changed: AnyCatalogue = { ...def, tables: { ...def.tables, works: CHANGED.works, workTags: CHANGED.workTags, workVas: CHANGED.workVas }, searchOnly: CHANGED.ids };
  return (old: Int32Array, change: CatalogueChange, conn: Knex) => {
    const idsOf = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
    return patchIdList(old, change, {
      members: async (ids) => idsOf(await overChanged(conn, def, baseQuery(conn, changed, opts).select('w.id'), ids, true)),
      // the id order needs no query
      ordered: order === 'id' ? async (ids) => ids.sort((a, b) => (sort === 'desc' ? b - a : a - b)) : async (ids) => {
        const qb = overChanged(conn, def, conn(`${CHANGED.works} as w`).select('w.id'), ids, false);
        applyOrder(qb, order as Exclude<ListOrder, 'betterRandom'>, sort, seed, def, viewer);
        return idsOf(await qb);
      },
    });
  };
}

/**
 * A page in the order of the caller's rating without sorting the catalogue: the works
 * the caller rated (a few hundred at most) sorted by rating then id, followed by every
 * other work of the filter in id order (the same order as applyOrder's `rating`).
 */
async function ratingPage(db: Db, def: AnyCatalogue, cache: Pick<CatalogueCache, 'get'>, opts: EngineOptions, offset: number): Promise<{ ids: number[]; totalCount: number }> {
  const { sort, pageSize, viewer } = opts;
  const plain = baseQuery(db, def, { ...opts, order: 'id' });
  const rated: number[] = (
    await plain.clone()
      .join(`${def.tables.reviews} as rr`, (j) => j.on('rr.work_id', 'w.id').andOn('rr.user_name', db.raw('?', [viewer]))) // inner join: driven by the caller's reviews
      .whereNotNull('rr.rating').select('w.id').orderBy('rr.rating', sort).orderBy('w.id', sort)
  ).map((r: { id: number }) => r.id);
  const totalCount = await filterTotal(db, def, cache, opts);
  const withReview = baseQuery(db, def, opts); // left-joins the caller's review as alias r
  const ids = rated.slice(offset, offset + pageSize);
  if (ids.length < pageSize) {
    const rest = await withReview.clone().whereNull('r.rating').select('w.id').orderBy('w.id', sort).limit(pageSize - ids.length).offset(Math.max(0, offset - rated.length));
    ids.push(...rest.map((r: { id: number }) => r.id));
  }
  return { ids, totalCount };
}

/**
 * The number of works of `opts`'s filter (the caller's rows and the order aside): the length of the
 * filter's id list in id order, which is cached like the deep pages' lists and so patched
 * after a catalogue change rather than counted again (the count made the first page's cold
 * request: on PostgreSQL 8-24 ms at 100,000 works, 107-189 ms at 1,000,000; bench/README.md).
 * The same entry as orderedWorkIds' for the filter.
 */
async function filterTotal(db: Db, def: AnyCatalogue, cache: Pick<CatalogueCache, 'get'>, opts: EngineOptions): Promise<number> {
  const byId: EngineOptions = { ...opts, order: 'id', sort: 'asc', userRows: undefined };
  const ordered = baseQuery(db, def, byId).select('w.id');
  applyOrder(ordered, 'id', 'asc', 0, def, opts.viewer);
  return (await cache.get(keyOf('ids', ordered), () => allIds(db, ordered), idListPatch(db, def, byId))).length;
}

/**
 * One page of works with its pagination `{currentPage, pageSize, totalCount}`, of the
 * catalogue `listed.catalogue` (the audio works by default), as the context's viewer sees
 * them (`ctx`: the request's database, viewer and catalogue cache, context.ts).
 * `betterRandom` answers one random work of the filtered set (pageSize 1).
 */
export async function listWorks<W extends UserFields = Work>(ctx: ReadContext, listed: ListOptions<W>): Promise<ListAnswer<W>> {
  const { db } = ctx;
  const viewer = viewerName(ctx);
  const opts: EngineOptions = { ...(listed as ListOptions<UserFields>), viewer };
  const def = listed.catalogue ?? (AUDIO_CATALOGUE as unknown as CatalogueDef<W>);
  const { order, page, pageSize } = opts;
  const base = baseQuery(db, def, opts);
  const perUser = Boolean(opts.userRows) || readsUser(def, order);
  const time = opts.userRows?.kind ?? 'work';
  const cache = await ctx.catalogue<W>(def.versionId);
  const load = (ids: number[], known?: Map<number, UserWorkData>) => (opts.bare ? presentedWorks(ctx, ids, def) : loadWorks(ctx, ids, { time, catalogue: def, known }));
  const withUser = (qb: Knex.QueryBuilder, joined?: UserRows['kind']) => (opts.bare ? qb : withUserColumns(db, qb, def.tables, viewer, joined));

  if (order === 'betterRandom') {
    const totalCount = perUser ? await countRows(base) : await filterTotal(db, def, cache, opts);
    const pick = totalCount > 0 ? Math.floor(Math.random() * totalCount) : 0;
    const ids = totalCount > 0 ? (await base.clone().select('w.id').orderBy('w.id').limit(1).offset(pick)).map((r: { id: number }) => r.id) : [];
    return { works: await load(ids), pagination: { currentPage: 1, pageSize: 1, totalCount } };
  }

  const ordered = base.clone().select('w.id');
  applyOrder(ordered, order, opts.sort, opts.seed, def, viewer);
  const offset = opts.offset ?? (page - 1) * pageSize;
  const source = pageSource(def, opts, offset);
  const idsKey = source === 'direct' ? '' : keyOf('ids', ordered);
  const idList = () => cache.get(idsKey, () => allIds(db, ordered), idListPatch(db, def, opts));
  const kept = source === 'kept' ? cache.current<Int32Array>(idsKey) : undefined;
  let ids: number[];
  let totalCount: number;
  if (isUserOrder(order) && !opts.userRows) {
    ({ ids, totalCount } = await ratingPage(db, def, cache, opts, offset));
  } else if (source === 'cached' || kept) {
    const all = await (kept ?? idList());
    totalCount = all.length;
    ids = Array.from(all.subarray(offset, offset + pageSize));
  } else if (opts.userRows) {
    // the caller's favourites or history (a few hundred rows): the page and its total in one query; the total as an
    // uncorrelated subquery (evaluated once), so the page walks those rows' (user_name, updated_at) index and stops
    // after the page instead of materialising and sorting every row as a window count would; the caller's review and
    // history rows joined as on the direct page. LIMIT and OFFSET are written into the SQL (knex's parseInt'd numbers):
    // PostgreSQL then keeps the generic plan of each page's statement (db/pg-client.ts) instead of planning it for
    // every request (0.85 ms of its 1.7 for 300 reviews; bench/README.md "prepared statements on both engines")
    const rows: { id: number; total: number | string }[] = await withUser(ordered.select(base.clone().count('*').as('total')).limit(pageSize, { skipBinding: true }).offset(offset, { skipBinding: true }), opts.userRows.kind);
    totalCount = rows.length > 0 ? Number(rows[0]!.total) : await countRows(base);
    return { works: await load(rows.map((r) => r.id), userDataOf(rows)), pagination: { currentPage: page, pageSize, totalCount } };
  } else {
    // the page with the caller's review and history rows joined: no second statement for them when its works are cached
    let rows: { id: number }[];
    [rows, totalCount] = await Promise.all([withUser(ordered.clone().limit(pageSize).offset(offset)), filterTotal(db, def, cache, opts)]);
    const works = await load(rows.map((r) => r.id), userDataOf(rows));
    // once this page is read, its list is brought up to date for the next request (a failure only leaves that to the next)
    if (source === 'kept') idList().catch(() => undefined);
    return { works, pagination: { currentPage: page, pageSize, totalCount } };
  }
  return { works: await load(ids), pagination: { currentPage: page, pageSize, totalCount } };
}

/**
 * Every id of the visible works of `filter` in `order` (a plain order, not the caller's
 * rating), cached and patched after catalogue changes like the deep pages of listWorks (the same entry
 * for the same filter and order); the players' API pages songs across works with it.
 */
export async function orderedWorkIds(ctx: ReadContext, filter: WorkFilter, order: Exclude<ListOrder, 'betterRandom' | 'rating' | 'userRating'>, sort: SortDir): Promise<Int32Array> {
  const { db } = ctx;
  const opts: EngineOptions = { filter, order, sort, seed: 0, page: 1, pageSize: 1, viewer: '' };
  const ordered = baseQuery(db, AUDIO_CATALOGUE, opts).select('w.id');
  applyOrder(ordered, order, sort);
  return (await ctx.catalogue()).get(keyOf('ids', ordered), () => allIds(db, ordered), idListPatch(db, AUDIO_CATALOGUE, opts));
}

/**
 * `count` works drawn at random from the visible works of `filter` (fewer when the filter
 * has fewer), as anybody sees them (user fields null: the players read the caller's
 * stars and ratings with their summaries), as a fresh draw on every call (the players'
 * random lists). The draw picks positions in the filter's cached id list (orderedWorkIds).
 */
export async function randomWorks(ctx: ReadContext, filter: WorkFilter, count: number): Promise<Work[]> {
  const all = await orderedWorkIds(ctx, filter, 'id', 'asc');
  const picked = new Set<number>();
  while (picked.size < Math.min(count, all.length)) picked.add(all[Math.floor(Math.random() * all.length)]!);
  return presentedWorks(ctx, [...picked]);
}
