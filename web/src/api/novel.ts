/**
 * The novel section's own calls (spec 001 section 7); its lists, names, reviews and
 * history go through the shared screens with NOVEL_CATALOGUE (catalogue.tsx).
 * - GET /api/novel/work/{id}; POST /api/novel/work/ (the add form); POST
 *   /api/novel/work/spider/ {url} -> {code: 2000, data} or a failure whose message is its msg;
 * - GET /api/novel/work/updateData/{id}/; the TXT: POST /api/novel/work/uploadTxt/ (multipart
 *   file + id, answering data.msg), GET /api/novel/downloadTxt/{id}/ (a link with the token),
 *   GET /api/novel/deleteTxt/{id}/;
 * - GET /api/novel/vas/authorList and /api/novel/tags/tagList for the form's selects;
 * - beyond the spec, the TXT reader: the text itself (downloadTxt read as text) and the
 *   caller's reading position, GET and PUT /api/novel/readingPosition.
 */
import type { NovelForm, NovelSpiderFailure, NovelUploadAnswer } from '@model';
import { serverText } from '../i18n/serverText';
import { ApiError, call, callMediaUrl, client, routes } from './client';

export const getNovel = (id: string) => call(routes.novel.work, { params: { id } });

/** Whether a failed call's body is the spider's failure (a numeric code, the text's code as messageCode). */
const isSpiderFailure = (body: unknown): body is NovelSpiderFailure =>
  typeof body === 'object' && body !== null && typeof (body as NovelSpiderFailure).messageCode === 'string';

/** The add form's values read from a novel page; throws an Error whose message is the failure's msg in the UI's language otherwise. */
export async function spiderNovel(url: string): Promise<NovelForm> {
  try {
    return (await call(routes.novel.spider, { body: { url } })).data;
  } catch (err) {
    if (err instanceof ApiError && isSpiderFailure(err.body)) throw new Error(serverText({ message: err.body.msg, code: err.body.messageCode, params: err.body.params }));
    throw err;
  }
}

export const addNovel = (form: Omit<NovelForm, 'novelId'> & { novelId: number | null }) =>
  call(routes.novel.add, { body: form });

export const updateNovel = (id: number) => call(routes.novel.update, { params: { id } });

export function uploadTxt(id: number, file: File): Promise<NovelUploadAnswer> {
  const form = new FormData();
  form.set('id', String(id));
  form.set('file', file);
  return call(routes.novel.uploadTxt, { form });
}

export const deleteTxt = (id: number) => call(routes.novel.deleteTxt, { params: { id } });

/** The TXT download link (carries the token, like media links). */
export const txtDownloadUrl = (id: number) => callMediaUrl({ route: routes.novel.downloadTxt, params: { id } });

/** The novel's TXT as text (stored as UTF-8 whatever it was uploaded in). Throws ApiError. */
export async function readTxt(id: number): Promise<string> {
  return (await client.routeResponse(routes.novel.downloadTxt, { params: { id } })).text();
}

/** Where the caller stopped reading novel `id` (offset 0 when never saved). */
export const readingPosition = (id: number) => call(routes.novel.readingPosition, { params: { id } });

/** Saves where the caller stopped reading novel `id` (an index into its text). */
export const saveReadingPosition = (id: number, offset: number) => call(routes.novel.saveReadingPosition, { body: { work_id: id, offset } });

export const authorList = () => call(routes.novel.authorList);
export const tagList = () => call(routes.novel.tagList);
