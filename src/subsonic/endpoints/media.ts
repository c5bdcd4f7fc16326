/**
 * Media (README.md "Media"): stream and download of a song, getCoverArt of an album,
 * song or folder. Files are resolved by id like the web's media routes
 * (src/library/media.ts: a file of a visible work, inside a library root once links are
 * resolved) and sent by the same code (src/server/send-file.ts: Range, suffix ranges,
 * If-Range, 304, 416), or, when `stream`'s `format` and `maxBitRate` (or the player's
 * defaults) ask for it, transcoded by ffmpeg (src/transcode/, src/server/send-transcoded.ts).
 */
import { resolveMediaFile, type MediaFile } from '../../library/media.js';
import { findCover } from '../../library/cover-lookup.js';
import type { CoverType } from '../../model/index.js';
import { mimeTypeOf } from '../../library/filetypes.js';
import { sendFile } from '../../server/send-file.js';
import { sendTranscoded } from '../../server/send-transcoded.js';
import { planStream, sourceAudio } from '../../transcode/index.js';
import { playerTranscode } from '../../users/index.js';
import { Code, SubsonicError, notFound } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { canDownload } from './system.js';
import { idParam } from './browse.js';

/** The audio file of the `id` song; code 70 when it names no audio file of a visible work. */
async function songFile(call: Call): Promise<MediaFile> {
  const id = idParam(call, ['song']);
  const file = await resolveMediaFile(call.db, id.workId, id.fileId, call.ctx.services.config.rootFolders);
  if (!file || file.type !== 'audio') throw notFound(`song ${call.params.required('id')}`);
  return file;
}

/** The stored cover size for a requested `size` in pixels: the smallest at least as large (sam 100 px, 240x240, main). */
export function coverTypeFor(size: number | undefined): CoverType {
  if (size === undefined) return 'main';
  return size <= 100 ? 'sam' : size <= 240 ? '240x240' : 'main';
}

/** `timeOffset` in seconds (whole or decimal, at least 0); 0 when absent; code 0 for anything else. */
function timeOffset(call: Call): number {
  const text = call.params.get('timeOffset');
  if (text === undefined || text === '') return 0;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(text)) throw new SubsonicError(Code.Generic, 'parameter timeOffset must be a number of seconds, at least 0');
  return Number(text);
}

export const mediaEndpoints: Record<string, Endpoint> = {
  /**
   * stream?id (tr-…)&maxBitRate (kbit/s, 0 none)&format (raw, mp3, opus, aac; others
   * ignored)&timeOffset (s)&estimateContentLength: the song as stored (its content type;
   * HEAD and Range as the web's stream), or transcoded when the format or bit rate asks
   * (src/transcode/plan.ts; the caller's player `c` adds its defaults): the target's
   * content type, from `timeOffset`, streamed while ffmpeg runs, with an estimated
   * Content-Length when asked. `timeOffset` applies to transcoded streams only.
   * Code 0 for a malformed parameter, an offset past the end or a file ffmpeg cannot read.
   */
  stream: {
    async handle(call) {
      const file = await songFile(call);
      const maxBitRate = call.params.int('maxBitRate', 0, 0, 100_000);
      const format = call.params.get('format');
      const offset = timeOffset(call);
      const estimate = call.params.bool('estimateContentLength', false);
      const player = await playerTranscode(call.db, call.user.name, call.params.get('c'));
      // a call asking nothing of a player without defaults is the common case: no duration read
      if (!maxBitRate && !format && !player.maxBitRate && !player.format) {
        await sendFile(call.ctx, file.path, { type: mimeTypeOf(file.name) });
        return undefined;
      }
      const source = await sourceAudio(call.db, file);
      const plan = planStream(source, { maxBitRate, format }, { maxBitRate: player.maxBitRate, format: player.format ?? undefined });
      if (!plan.transcode) await sendFile(call.ctx, file.path, { type: mimeTypeOf(file.name) });
      else await sendTranscoded(call.ctx, { path: file.path, duration: source.duration, format: plan.format, bitRate: plan.bitRate, offset, estimateContentLength: estimate });
      return undefined;
    },
  },

  /** download?id (tr-…): the file as an attachment; code 50 for guests (they stream only). */
  download: {
    async handle(call) {
      if (!canDownload(call.user)) throw new SubsonicError(Code.NotAuthorized, 'guests cannot download');
      const file = await songFile(call);
      call.ctx.attachment(file.name);
      await sendFile(call.ctx, file.path, { type: mimeTypeOf(file.name) });
      return undefined;
    },
  },

  /** getCoverArt?id (al-, tr- or fo-)&size: the work's cover at the nearest stored size; code 70 when it has none. */
  getCoverArt: {
    async handle(call) {
      const id = idParam(call, ['album', 'song', 'folder']);
      const size = call.params.get('size') ? call.params.int('size', 0, 1, 100_000) : undefined;
      const cover = await findCover(call.db, call.ctx.services.dataDir, id.workId, coverTypeFor(size), call.ctx.services.config.rootFolders);
      if (!cover || cover.source === 'placeholder') throw notFound(`cover of ${call.params.required('id')}`);
      await sendFile(call.ctx, cover.path, { type: cover.type, cacheControl: 'private, max-age=3600' });
      return undefined;
    },
  },
};
