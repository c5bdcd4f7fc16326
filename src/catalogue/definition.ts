/**
 * A catalogue definition: the tables one catalogue of works lives in, its visibility
 * rule, how its works are presented, and the orders it adds. The list engine (list.ts,
 * filters.ts, order.ts, hydrate.ts, names.ts, works.ts) and the users' review, progress
 * and history rules (src/users/) run over any definition: the audio catalogue
 * (AUDIO_CATALOGUE, the default everywhere) and the novel section (src/novels/catalogue.ts).
 *
 * Every catalogue keeps the audio side's column names, only the table names differ:
 * works (id, title, circle_id, nsfw, lyric_status, release, created_at, updated_at,
 * removed_at), names (id, name), links (work_id, tag_id | va_id), reviews (user_name,
 * work_id, rating, review_text, progress, created_at, updated_at) and history
 * (user_name, work_id, state, updated_at).
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { NotFound, say, type CodedText, type SortDir, type Work } from '../model/index.js';
import { HIDDEN_WORK_SQL, VISIBLE_WORK_SQL, whereVisible, type Scope, type VisibleOptions } from './visible.js';
import { presentWork, type UserFields, type WorkRow } from './presenter.js';


/** Table names of one catalogue. */
export interface CatalogueTables {
  works: string;
  circles: string;
  tags: string;
  vas: string;
  /** Links work_id -> tag_id. */
  workTags: string;
  /** Links work_id -> va_id. */
  workVas: string;
  reviews: string;
  history: string;
}

/** A works row as hydrate.ts reads it: the definition's columns plus the circle name and the VA and tag JSON lists. */
export type CatalogueRow = Record<string, unknown> & Pick<WorkRow, 'circle_name' | 'vas_json' | 'tags_json'>;

export interface CatalogueDef<W extends UserFields = Work> {
  /** The `catalogue_version` row its changes bump, and its space in the cache (cache.ts). */
  versionId: number;
  tables: CatalogueTables;
  /** The SQLite FTS5 trigram index of each work's text (rowid = work id); none: a LIKE over the same text. */
  searchTable?: string;
  /** A table or CTE whose column `id` lists the only works the keyword search looks at (the cache's patches, patch.ts); none: every work. */
  searchOnly?: string;
  /** The NotFound text of work `id` ('work 5 not found', 'novel 5 not found'). */
  notFound(id: number): CodedText;
  /** Narrows a query on the works table (optionally aliased) to the works a listener sees (in `scope`, where the catalogue has scopes). */
  whereVisible<Q extends Knex.QueryBuilder>(qb: Q, scope?: Scope | readonly Scope[], opts?: VisibleOptions): Q;
  /** The same rule as SQL on an unaliased works row, and its negation. */
  visibleSql: string;
  hiddenSql: string;
  /** Columns of the works alias `w` a presented work reads ('w.title', ...). */
  columns: readonly string[];
  /** The work as anybody sees it (the caller's fields null). */
  present(row: CatalogueRow): W;
  /** Fields derived from the caller's data, applied after withUserData. */
  withUser?(work: W): W;
  /**
   * Orders of this catalogue beyond the engine's (order.ts): adds the ORDER BY on alias
   * `w` (without the final id) and answers true, or answers false to leave the order to the engine.
   */
  order?(qb: Knex.QueryBuilder, order: string, dir: SortDir, viewer: string): boolean;
  /** Orders that read the caller's own data: never cached. */
  perUserOrders?: readonly string[];
}

/** Any catalogue's definition, as the engine reads it (tables, rule, orders). */
export type AnyCatalogue = CatalogueDef<UserFields>;

/** The audio works of the library (DESIGN section 4). */
export const AUDIO_CATALOGUE: CatalogueDef<Work> = {
  versionId: 1,
  tables: { works: 'works', circles: 'circles', tags: 'tags', vas: 'vas', workTags: 'work_tags', workVas: 'work_vas', reviews: 'reviews', history: 'play_history' },
  searchTable: 'work_search',
  notFound: (id) => say('work.idNotFound', { id }),
  whereVisible,
  visibleSql: VISIBLE_WORK_SQL,
  hiddenSql: HIDDEN_WORK_SQL,
  columns: [
    'w.id', 'w.code_prefix', 'w.title', 'w.circle_id', 'w.nsfw', 'w.release', 'w.price', 'w.dl_count',
    'w.review_count', 'w.rate_count', 'w.rate_average_2dp', 'w.rate_count_detail', 'w.lyric_status', 'w.created_at', 'w.updated_at',
    'w.metadata_source',
  ],
  present: (row) => presentWork(row as unknown as WorkRow),
};

/**
 * Checks that work `id` of catalogue `def` is visible (in one of `scopes`, default the
 * library, where the catalogue has scopes), before a listener's write about it (review,
 * progress, history). Throws NotFound (the definition's notFound text) otherwise.
 */
export async function assertVisibleIn(db: Db, def: AnyCatalogue, id: number, scopes: readonly Scope[] = ['library']): Promise<void> {
  if (!(await def.whereVisible(db(def.tables.works).where({ id }), scopes).first('id'))) throw new NotFound(def.notFound(id));
}
