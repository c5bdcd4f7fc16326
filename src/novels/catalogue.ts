/**
 * The novel catalogue as the shared list engine sees it (src/catalogue/definition.ts):
 * its tables, its visibility rule (not deleted), the NovelWork wire shape
 * (src/model/wire.ts) and its sort orders (spec 001 section 9).
 */
import type { Knex } from 'knex';
import { orderNullable, type CatalogueDef, type CatalogueRow, type VisibleOptions } from '../catalogue/index.js';
import { myProcessOf, say, type LyricStatus, type NamedRef, type NovelProcess, type NovelTxt, type NovelWork } from '../model/index.js';
import { readTime } from '../db/time.js';

/** The visibility rule of novels: not deleted. */
const VISIBLE_SQL = 'removed_at IS NULL';

/** A novel's order columns (alias w); `dl_count` of the favourites sorts is the read count. */
const COLUMNS: Record<string, string> = {
  create_datetime: 'w.created_at',
  publish_datetime: 'w.release',
  rate: 'w.rate',
  readCount: 'w.read_count',
  wordCount: 'w.word_count',
  dl_count: 'w.read_count',
};

/** Parses a JSON list of refs (text on SQLite, parsed on PostgreSQL). */
function refs<Id>(value: unknown): NamedRef<Id>[] {
  if (Array.isArray(value)) return value as NamedRef<Id>[];
  try {
    return typeof value === 'string' ? (JSON.parse(value) as NamedRef<Id>[]) : [];
  } catch {
    return [];
  }
}

/** The uploaded TXT of a row, as the `onlineTxt` list (empty when none). */
function onlineTxt(row: CatalogueRow): NovelTxt[] {
  if (!row.txt_name) return [];
  return [{ name: String(row.txt_name), size: Number(row.txt_size ?? 0), encoding: String(row.txt_encoding ?? ''), uploaded_at: readTime(row.txt_uploaded_at as string) ?? '' }];
}

/** A novels row (joined with its site, authors and tags) as anybody sees it. */
function presentNovel(row: CatalogueRow): NovelWork {
  const rate = Number(row.rate ?? 0);
  return {
    id: Number(row.id),
    title: String(row.title),
    desc: String(row.description ?? ''),
    info: String(row.info ?? ''),
    url: String(row.url ?? ''),
    circle: row.circle_id == null ? null : { id: Number(row.circle_id), name: row.circle_name },
    tags: refs<number>(row.tags_json),
    vas: refs<string>(row.vas_json),
    rate,
    rate_average_2dp: rate,
    rating: null,
    userRating: null,
    readCount: Number(row.read_count ?? 0),
    wordCount: Number(row.word_count ?? 0),
    process: (Number(row.process) === 0 ? 0 : 1) as NovelProcess,
    myProcess: null,
    progress: null,
    review_text: null,
    release: (row.release as string | null) ?? null,
    nsfw: Boolean(row.nsfw),
    lyric_status: String(row.lyric_status ?? '') as LyricStatus,
    onlineTxt: onlineTxt(row),
    state: null,
    created_at: readTime(row.created_at as string),
    updated_at: readTime(row.updated_at as string),
  };
}

/** The caller's last read (their history time) of novel alias w: a correlated subquery. */
const LAST_READ = '(SELECT h.updated_at FROM novel_history h WHERE h.work_id = w.id AND h.user_name = ?)';

/** The novel section's catalogue definition. */
export const NOVEL_CATALOGUE: CatalogueDef<NovelWork> = {
  versionId: 2,
  tables: {
    works: 'novels', circles: 'novel_circles', tags: 'novel_tags', vas: 'novel_authors',
    workTags: 'novel_work_tags', workVas: 'novel_work_authors', reviews: 'novel_reviews', history: 'novel_history',
  },
  notFound: (id) => say('novel.idNotFound', { id }),
  // no scopes: the scope argument is ignored
  whereVisible: <Q extends Knex.QueryBuilder>(qb: Q, _scope?: unknown, { alias }: VisibleOptions = {}) => qb.whereNull(alias ? `${alias}.removed_at` : 'removed_at') as Q,
  visibleSql: VISIBLE_SQL,
  hiddenSql: `NOT (${VISIBLE_SQL})`,
  columns: [
    'w.id', 'w.title', 'w.description', 'w.info', 'w.url', 'w.circle_id', 'w.nsfw', 'w.release', 'w.rate', 'w.read_count', 'w.word_count',
    'w.process', 'w.lyric_status', 'w.txt_name', 'w.txt_size', 'w.txt_encoding', 'w.txt_uploaded_at', 'w.created_at', 'w.updated_at',
  ],
  present: presentNovel,
  withUser: (work) => ({ ...work, rating: work.userRating, myProcess: myProcessOf(work.progress) }),
  order(qb, order, dir, viewer) {
    const column = COLUMNS[order];
    if (column) orderNullable(qb, column, dir);
    else if (order === 'review_count') qb.orderByRaw(`(SELECT count(*) FROM novel_reviews x WHERE x.work_id = w.id) ${dir}`);
    else if (order === 'lastRead_datetime') qb.orderByRaw(`${LAST_READ} IS NULL`, [viewer]).orderByRaw(`${LAST_READ} ${dir}`, [viewer]);
    else return false;
    return true;
  },
  perUserOrders: ['lastRead_datetime'],
};
