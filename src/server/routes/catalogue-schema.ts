/**
 * Request schemas of the catalogue routes (spec 000 sections 7 and 9): list queries,
 * favourites queries and ids. Query values arrive as text; an empty value counts as
 * absent. Anything else out of range answers 400 {error} through the error handler.
 */
import { z } from 'zod';
import type { WorkFilter } from '../../catalogue/index.js';
import {
  ADVANCED_KEYWORD_TYPES, FAVOURITE_ORDERS, lyricPartsOf, PROGRESS_VALUES, SEED_MAX, SEED_MIN, SORT_DIRECTIONS, WORK_ORDERS, WorkStatus,
  type AdvancedKeyword, type NsfwOption,
} from '../../model/index.js';

/** Treats '' as absent, so `?order=` falls back to the default. */
const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const page = opt(z.coerce.number().int().min(1).max(1_000_000).default(1));
const sort = opt(z.enum(SORT_DIRECTIONS).default('desc'));

const advancedKeyword = z.object({
  t: z.enum(ADVANCED_KEYWORD_TYPES),
  d: z.string().max(200),
});

/** `keyword` of an advanced search: a JSON list of {t, d}. */
const advancedList = z.string().transform((text, ctx): AdvancedKeyword[] => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'advanced keyword must be a JSON list of {t, d}' });
    return z.NEVER;
  }
  const parsed = z.array(advancedKeyword).max(20).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'advanced keyword must be a JSON list of {t, d} with t in unknown, fuzzy, VA, tag, circle' });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * GET /api/works (and search, circle/tag/VA lists) query: page, sort, order, seed 0..99,
 * nsfw 0/1/2, lyric ('ai', 'local' or 'ai_local'), isAdvance 0/1, keyword.
 */
export const worksQuery = z
  .object({
    page,
    sort,
    order: opt(z.enum(WORK_ORDERS).default('release')),
    seed: opt(z.coerce.number().int().min(SEED_MIN).max(SEED_MAX).default(SEED_MIN)),
    nsfw: opt(z.coerce.number().int().min(0).max(2).default(0)),
    lyric: opt(z.string().regex(/^(ai|local)(_(ai|local))?$/, 'lyric must be ai, local or ai_local').optional()),
    isAdvance: opt(z.enum(['0', '1', 'true', 'false']).default('0')),
    keyword: opt(z.string().max(2000).optional()),
  })
  .transform((q, ctx) => {
    const advanced = q.isAdvance === '1' || q.isAdvance === 'true';
    let keywords: AdvancedKeyword[] | undefined;
    if (advanced && q.keyword !== undefined) {
      const parsed = advancedList.safeParse(q.keyword);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['keyword'], message: parsed.error.issues[0]!.message });
        return z.NEVER;
      }
      keywords = parsed.data;
    }
    const filter: WorkFilter = {
      status: WorkStatus.InLibrary,
      nsfw: q.nsfw as NsfwOption,
      lyric: q.lyric ? lyricPartsOf(q.lyric) : [],
      keyword: advanced ? undefined : q.keyword,
      advanced: keywords,
    };
    return { page: q.page, sort: q.sort, order: q.order, seed: q.seed, filter };
  });
export type WorksQuery = z.output<typeof worksQuery>;

/** GET /api/review and /api/histroy query: order (favourites sorts), sort, page, filter (a progress value). */
export const favouritesQuery = z.object({
  page,
  sort,
  order: opt(z.enum(FAVOURITE_ORDERS).default('updated_at')),
  filter: opt(z.enum(PROGRESS_VALUES).optional()),
});

/** A numeric id in a path (works, circles, tags). */
export const numericId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A VA id in a path (UUID text). */
export const vaId = z.string().min(1).max(64);
