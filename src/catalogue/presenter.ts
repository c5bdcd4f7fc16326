/**
 * The wire shape of a Work (spec 000 section 3, src/model/wire.ts `Work`), fixed in one
 * place: every list, the detail call, favourites and history answer works built here.
 */
import type { HistoryState, NamedRef, Progress, RateDetail, Work, LyricStatus } from '../model/index.js';
import { readTime } from '../db/time.js';

/** A works row joined with its circle, VAs and tags (see hydrate.ts). */
export interface WorkRow {
  id: number;
  code_prefix: string;
  title: string;
  circle_id: number | null;
  circle_name: string | null;
  nsfw: number | boolean;
  release: string | null;
  price: number;
  dl_count: number;
  review_count: number;
  rate_count: number;
  rate_average_2dp: number;
  rate_count_detail: string | null;
  lyric_status: string;
  /** Where the metadata came from: 'folder' (not fetched yet or failed), 'dlsite', 'hvdb'. */
  metadata_source: string;
  created_at: string | number | Date;
  updated_at: string | number | Date;
  /** JSON lists of {id, name} (text on SQLite, parsed on PostgreSQL). */
  vas_json: string | NamedRef<string>[] | null;
  tags_json: string | NamedRef[] | null;
}

/** The caller's own data about a work: their review row and play history row (see hydrate.ts). */
export interface UserWorkData {
  rating: number | null;
  review_text: string | null;
  progress: string | null;
  review_updated_at: string | number | Date | null;
  state: string | null;
  history_updated_at: string | number | Date | null;
}

/** Parses stored JSON, answering `fallback` when it is missing or broken. */
function parseJson<T>(text: string | T | null, fallback: T): T {
  if (!text) return fallback;
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Shared refs kept at most; past it the table starts again (refs already handed out stay valid). */
const MAX_REFS = 100_000;
/** Frozen {id, name} refs of circles, VAs and tags, by kind, id and name (sharedRef). */
const refs = new Map<string, Readonly<NamedRef<number | string>>>();

/**
 * One frozen object for every equal {id, name} of kind `kind` ('c', 'v', 't'), so the
 * works kept in the catalogue cache (cache.ts) share their circles', VAs' and tags' refs
 * instead of each holding copies: about 890 instead of 1,400 bytes of heap a work
 * (bench/README.md, catalogue). A renamed one gets a new object (the name is in the key).
 */
function sharedRef<R extends NamedRef<number | string>>(kind: string, ref: R): R {
  const key = `${kind}${ref.id}\u0000${ref.name ?? '\u0001'}`;
  const known = refs.get(key);
  if (known) return known as R;
  if (refs.size >= MAX_REFS) refs.clear();
  refs.set(key, Object.freeze(ref));
  return ref;
}

/**
 * Builds the wire Work of a row, as anybody sees it: the caller's fields (userRating,
 * progress, review_text, state) are null until `withUserData` fills them. The circle, VA
 * and tag refs are shared, frozen objects (sharedRef): copy a work, never change them.
 */
export function presentWork(row: WorkRow): Work {
  const circle = row.circle_id === null ? null : sharedRef('c', { id: row.circle_id, name: row.circle_name });
  return {
    id: row.id,
    code_prefix: row.code_prefix,
    title: row.title,
    circle,
    name: circle?.name ?? null,
    vas: parseJson<NamedRef<string>[]>(row.vas_json, []).map((v) => sharedRef('v', v)),
    tags: parseJson<NamedRef[]>(row.tags_json, []).map((t) => sharedRef('t', t)),
    release: row.release,
    price: row.price,
    dl_count: row.dl_count,
    rate_average_2dp: row.rate_average_2dp,
    rate_count: row.rate_count,
    rate_count_detail: parseJson<RateDetail[]>(row.rate_count_detail, []),
    review_count: row.review_count,
    nsfw: Boolean(row.nsfw),
    lyric_status: row.lyric_status as LyricStatus,
    userRating: null,
    progress: null,
    review_text: null,
    state: null,
    created_at: readTime(row.created_at),
    updated_at: readTime(row.updated_at),
    store_data: row.metadata_source === 'dlsite',
  };
}

/** The caller's fields every catalogue's works carry (the audio Work, the novel section's NovelWork). */
export interface UserFields {
  id: number;
  userRating: number | null;
  progress: Progress | null;
  review_text: string | null;
  state: HistoryState | null;
  updated_at?: string;
}

/**
 * A copy of `work` with the caller's review and history. `time` picks what
 * `updated_at` shows: the work's own time, or the review's / history record's
 * (favourites and history lists).
 */
export function withUserData<W extends UserFields>(work: W, user: UserWorkData | undefined, time: 'work' | 'review' | 'history'): W {
  if (!user) return work;
  const scopeTime = time === 'review' ? user.review_updated_at : time === 'history' ? user.history_updated_at : null;
  return {
    ...work,
    userRating: user.rating ?? null,
    progress: (user.progress as Progress | null) ?? null,
    review_text: user.review_text ?? null,
    state: parseJson<HistoryState | null>(user.state, null),
    updated_at: readTime(scopeTime) ?? work.updated_at,
  };
}
