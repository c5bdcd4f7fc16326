/**
 * Media URLs (spec 000 section 7, DESIGN section 6): stream, download, small-img and
 * check-lrc, each addressed by a track hash '{workId}/{fileId}' and carrying the token
 * as a header or `?token=`; the trial catalogue's under /api/fake/media with trial
 * hashes 'rj{workId}/{fileId}' (`mountMedia` mounts both). Files are resolved by id in
 * the database and checked to be inside a configured root (the trial folder for trial
 * hashes) once links are resolved (library/media.ts); no path is taken from the request.
 */
import fs from 'node:fs/promises';
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.js';
import { requireUser } from '../middleware/auth.js';
import { sendFile } from '../send-file.js';
import { getAudioLyric, resolveMediaFile, resolveWorkFiles, scopeRoots, type MediaFile } from '../../library/media.js';
import { workZip } from '../../library/work-zip.js';
import { TEXT_DECODE_LIMIT, decodeText } from '../../lyrics/decode.js';
import { mimeTypeOf } from '../../library/filetypes.js';
import { NotFound, formatTrackHash, formatWorkCode, say, parseTrackHash, type CheckLrcAnswer } from '../../model/index.js';
import type { Scope } from '../../catalogue/visible.js';
import { validate } from '../middleware/validate.js';
import { sendTranscoded } from '../send-transcoded.js';
import { planStream, sourceAudio, type StreamPlan } from '../../transcode/index.js';
import type { Db } from '../../db/index.js';
import type { TranscodePlanAnswer } from '../../model/index.js';
import { routes } from '../../api/routes/index.js';
import { on } from './on.js';
import { StreamQuerySchema, TranscodeQuerySchema } from '../../api/schemas/media.js';

/** A route's context: the app context plus the path parameters. */
type RouteContext = AppContext & { params: Record<string, string | undefined> };

type ApiRouter = Router<AppState, { services: AppContext['services'] }>;

export const mediaRouter: ApiRouter = new Router();

/** Reads the hash from the path; anything but a hash of two decimal ids of the scope's form is a 404 (no such media). */
function hashParams(ctx: RouteContext, scope: Scope): { workId: number; fileId: number } {
  const hash = parseTrackHash(`${ctx.params.workId}/${ctx.params.fileId}`);
  if (!hash || hash.trial !== (scope === 'trial')) throw new NotFound(say('file.notFound'));
  return hash;
}

/** The hash's file, or a 404 {error}. */
async function mediaFile(ctx: RouteContext, scope: Scope): Promise<MediaFile> {
  const { workId, fileId } = hashParams(ctx, scope);
  const file = await resolveMediaFile(ctx.services.db, workId, fileId, scopeRoots(ctx.services.config, ctx.services.dataDir, scope), scope);
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

/** How an audio file is answered at the web player's quality `bitrate` (kbit/s, 0: as stored), with its duration (s). */
async function webPlan(db: Db, file: MediaFile, bitrate: number): Promise<{ plan: StreamPlan; duration: number | null }> {
  if (file.type !== 'audio' || !bitrate) return { plan: { transcode: false }, duration: null };
  const source = await sourceAudio(db, file);
  return { plan: planStream(source, { maxBitRate: bitrate }), duration: source.duration };
}

/**
 * Mounts the five media calls under `base` ('/api/media', or '/api/fake/media' for the
 * trial scope), each answering 404 {error} when the hash is not of the scope's form or
 * does not name a file of a work visible in the scope:
 * - GET|HEAD {base}/stream/:workId/:fileId -> the file's bytes with its content type
 *   (audio/flac, audio/mp4, audio/ogg, audio/mpeg...), Range/If-Range/ETag/304/416 as
 *   in DESIGN section 6. Text files (up to 8 MiB) answer whole, decoded to UTF-8, with
 *   `charset=utf-8`. `?bitrate=N` (kbit/s, 32 to 320; 0 or absent: as stored) answers an
 *   audio file above that rate transcoded to MP3 at N (src/transcode/), from `?offset=`
 *   seconds, streamed while ffmpeg runs, `Accept-Ranges: none` (the web player seeks by
 *   asking again with an offset); 400 {error} for a bad value or an offset past the end.
 * - GET {base}/transcode/:workId/:fileId?bitrate=N -> {transcode, format, bitRate,
 *   duration}: how that stream is answered (TranscodePlanAnswer), so the player knows
 *   whether to seek by Range or by offset and the track's real duration.
 * - GET|HEAD {base}/download/:workId/:fileId -> the file's bytes as stored, with
 *   `Content-Disposition: attachment` and the UTF-8 file name (RFC 5987 `filename*`),
 *   text files without a charset (their bytes are not decoded); Range as for stream.
 * - GET|HEAD {base}/small-img/:workId/:fileId -> an image file of the work (not
 *   resized), cacheable for an hour; 404 when the hash is not an image.
 * - GET {base}/check-lrc/:workId/:fileId -> {result, hash, lyricExtension}: the lyric
 *   file linked to that audio file (lrc preferred, then vtt, then srt; its hash in the
 *   scope's form); `{result: false, hash: null, lyricExtension: null}` when it has none.
 * - GET {base}/zip/:workId (beyond the spec: a whole work at once) -> the work's files
 *   (those that resolve as for download) as one stored zip `{code}.zip`, entries
 *   `{code}/{relpath}`, streamed with its Content-Length. 404 {error} when the id is not
 *   a work id ('work.notFound'), the work is not visible in the scope ('work.idNotFound')
 *   or has no file to send ('work.noFiles': a trial work not downloaded yet).
 */
export function mountMedia(router: ApiRouter, media: typeof routes.library.media | typeof routes.trial.media, scope: Scope): void {
  on(router, media.stream, requireUser(), validate(media.stream, StreamQuerySchema), async (ctx) => {
    const file = await mediaFile(ctx, scope);
    if (file.type === 'text' && file.size <= TEXT_DECODE_LIMIT) return sendDecodedText(ctx, file);
    const { bitrate, offset } = ctx.state.input.query;
    const { plan, duration } = await webPlan(ctx.services.db, file, bitrate);
    if (plan.transcode) return sendTranscoded(ctx, { path: file.path, duration, format: plan.format, bitRate: plan.bitRate, offset });
    await sendFile(ctx, file.path, { type: storedType(file) });
  });

  on(router, media.transcode, requireUser(), validate(media.transcode, TranscodeQuerySchema), async (ctx) => {
    const file = await mediaFile(ctx, scope);
    const { plan, duration } = await webPlan(ctx.services.db, file, ctx.state.input.query.bitrate);
    const answer: TranscodePlanAnswer = plan.transcode
      ? { transcode: true, format: plan.format, bitRate: plan.bitRate, duration }
      : { transcode: false, format: 'raw', bitRate: null, duration };
    ctx.body = answer;
  });

  on(router, media.download, requireUser(), async (ctx) => {
    const file = await mediaFile(ctx, scope);
    ctx.attachment(file.name);
    await sendFile(ctx, file.path, { type: storedType(file) });
  });

  on(router, media.zip, requireUser(), async (ctx) => {
    const workId = /^\d{1,10}$/.test(ctx.params.workId ?? '') ? Number(ctx.params.workId) : null;
    const work = workId === null ? null : await resolveWorkFiles(ctx.services.db, workId, scopeRoots(ctx.services.config, ctx.services.dataDir, scope), scope);
    if (workId === null) throw new NotFound(say('work.notFound'));
    if (!work) throw new NotFound(say('work.idNotFound', { id: workId }));
    if (work.files.length === 0) throw new NotFound(say('work.noFiles'));
    const code = formatWorkCode(workId, work.codePrefix);
    const zip = await workZip(work.files, code);
    ctx.attachment(`${code}.zip`);
    ctx.type = 'application/zip';
    if (zip.size >= 0) ctx.length = zip.size;
    ctx.body = zip.stream;
  });

  on(router, media.smallImage, requireUser(), async (ctx) => {
    const file = await mediaFile(ctx, scope);
    if (file.type !== 'image') throw new NotFound(say('file.notImage'));
    await sendFile(ctx, file.path, { type: mimeTypeOf(file.name), cacheControl: 'private, max-age=3600' });
  });

  on(router, media.checkLrc, requireUser(), async (ctx) => {
    const { workId, fileId } = hashParams(ctx, scope);
    const found = await getAudioLyric(ctx.services.db, workId, fileId, scope);
    if (!found) throw new NotFound(say('file.notFound'));
    const answer: CheckLrcAnswer = found.lyric
      ? { result: true, hash: formatTrackHash(workId, found.lyric.fileId, { trial: scope === 'trial' }), lyricExtension: found.lyric.extension }
      : { result: false, hash: null, lyricExtension: null };
    ctx.body = answer;
  });
}

/** The library's media calls. */
mountMedia(mediaRouter, routes.library.media, 'library');
