/**
 * The spec's lists (spec 000 sections 3 and 9): each list once, as a constant array in
 * the spec's order (the default first where the spec names one), with its type derived.
 */

/** Progress values (spec 000 section 3): marked (want to listen), listening, listened, replay, postponed (shelved). */
export const PROGRESS_VALUES = ['marked', 'listening', 'listened', 'replay', 'postponed'] as const;
export type Progress = (typeof PROGRESS_VALUES)[number];

/** Works sort options of the list screens, default release (spec 000 section 9). */
export const WORK_SORT_ORDERS = ['release', 'rating', 'dl_count', 'price', 'rate_average_2dp', 'review_count', 'id', 'created_at', 'random'] as const;
export type WorkSortOrder = (typeof WORK_SORT_ORDERS)[number];

/** Orders GET /api/works accepts: the sort options plus betterRandom, the drawer's random listen (spec 000 section 2). */
export const WORK_ORDERS = [...WORK_SORT_ORDERS, 'betterRandom'] as const;
export type WorkOrder = (typeof WORK_ORDERS)[number];

/** Favourites and history sort options, default updated_at (spec 000 section 9); allage and nsfw are the age sorts. */
export const FAVOURITE_ORDERS = ['updated_at', 'userRating', 'release', 'review_count', 'dl_count', 'allage', 'nsfw'] as const;
export type FavouriteOrder = (typeof FAVOURITE_ORDERS)[number];

/** The `sort` parameter: ascending or descending, default descending (spec 000 section 7). */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRECTIONS)[number];

/**
 * The order and sort a favourites or history list sends for a sort choice (spec 000
 * section 7 "sorting rule"): allage is order nsfw ascending and nsfw is order nsfw
 * descending, whatever `sort` says; any other choice goes as it is.
 */
export function favouritesOrderParams(order: string, sort: SortDir): { order: string; sort: SortDir } {
  if (order === 'allage') return { order: 'nsfw', sort: 'asc' };
  if (order === 'nsfw') return { order: 'nsfw', sort: 'desc' };
  return { order, sort };
}

/** Age rating filter, the `nsfw` parameter: 0 all (default), 1 all ages only, 2 adults only (spec 000 section 9). */
export const NSFW_OPTIONS = [0, 1, 2] as const;
export type NsfwOption = (typeof NSFW_OPTIONS)[number];

/**
 * Subtitle filter options (spec 000 section 9: lyric_local, lyric_ai), the parts of a
 * work's `lyric_status` (composed in lyric-status.ts).
 */
export const LYRIC_OPTIONS = ['local', 'ai'] as const;
export type LyricPart = (typeof LYRIC_OPTIONS)[number];

/** Kinds of an advanced search keyword `{t, d}` (spec 000 section 7). */
export const ADVANCED_KEYWORD_TYPES = ['unknown', 'fuzzy', 'VA', 'tag', 'circle'] as const;
export type AdvancedKeywordType = (typeof ADVANCED_KEYWORD_TYPES)[number];

/** The random-order seed range, inclusive (spec 000 section 9). */
export const SEED_MIN = 0;
export const SEED_MAX = 99;

/** A new random-order seed: a random integer SEED_MIN..SEED_MAX (spec 000 section 9). */
export function newSeed(): number {
  return SEED_MIN + Math.floor(Math.random() * (SEED_MAX - SEED_MIN + 1));
}
