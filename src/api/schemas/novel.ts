/**
 * Request schemas of the novel section (spec 001 sections 3, 5 and 7): the lists (the
 * audio lists' query with the novel orders), name lists (limit, page), the add form, the
 * spider, reviews with a progress or myProcess, and the TXT upload's id.
 */
import { z } from 'zod';
import { NOT_A_DATE, NOVEL_SORT_ORDERS, novelPublishTime, PROGRESS_VALUES, progressOfMyProcess, type MyProcess, type NovelProcess } from '../../model/index.js';
import { idParams, numericId, opt, vaId } from './common.js';
import { listQuery } from './works.js';
import { reviewBody, reviewPutOf } from './review.js';

const novelsQuery = listQuery(NOVEL_SORT_ORDERS, 'create_datetime');

/** GET /api/novel/works and /api/novel/search. */
export const NovelListSchema = z.object({ query: novelsQuery });
/** GET /api/novel/circles/:id/works and /api/novel/tags/:id/works. */
export const NovelsOfIdSchema = z.object({ query: novelsQuery, params: idParams });
/** GET /api/novel/vas/:id/works (an author id). */
export const NovelsOfAuthorSchema = z.object({ query: novelsQuery, params: z.object({ id: vaId }) });

/** GET /api/novel/{circles,tags,vas}/ ?limit (1..9999, default 9999) &page (default 1). */
export const NovelNamesSchema = z.object({
  query: z.object({
    limit: opt(z.coerce.number().int().min(1).max(9999).default(9999)),
    page: opt(z.coerce.number().int().min(1).max(1_000_000).default(1)),
  }),
});
/** GET /api/novel/circles/:id and /api/novel/tags/:id. */
export const NovelNumericNameSchema = z.object({ params: idParams });
/** GET /api/novel/vas/:id. */
export const NovelAuthorNameSchema = z.object({ params: z.object({ id: vaId }) });

/** Paths holding a novel id. */
export const NovelIdSchema = z.object({ params: idParams });

const myProcess = z.number().int().min(0, 'myProcess must be 0 to 3').max(3, 'myProcess must be 0 to 3').transform((n) => n as MyProcess);

/** POST /api/novel/work/: the add form's values (spec 001 section 3); text fields trimmed, numbers as numbers. */
export const NovelAddSchema = z.object({
  body: z.object({
    url: z.string().trim().max(2000).default(''),
    novelId: z.preprocess((v) => (v === '' ? null : v), z.coerce.number().int().min(1).max(2_147_483_647).nullable().default(null)),
    name: z.string().trim().min(1, 'title is required').max(500),
    cover: z.string().trim().max(2000).default(''),
    author: z.union([
      z.object({ id: z.string().max(64).nullable().default(null), label: z.string().trim().max(200).default('') }),
      z.string().trim().max(200).transform((label) => ({ id: null, label })),
    ]).nullable().default(null),
    desc: z.string().max(5000).default(''),
    info: z.string().max(100_000).default(''),
    process: z.coerce.number().int().min(0).max(1).default(1).transform((n) => n as NovelProcess),
    wordCount: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    tag: z.array(z.union([z.number().int().min(0), z.string().trim().min(1).max(100)])).max(50).default([]),
    // one stored form, YYYY-MM-DDTHH:MM, so that the list sorts it as a date ('' none)
    publish_datetime: z.string().trim().max(40).default('').transform((text, ctx) => {
      const time = novelPublishTime(text);
      if (time === null) {
        ctx.addIssue({ code: 'custom', message: 'not a date', params: NOT_A_DATE });
        return z.NEVER;
      }
      return time;
    }),
    plat: z.string().trim().max(200).default(''),
    rate: z.coerce.number().int().min(0, 'rate must be 0 to 5').max(5, 'rate must be 0 to 5').default(3),
    myProcess: myProcess.nullable().default(null),
    readCount: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  }),
});

/** POST /api/novel/work/spider/ {url}. */
export const NovelSpiderSchema = z.object({ body: z.object({ url: z.string().trim().min(1, 'url is required').max(2000) }) });

/**
 * PUT /api/novel/work/review/ and PUT /api/novel/review: the audio review write (rating,
 * review_text, progress; starOnly, progressOnly), where the progress may also be given
 * as myProcess 0..3 (the detail page's dropdown), in `progress` or `myProcess`.
 */
export const NovelReviewPutSchema = reviewPutOf(
  reviewBody
    .extend({
      progress: z.union([z.enum(PROGRESS_VALUES), myProcess]).nullable().optional(),
      myProcess: myProcess.nullable().optional(),
    })
    .transform(({ myProcess: mine, progress, ...rest }) => {
      const given = mine !== undefined ? mine : progress;
      return { ...rest, progress: typeof given === 'number' ? progressOfMyProcess(given) : given };
    }),
);

/** The `id` field of a TXT upload (or ?id=). */
export const txtUploadId = z.object({ id: numericId });
