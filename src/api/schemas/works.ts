/**
 * Request schemas of the works lists (spec 000 sections 7 and 9): GET /api/works,
 * /api/search and the works of one circle, tag or VA. Anything out of range answers
 * 400 {error} (middleware/validate.ts).
 */
import { z } from 'zod';
import { ADVANCED_KEYWORD_TYPES, lyricPartsOf, SEED_MAX, SEED_MIN, WORK_ORDERS, type AdvancedKeyword, type NsfwOption, NUL_ISSUE, NUL_RULE } from '../../model/index.js';
import { numericId, opt, page, sort, vaId } from './common.js';

const advancedKeyword = z.object({
  t: z.enum(ADVANCED_KEYWORD_TYPES),
  d: z.string().max(200),
});

/** `keyword` of an advanced search: a JSON list of {t, d}; a `d` holding a NUL byte (sent as `\u0000`) is refused as the input guard refuses one. */
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
  if (parsed.data.some((k) => k.d.includes('\0'))) {
    ctx.addIssue({ code: 'custom', message: NUL_RULE, params: NUL_ISSUE });
    return z.NEVER;
  }
  return parsed.data;
});

/**
 * A list query accepting `orders` (default `fallback`): page, sort, order, seed 0..99,
 * nsfw 0/1/2, lyric ('ai', 'local' or 'ai_local'), isAdvance 0/1, keyword, and with
 * `storeFilter` storeData ('none': only works without the store's metadata); answered as
 * {page, sort, order, seed, filter}. The audio lists and the novel lists use it.
 */
export const listQuery = <O extends string>(orders: readonly [O, ...O[]], fallback: NoInfer<O>, storeFilter = false) => z
  .object({
    page,
    sort,
    order: opt(z.enum(orders).default(fallback)),
    seed: opt(z.coerce.number().int().min(SEED_MIN).max(SEED_MAX).default(SEED_MIN)),
    nsfw: opt(z.coerce.number().int().min(0).max(2).default(0)),
    lyric: opt(z.string().regex(/^(ai|local)(_(ai|local))?$/, 'lyric must be ai, local or ai_local').optional()),
    isAdvance: opt(z.enum(['0', '1', 'true', 'false']).default('0')),
    keyword: opt(z.string().max(2000).optional()),
    storeData: opt(z.enum(['none'], 'storeData must be none').optional()),
  })
  .transform((q, ctx) => {
    const advanced = q.isAdvance === '1' || q.isAdvance === 'true';
    let keywords: AdvancedKeyword[] | undefined;
    if (advanced && q.keyword !== undefined) {
      const parsed = advancedList.safeParse(q.keyword);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]! as { message: string; params?: Record<string, unknown> };
        ctx.addIssue({ code: 'custom', path: ['keyword'], message: issue.message, ...(issue.params && { params: issue.params }) });
        return z.NEVER;
      }
      keywords = parsed.data;
    }
    const filter = {
      nsfw: q.nsfw as NsfwOption,
      lyric: q.lyric ? lyricPartsOf(q.lyric) : [],
      keyword: advanced ? undefined : q.keyword,
      advanced: keywords,
      ...(storeFilter && q.storeData === 'none' && { noStoreData: true }),
    };
    return { page: q.page, sort: q.sort, order: q.order, seed: q.seed, filter };
  });

/** The audio works lists' query: the work orders, default release, the store data filter. */
export const worksQuery = listQuery(WORK_ORDERS, 'release', true);

/** GET /api/works and GET /api/search. */
export const WorksListSchema = z.object({ query: worksQuery });
/** GET /api/circles/:id/works and /api/tags/:id/works: the list query and a numeric id. */
export const WorksOfIdSchema = z.object({ query: worksQuery, params: z.object({ id: numericId }) });
/** GET /api/vas/:id/works: the list query and a VA id. */
export const WorksOfVaSchema = z.object({ query: worksQuery, params: z.object({ id: vaId }) });

/** The parsed list query: page, sort, order, seed and the filter. */
export type WorksQuery = z.output<typeof worksQuery>;
