/**
 * The novel section (spec 001): its lists, names, one novel, its TXT, review, history,
 * cover and reading position. Most calls take the spec's path with or without a
 * trailing slash (`also`).
 */
import type { ListItem, MessageAnswer, NamedRef, NovelAddAnswer, NovelSpiderAnswer, NovelsAnswer, NovelUploadAnswer, NovelWork, ReadingPositionAnswer } from '../../model/index.js';
import { route, type Method, type RequestSchema } from '../route.js';
import type { CoverSchema } from '../schemas/cover.js';
import type { HistroyDeleteSchema, HistroyPutSchema } from '../schemas/histroy.js';
import type {
  NovelAddSchema, NovelAuthorNameSchema, NovelIdSchema, NovelListSchema, NovelNamesSchema, NovelNumericNameSchema, NovelReviewPutSchema, NovelsOfAuthorSchema, NovelsOfIdSchema, NovelSpiderSchema,
} from '../schemas/novel.js';
import type { ReadingPositionGetSchema, ReadingPositionPutSchema } from '../schemas/novel-reading.js';
import type { ReviewDeleteSchema, ReviewListSchema } from '../schemas/review.js';

/** A route the server answers at `path` and at `path` without its trailing slash. */
const slashed = <A, S extends RequestSchema | undefined = undefined>() => <M extends Method, P extends `${string}/`>(method: M, path: P) =>
  route<A, S>()(method, path, { also: [path.slice(0, -1)] });

/** The names of a kind ({data}) and one name. */
const nameRoutes = <K extends string, S extends typeof NovelNumericNameSchema | typeof NovelAuthorNameSchema>(kind: K) => ({
  list: slashed<{ data: ListItem<number | string>[] }, typeof NovelNamesSchema>()('GET', `/api/novel/${kind}/`),
  get: route<NamedRef<number | string>, S>()('GET', `/api/novel/${kind}/:id`, { also: [`/api/novel/${kind}/:id/`] }),
});

export const novelRoutes = {
  works: route<NovelsAnswer, typeof NovelListSchema>()('GET', '/api/novel/works', { also: ['/api/novel/works/'] }),
  search: route<NovelsAnswer, typeof NovelListSchema>()('GET', '/api/novel/search', { also: ['/api/novel/search/'] }),
  circleWorks: route<NovelsAnswer, typeof NovelsOfIdSchema>()('GET', '/api/novel/circles/:id/works', { also: ['/api/novel/circles/:id/works/'] }),
  tagWorks: route<NovelsAnswer, typeof NovelsOfIdSchema>()('GET', '/api/novel/tags/:id/works', { also: ['/api/novel/tags/:id/works/'] }),
  authorWorks: route<NovelsAnswer, typeof NovelsOfAuthorSchema>()('GET', '/api/novel/vas/:id/works', { also: ['/api/novel/vas/:id/works/'] }),
  /** Every author, for the add form. */
  authorList: route<NamedRef<string>[]>()('GET', '/api/novel/vas/authorList', { also: ['/api/novel/vas/authorList/'] }),
  /** Every tag, for the add form. */
  tagList: route<NamedRef[]>()('GET', '/api/novel/tags/tagList', { also: ['/api/novel/tags/tagList/'] }),
  names: { circles: nameRoutes<'circles', typeof NovelNumericNameSchema>('circles'), tags: nameRoutes<'tags', typeof NovelNumericNameSchema>('tags'), vas: nameRoutes<'vas', typeof NovelAuthorNameSchema>('vas') },
  /** The add form's values read from a novel page {url}. */
  spider: slashed<NovelSpiderAnswer, typeof NovelSpiderSchema>()('POST', '/api/novel/work/spider/'),
  /** Adds a novel (the add form's values, JSON or a form). */
  add: slashed<NovelAddAnswer, typeof NovelAddSchema>()('POST', '/api/novel/work/'),
  work: route<NovelWork, typeof NovelIdSchema>()('GET', '/api/novel/work/:id'),
  /** Admin: deletes a novel. */
  deleteWork: route<MessageAnswer, typeof NovelIdSchema>()('DELETE', '/api/novel/work/:id'),
  /** Reads the novel's page again. */
  update: slashed<MessageAnswer & { cover: string }, typeof NovelIdSchema>()('GET', '/api/novel/work/updateData/:id/'),
  /** A TXT upload (form: id, file). */
  uploadTxt: slashed<NovelUploadAnswer>()('POST', '/api/novel/work/uploadTxt/'),
  /** The stored TXT's text. */
  downloadTxt: slashed<never, typeof NovelIdSchema>()('GET', '/api/novel/downloadTxt/:id/'),
  deleteTxt: slashed<MessageAnswer, typeof NovelIdSchema>()('GET', '/api/novel/deleteTxt/:id/'),
  /** The caller's stars or progress (?starOnly, ?progressOnly), from the work page. */
  rate: slashed<MessageAnswer, typeof NovelReviewPutSchema>()('PUT', '/api/novel/work/review/'),
  /** The caller's review (the review dialog). */
  review: route<MessageAnswer, typeof NovelReviewPutSchema>()('PUT', '/api/novel/review'),
  deleteReview: route<MessageAnswer, typeof ReviewDeleteSchema>()('DELETE', '/api/novel/review'),
  reviews: route<NovelsAnswer, typeof ReviewListSchema>()('GET', '/api/novel/review'),
  history: route<NovelsAnswer, typeof ReviewListSchema>()('GET', '/api/novel/histroy'),
  putHistory: route<MessageAnswer, typeof HistroyPutSchema>()('PUT', '/api/novel/histroy'),
  deleteHistory: route<MessageAnswer, typeof HistroyDeleteSchema>()('DELETE', '/api/novel/histroy'),
  cover: route<never, typeof CoverSchema>()('GET', '/api/novel/cover/:id'),
  readingPosition: slashed<ReadingPositionAnswer, typeof ReadingPositionGetSchema>()('GET', '/api/novel/readingPosition/:id/'),
  saveReadingPosition: route<MessageAnswer, typeof ReadingPositionPutSchema>()('PUT', '/api/novel/readingPosition', { also: ['/api/novel/readingPosition/'] }),
};
