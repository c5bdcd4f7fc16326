/**
 * Media (README.md "Media"): stream and download of a song, getCoverArt of an album,
 * song or folder. Files are resolved by id like the web's media routes
 * (src/library/media.ts: a file of a visible work, inside a library root once links are
 * resolved) and sent by the same code (src/server/send-file.ts: Range, suffix ranges,
 * If-Range, 304, 416). No transcoding: `format`, `maxBitRate`, `timeOffset` and
 * `estimateContentLength` are accepted and ignored, the file goes as stored.
 */
import { resolveMediaFile, type MediaFile } from '../../library/media.js';
import { findCover, type CoverType } from '../../library/cover-lookup.js';
import { mimeTypeOf } from '../../library/filetypes.js';
import { sendFile } from '../../server/send-file.js';
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

export const mediaEndpoints: Record<string, Endpoint> = {
  /** stream?id (tr-…): the audio file's bytes with its content type; HEAD and Range as the web's stream. */
  stream: {
    async handle(call) {
      const file = await songFile(call);
      await sendFile(call.ctx, file.path, { type: mimeTypeOf(file.name) });
      return undefined;
    },
  },

  /** download?id (tr-…): the file as an attachment; code 50 for guests (they stream only). */
  download: {
    async handle(call) {
      if (!canDownload(call.user.group)) throw new SubsonicError(Code.NotAuthorized, 'guests cannot download');
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
