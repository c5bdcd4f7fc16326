/**
 * Media URLs (spec 000 section 7, DESIGN section 6): stream, download, small-img and
 * check-lrc, each addressed by a track hash '{workId}/{fileId}' and carrying the token
 * as a header or `?token=`. Files are resolved by id in the database and checked to be
 * inside a configured root once links are resolved (library/media.ts); no path is taken
 * from the request.
 */
import fs from 'node:fs/promises';
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.js';
import { requireUser } from '../middleware/auth.js';
import { sendFile } from '../send-file.js';
import { getAudioLyric, resolveMediaFile, type MediaFile } from '../../library/media.js';
import { decodeText } from '../../lyrics/decode.js';
import { mimeTypeOf } from '../../library/filetypes.js';
import { NotFound, formatTrackHash, say, parseTrackHash, type CheckLrcAnswer } from '../../model/index.js';

/** Text files up to this size (bytes) are decoded to UTF-8 on stream; larger ones are sent as stored. */
const TEXT_DECODE_LIMIT = 8 * 1024 * 1024;

/** A route's context: the app context plus the path parameters. */
type RouteContext = AppContext & { params: Record<string, string | undefined> };

export const mediaRouter = new Router<AppState, { services: AppContext['services'] }>();

/** Reads the hash from the path; anything but a library hash of two decimal ids is a 404 (no such media). */
function hashParams(ctx: RouteContext): { workId: number; fileId: number } {
  const hash = parseTrackHash(`${ctx.params.workId}/${ctx.params.fileId}`);
  if (!hash || hash.trial) throw new NotFound(say('file.notFound'));
  return hash;
}

/** The hash's file, or a 404 {error}. */
async function mediaFile(ctx: RouteContext): Promise<MediaFile> {
  const { workId, fileId } = hashParams(ctx);
  const file = await resolveMediaFile(ctx.services.db, workId, fileId, ctx.services.config.rootFolders);
  if (!file) throw new NotFound(say('file.notFound'));
  return file;
}

/** Content type of the bytes as stored: a text file's encoding is unknown, so no charset. */
const storedType = (file: MediaFile) => (file.type === 'text' ? mimeTypeOf(file.name).split(';')[0]! : mimeTypeOf(file.name));

/** Answers a text file decoded to UTF-8, with ETag/Last-Modified and 304 on a fresh cache. */
async function sendDecodedText(ctx: AppContext, file: MediaFile): Promise<void> {
  ctx.status = 200;
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.lastModified = new Date(file.mtimeMs);
  ctx.etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = mimeTypeOf(file.name);
  ctx.body = decodeText(await fs.readFile(file.path));
}

/**
 * GET|HEAD /api/media/stream/:workId/:fileId -> the file's bytes with its content type
 * (audio/flac, audio/mp4, audio/ogg, audio/mpeg...), Range/If-Range/ETag/304/416 as in
 * DESIGN section 6. Text files (up to 8 MiB) answer whole, decoded to UTF-8, with
 * `charset=utf-8`. 404 {error} when the hash does not name a file of a visible work.
 */
mediaRouter.get('/api/media/stream/:workId/:fileId', requireUser(), async (ctx) => {
  const file = await mediaFile(ctx);
  if (file.type === 'text' && file.size <= TEXT_DECODE_LIMIT) return sendDecodedText(ctx, file);
  await sendFile(ctx, file.path, { type: storedType(file) });
});

/**
 * GET|HEAD /api/media/download/:workId/:fileId -> the file's bytes as stored, with
 * `Content-Disposition: attachment` and the UTF-8 file name (RFC 5987 `filename*`),
 * text files without a charset (their bytes are not decoded); Range as for stream.
 * 404 {error} as for stream.
 */
mediaRouter.get('/api/media/download/:workId/:fileId', requireUser(), async (ctx) => {
  const file = await mediaFile(ctx);
  ctx.attachment(file.name);
  await sendFile(ctx, file.path, { type: storedType(file) });
});

/**
 * GET|HEAD /api/media/small-img/:workId/:fileId -> an image file of the work (not
 * resized), cacheable for an hour. 404 {error} when the hash is not an image.
 */
mediaRouter.get('/api/media/small-img/:workId/:fileId', requireUser(), async (ctx) => {
  const file = await mediaFile(ctx);
  if (file.type !== 'image') throw new NotFound(say('file.notImage'));
  await sendFile(ctx, file.path, { type: mimeTypeOf(file.name), cacheControl: 'private, max-age=3600' });
});

/**
 * GET /api/media/check-lrc/:workId/:fileId -> {result, hash, lyricExtension}: the lyric
 * file linked to that audio file (lrc preferred, then vtt, then srt); `{result: false,
 * hash: null, lyricExtension: null}` when it has none. 404 {error} for an unknown hash.
 */
mediaRouter.get('/api/media/check-lrc/:workId/:fileId', requireUser(), async (ctx) => {
  const { workId, fileId } = hashParams(ctx);
  const found = await getAudioLyric(ctx.services.db, workId, fileId);
  if (!found) throw new NotFound(say('file.notFound'));
  const answer: CheckLrcAnswer = found.lyric
    ? { result: true, hash: formatTrackHash(workId, found.lyric.fileId), lyricExtension: found.lyric.extension }
    : { result: false, hash: null, lyricExtension: null };
  ctx.body = answer;
});
