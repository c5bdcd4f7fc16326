/**
 * The novel section's calls (spec 001 section 7, `/api/novel/*`; DESIGN section 7). Thin
 * handlers over src/novels and the shared engine run with NOVEL_CATALOGUE: the lists,
 * name lists, one novel, reviews and history answer as their audio counterparts do.
 * Guests read; adding, the spider, updates, ratings, progress, reviews, history and TXT
 * files need a user (guests 403); deleting a novel is admin-only.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { getName, getWork, listNames, listWorks, type NameKind, type WorkFilter } from '../../../catalogue/index.js';
import { deleteReview, listReviews, saveReview } from '../../../users/reviews.js';
import { deleteHistory, listHistory, saveHistory, touchHistory } from '../../../users/history.js';
import {
  NOVEL_CATALOGUE, addNovel, allNames, deleteTxt, fetchNovelCover, findNovelCover, hideNovel, openTxt, refreshNovel, saveTxt, spiderNovel,
} from '../../../novels/index.js';
import { FetchError } from '../../../metadata/http.js';
import {
  DomainError, Invalid, NOVEL_TXT_MAX_BYTES, NotFound, SPIDER_FAILED, SPIDER_OK, SPIDER_REFUSED, say, textOfError,
  type NovelAddAnswer, type NovelsAnswer, type NovelSpiderAnswer, type NovelSpiderFailure, type NovelUploadAnswer,
} from '../../../model/index.js';
import { requireAdmin, requireUser, requireWriter } from '../../middleware/auth.js';
import { canWrite } from '../../../model/index.js';
import { validate } from '../../middleware/validate.js';
import { readUpload } from '../../middleware/multipart.js';
import { sendFile } from '../../send-file.js';
import { routes } from '../../../api/routes/index.js';
import { txtUploadId } from '../../../api/schemas/novel.js';
import { on } from '../on.js';
import { CoverSchema } from '../../../api/schemas/cover.js';
import { HistroyDeleteSchema, HistroyPutSchema } from '../../../api/schemas/histroy.js';
import { NovelAddSchema, NovelAuthorNameSchema, NovelIdSchema, NovelListSchema, NovelNamesSchema, NovelNumericNameSchema, NovelReviewPutSchema, NovelSpiderSchema, NovelsOfAuthorSchema, NovelsOfIdSchema } from '../../../api/schemas/novel.js';
import { ReviewDeleteSchema, ReviewListSchema } from '../../../api/schemas/review.js';

export const novelRouter = new Router<AppState, { services: AppContext['services'] }>();

type ListQuery = { page: number; sort: 'asc' | 'desc'; order: string; seed: number; filter: WorkFilter };

/** Runs the novel list of the query `q`, narrowed by `extra` (site, tag or author). */
function answerList(ctx: AppContext, q: ListQuery, extra: Partial<WorkFilter> = {}): Promise<NovelsAnswer> {
  const { config } = ctx.services;
  return listWorks(ctx.state.read!, { ...q, filter: { ...q.filter, ...extra }, pageSize: config.pageSize, catalogue: NOVEL_CATALOGUE });
}

/**
 * GET /api/novel/works and /api/novel/search ?page&sort&order&seed&nsfw&lyric&isAdvance&keyword
 * -> 200 {works, pagination}. order: create_datetime (default), publish_datetime, rate,
 * readCount, wordCount, lastRead_datetime (the caller's last read, unread last). Keyword and
 * advanced keywords as on the audio lists (VA = author, circle = site). 400 {error} on bad parameters.
 */
for (const listRoute of [routes.novel.works, routes.novel.search]) {
  on(novelRouter, listRoute, requireUser(), validate(listRoute, NovelListSchema), async (ctx) => {
    ctx.body = await answerList(ctx, ctx.state.input.query);
  });
}

/** GET /api/novel/circles/:id/works and /api/novel/tags/:id/works -> the site's or tag's novels, as /api/novel/works. */
for (const [listRoute, key] of [[routes.novel.circleWorks, 'circleId'], [routes.novel.tagWorks, 'tagId']] as const) {
  on(novelRouter, listRoute, requireUser(), validate(listRoute, NovelsOfIdSchema), async (ctx) => {
    const { query, params } = ctx.state.input;
    ctx.body = await answerList(ctx, query, { [key]: params.id });
  });
}

/** GET /api/novel/vas/:id/works -> the author's novels, as /api/novel/works. */
on(novelRouter, routes.novel.authorWorks, requireUser(), validate(routes.novel.authorWorks, NovelsOfAuthorSchema), async (ctx) => {
  const { query, params } = ctx.state.input;
  ctx.body = await answerList(ctx, query, { vaId: params.id });
});

/** GET /api/novel/vas/authorList and /api/novel/tags/tagList -> 200 [{id, name}] of every author or tag, by name (the add form's selects). */
on(novelRouter, routes.novel.authorList, requireUser(), async (ctx) => {
  ctx.body = await allNames(ctx.services.db, 'authors');
});
on(novelRouter, routes.novel.tagList, requireUser(), async (ctx) => {
  ctx.body = await allNames(ctx.services.db, 'tags');
});

for (const kind of ['circles', 'tags', 'vas'] as NameKind[]) {
  /** GET /api/novel/{kind}/ ?limit=9999&page=1 -> 200 {data: [{id, name, count}]}: names with visible novels, by name. */
  on(novelRouter, routes.novel.names[kind].list, requireUser(), validate(routes.novel.names[kind].list, NovelNamesSchema), async (ctx) => {
    const { limit, page } = ctx.state.input.query;
    const all = await listNames(ctx.state.read!, kind, NOVEL_CATALOGUE);
    ctx.body = { data: all.slice((page - 1) * limit, page * limit) };
  });

  /** GET /api/novel/{kind}/:id -> 200 {name}; 404 {error} for an unknown id. */
  on(novelRouter, routes.novel.names[kind].get, requireUser(), validate(routes.novel.names[kind].get, kind === 'vas' ? NovelAuthorNameSchema : NovelNumericNameSchema), async (ctx) => {
    const found = await getName(ctx.state.read!, kind, ctx.state.input.params.id, NOVEL_CATALOGUE);
    if (!found) throw new NotFound(say(kind === 'vas' ? 'novel.authorNotFound' : kind === 'tags' ? 'tag.notFound' : 'circle.notFound'));
    ctx.body = found;
  });
}

/**
 * POST /api/novel/work/spider/ {url} -> 200 {code: 2000, data: the add form's values}
 * read from the page (src/novels/spider.ts). Otherwise {code, msg, error, messageCode,
 * params}, `code` a number as on success (4000 refused, 5000 not fetched; spec 001
 * section 8: the msg is shown), `messageCode` the text's catalogue code: 400 for a refused
 * address (not http/https; loopback, link-local or private unless spiderAllowPrivate) or
 * an answer that is not HTML, 502 (`spider.failed`) when the page cannot be fetched or is too large.
 */
on(novelRouter, routes.novel.spider, requireUser(), requireWriter(), validate(routes.novel.spider, NovelSpiderSchema), async (ctx) => {
  try {
    const answer: NovelSpiderAnswer = { code: SPIDER_OK, data: await spiderNovel(ctx.services.config, ctx.state.input.body.url) };
    ctx.body = answer;
  } catch (err) {
    if (!(err instanceof Invalid || err instanceof FetchError)) throw err;
    const refused = err instanceof Invalid;
    ctx.status = refused ? 400 : 502;
    const { message, code, params } = refused ? textOfError(err) : say('spider.failed', { reason: err.message });
    const body: NovelSpiderFailure = { code: refused ? SPIDER_REFUSED : SPIDER_FAILED, msg: message, error: message, messageCode: code, ...(params ? { params } : {}) };
    ctx.body = body;
  }
});

/** The cover fetch of an add or update: 'saved', 'none' (no address) or the reason it failed. */
async function coverOf(ctx: AppContext, id: number, url: string): Promise<string> {
  if (!url) return 'none';
  try {
    await fetchNovelCover(ctx.services.db, ctx.services.config, ctx.services.dataDir, id, url);
    return 'saved';
  } catch (err) {
    if (err instanceof DomainError || err instanceof FetchError) return `cover not saved: ${err.message}`;
    throw err;
  }
}

/**
 * POST /api/novel/work/ {the add form's values} -> 200 {message, id, cover}: the novel
 * is added (its cover fetched from `cover`; `cover` says 'saved', 'none' or why not) and
 * the caller's myProcess recorded. 400 {error} for bad values, 409 when the id is taken.
 */
on(novelRouter, routes.novel.add, requireUser(), requireWriter(), validate(routes.novel.add, NovelAddSchema), async (ctx) => {
  const body = ctx.state.input.body;
  const id = await addNovel(ctx.services.db, ctx.state.user!.name, body);
  const answer: NovelAddAnswer = { ...say('novel.added', { id }), id, cover: await coverOf(ctx, id, body.cover) };
  ctx.body = answer;
});

/** GET /api/novel/work/:id -> 200 the novel (with the caller's rating, myProcess, review, history); 404 unknown or deleted. */
on(novelRouter, routes.novel.work, requireUser(), validate(routes.novel.work, NovelIdSchema), async (ctx) => {
  const novel = await getWork(ctx.state.read!, ctx.state.input.params.id, { catalogue: NOVEL_CATALOGUE });
  if (!novel) throw new NotFound(say('novel.notFound'));
  ctx.body = novel;
});

/**
 * DELETE /api/novel/work/:id (admin) -> 200 {message}: the novel is hidden and its TXT
 * removed in one transaction; reviews and history stay. 404 unknown or already deleted.
 */
on(novelRouter, routes.novel.deleteWork, requireUser(), requireAdmin(), validate(routes.novel.deleteWork, NovelIdSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  await hideNovel(ctx.services.db, ctx.services.dataDir, id);
  ctx.body = say('novel.deleted', { id });
});

/**
 * GET /api/novel/work/updateData/:id/ -> 200 {message, cover}: the novel's values are
 * read again from its origin link (the spider) and saved; ratings, read count, reviews
 * and TXT stay. 404 unknown novel, 400 {error} without an origin link or for a refused
 * page, 502 when it cannot be fetched.
 */
on(novelRouter, routes.novel.update, requireUser(), requireWriter(), validate(routes.novel.update, NovelIdSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  const novel = await getWork(ctx.state.read!, id, { catalogue: NOVEL_CATALOGUE });
  if (!novel) throw new NotFound(say('novel.notFound'));
  if (!novel.url) throw new Invalid(say('novel.noOrigin'));
  let page;
  try {
    page = await spiderNovel(ctx.services.config, novel.url);
  } catch (err) {
    if (err instanceof FetchError) throw new Invalid(say('novel.originUnreadable', { reason: err.message }));
    throw err;
  }
  await refreshNovel(ctx.services.db, id, page);
  ctx.body = { ...say('novel.updated', { id }), cover: await coverOf(ctx, id, page.cover) };
});

/**
 * POST /api/novel/work/uploadTxt/ multipart {file, id} -> 200 {msg, txt}: the TXT is
 * stored as UTF-8 (any earlier one replaced). 413 {error} for a file over 4,194,304 bytes
 * (nothing stored), 400 for no file, an empty one or a bad id, 404 unknown novel.
 */
on(novelRouter, routes.novel.uploadTxt, requireUser(), requireWriter(), async (ctx) => {
  const upload = await readUpload(ctx, NOVEL_TXT_MAX_BYTES);
  const parsed = txtUploadId.safeParse({ id: upload.fields.id ?? ctx.query.id });
  if (!parsed.success) throw new Invalid(say('input.fieldRule', { field: 'id', reason: 'a novel id is required' }));
  const txt = await saveTxt(ctx.services.db, ctx.services.dataDir, parsed.data.id, upload.file.name, upload.file.bytes);
  const text = say('txt.uploaded', { encoding: txt.encoding });
  const answer: NovelUploadAnswer = { ...text, msg: text.message, txt };
  ctx.body = answer;
});

/**
 * GET /api/novel/downloadTxt/:id/ (token in the query for links) -> 200 the TXT as
 * text/plain; charset=utf-8, as an attachment under its uploaded name. Counts one read
 * and, for a user who may write, marks the novel read now (lastRead_datetime).
 * 404 when the novel is unknown or has no TXT.
 */
on(novelRouter, routes.novel.downloadTxt, requireUser(), validate(routes.novel.downloadTxt, NovelIdSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  const txt = await openTxt(ctx.services.db, ctx.services.dataDir, id);
  const user = ctx.state.user!;
  if (canWrite(user)) await touchHistory(ctx.services.db, user.name, id, NOVEL_CATALOGUE);
  ctx.set('Content-Disposition', `attachment; filename="novel-${id}.txt"; filename*=UTF-8''${encodeURIComponent(txt.name)}`);
  await sendFile(ctx, txt.path, { type: 'text/plain; charset=utf-8' });
});

/** GET /api/novel/deleteTxt/:id/ -> 200 {message}: the TXT is removed. 404 when there is none. */
on(novelRouter, routes.novel.deleteTxt, requireUser(), requireWriter(), validate(routes.novel.deleteTxt, NovelIdSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  await deleteTxt(ctx.services.db, ctx.services.dataDir, id);
  ctx.body = say('txt.deleted');
});

/** The message of a review write in `mode`. */
const reviewMessage = (mode: string) => say(mode === 'star' ? 'review.ratingSaved' : mode === 'progress' ? 'review.progressSaved' : 'review.saved');

/**
 * PUT /api/novel/work/review/ (the detail page's stars and progress dropdown) and PUT
 * /api/novel/review (the review dialog) {user_name, work_id, rating?, review_text?,
 * progress? (a progress value or myProcess 0..3), myProcess?} ?starOnly&progressOnly
 * -> 200 {message}: the caller's review, by the audio review rules. 404 unknown novel.
 */
for (const reviewRoute of [routes.novel.rate, routes.novel.review]) on(novelRouter, reviewRoute, requireUser(), requireWriter(), validate(reviewRoute, NovelReviewPutSchema), async (ctx) => {
  const { body, mode } = ctx.state.input;
  await saveReview(ctx.services.db, ctx.state.user!.name, body, mode, NOVEL_CATALOGUE);
  ctx.body = reviewMessage(mode);
});

/** DELETE /api/novel/review?work_id=N -> 200 {message: 'review deleted'}; 404 when the caller has none. */
on(novelRouter, routes.novel.deleteReview, requireUser(), requireWriter(), validate(routes.novel.deleteReview, ReviewDeleteSchema), async (ctx) => {
  if (!(await deleteReview(ctx.services.db, ctx.state.user!.name, ctx.state.input.query.work_id, NOVEL_CATALOGUE))) throw new NotFound(say('review.notFound'));
  ctx.body = say('review.deleted');
});

/**
 * GET /api/novel/review and /api/novel/histroy ?order&sort&page&filter -> 200 {works,
 * pagination}: the caller's reviewed / read novels (favourites orders; dl_count is the
 * read count, review_count the novel's number of reviews).
 */
on(novelRouter, routes.novel.reviews, requireUser(), validate(routes.novel.reviews, ReviewListSchema), async (ctx) => {
  const q = ctx.state.input.query;
  ctx.body = await listReviews(ctx.state.read!, { ...q, progress: q.filter, pageSize: ctx.services.config.pageSize }, NOVEL_CATALOGUE);
});
on(novelRouter, routes.novel.history, requireUser(), validate(routes.novel.history, ReviewListSchema), async (ctx) => {
  const q = ctx.state.input.query;
  ctx.body = await listHistory(ctx.state.read!, { ...q, progress: q.filter, pageSize: ctx.services.config.pageSize }, NOVEL_CATALOGUE);
});

/** PUT /api/novel/histroy {work_id, state} -> 200 {message: 'history saved'}, as PUT /api/histroy. */
on(novelRouter, routes.novel.putHistory, requireUser(), requireWriter(), validate(routes.novel.putHistory, HistroyPutSchema), async (ctx) => {
  const { work_id, state } = ctx.state.input.body;
  await saveHistory(ctx.services.db, ctx.state.user!.name, work_id, state, NOVEL_CATALOGUE);
  ctx.body = say('history.saved');
});

/** DELETE /api/novel/histroy {work_id} -> 200 {message: 'history deleted'}; 404 {error: 'failed to delete history'} when there is none. */
on(novelRouter, routes.novel.deleteHistory, requireUser(), requireWriter(), validate(routes.novel.deleteHistory, HistroyDeleteSchema), async (ctx) => {
  if (!(await deleteHistory(ctx.services.db, ctx.state.user!.name, ctx.state.input.work_id, NOVEL_CATALOGUE))) throw new NotFound(say('novel.historyNotFound'));
  ctx.body = say('history.deleted');
});

/**
 * GET|HEAD /api/novel/cover/:id?type=main|sam|240x240&token= -> 200 the novel's cover
 * (every type answers the one fetched image), else the placeholder (no-cache).
 * 404 unknown or deleted novel.
 */
on(novelRouter, routes.novel.cover, requireUser(), validate(routes.novel.cover, CoverSchema), async (ctx) => {
  const cover = await findNovelCover(ctx.services.db, ctx.services.dataDir, ctx.state.input.params.id);
  if (!cover) throw new NotFound(say('novel.notFound'));
  await sendFile(ctx, cover.path, { type: cover.type, cacheControl: cover.source === 'placeholder' ? 'private, no-cache' : 'private, max-age=3600' });
});
