/**
 * The works of the library and of the trial catalogue (spec 000 sections 7 and 9; the
 * trial catalogue's `/api/fake/*`, DESIGN section 7): lists, names, one work, its tree,
 * cover and media. The calls both catalogues share are built from their prefix.
 */
import { isTrialHash, type CheckLrcAnswer, ListItem, MessageAnswer, NamedRef, TrackNode, TranscodePlanAnswer, TrialDownloadAnswer, Work, WorkScanAnswer, WorksAnswer } from '../../model/index.js';
import { pathOf, route } from '../route.js';
import type { CoverSchema } from '../schemas/cover.js';
import type { TrialIdSchema, TrialStatusSchema, TrialWorksSchema } from '../schemas/trial.js';
import type { StreamQuerySchema, TranscodeQuerySchema } from '../schemas/media.js';
import type { NumericNameSchema, VaNameSchema } from '../schemas/names.js';
import type { TracksSchema } from '../schemas/tracks.js';
import type { WorkIdSchema } from '../schemas/work.js';
import type { WorksListSchema, WorksOfIdSchema, WorksOfVaSchema } from '../schemas/works.js';

/** The media calls under `base` ('/api/media', '/api/fake/media'): byte answers, called as URLs with the token. */
const mediaRoutes = <B extends string>(base: B) => ({
  /** The file's bytes (transcoded with ?bitrate, from ?offset seconds). */
  stream: route<never, typeof StreamQuerySchema>()('GET', `${base}/stream/:workId/:fileId`),
  /** What stream would send for ?bitrate. */
  transcode: route<TranscodePlanAnswer, typeof TranscodeQuerySchema>()('GET', `${base}/transcode/:workId/:fileId`),
  /** The file's bytes as an attachment. */
  download: route<never>()('GET', `${base}/download/:workId/:fileId`),
  /** The whole work as one zip. */
  zip: route<never>()('GET', `${base}/zip/:workId`),
  /** An image file of the work. */
  smallImage: route<never>()('GET', `${base}/small-img/:workId/:fileId`),
  /** The lyric file linked to an audio file. */
  checkLrc: route<CheckLrcAnswer>()('GET', `${base}/check-lrc/:workId/:fileId`),
});

/** The names lists and one name of a kind (circles, tags, vas). */
const nameRoutes = <K extends string, S extends typeof NumericNameSchema | typeof VaNameSchema>(kind: K) => ({
  list: route<ListItem<number | string>[]>()('GET', `/api/${kind}/`, { also: [`/api/${kind}`] }),
  get: route<NamedRef<number | string>, S>()('GET', `/api/${kind}/:id`),
});

export const libraryRoutes = {
  /** ?page&sort&order&seed&nsfw&lyric&keyword -> {works, pagination}. */
  works: route<WorksAnswer, typeof WorksListSchema>()('GET', '/api/works'),
  /** The same, with a keyword (plain, or isAdvance=1: a JSON list of {t, d}). */
  search: route<WorksAnswer, typeof WorksListSchema>()('GET', '/api/search'),
  circleWorks: route<WorksAnswer, typeof WorksOfIdSchema>()('GET', '/api/circles/:id/works'),
  tagWorks: route<WorksAnswer, typeof WorksOfIdSchema>()('GET', '/api/tags/:id/works'),
  vaWorks: route<WorksAnswer, typeof WorksOfVaSchema>()('GET', '/api/vas/:id/works'),
  names: { circles: nameRoutes<'circles', typeof NumericNameSchema>('circles'), tags: nameRoutes<'tags', typeof NumericNameSchema>('tags'), vas: nameRoutes<'vas', typeof VaNameSchema>('vas') },
  work: route<Work, typeof WorkIdSchema>()('GET', '/api/work/:id'),
  /** Admin: hides a work. */
  deleteWork: route<MessageAnswer, typeof WorkIdSchema>()('DELETE', '/api/work/:id'),
  /** Admin: rescans a work's folder. */
  scanWork: route<WorkScanAnswer, typeof WorkIdSchema>()('POST', '/api/work/scan/:id'),
  tracks: route<TrackNode[], typeof TracksSchema>()('GET', '/api/tracks/:id'),
  /** ?type=main|sam|240x240: an image (a URL with the token). */
  cover: route<never, typeof CoverSchema>()('GET', '/api/cover/:id'),
  media: mediaRoutes('/api/media'),
};

export const trialRoutes = {
  /** ?status&... -> {works, pagination}, each work with its `trial` mark. */
  works: route<WorksAnswer, typeof TrialWorksSchema>()('GET', '/api/fake/works'),
  /** Starts fetching a trial work's files. */
  startDownload: route<TrialDownloadAnswer, typeof TrialIdSchema>()('POST', '/api/fake/download/:id', { also: ['/api/fake/download/:id/'] }),
  /** The progress of a trial work's download. */
  download: route<TrialDownloadAnswer, typeof TrialIdSchema>()('GET', '/api/fake/download/:id'),
  /** Sets a trial work's status {status}. */
  setStatus: route<MessageAnswer, typeof TrialStatusSchema>()('PUT', '/api/fake/:id/', { also: ['/api/fake/:id'] }),
  work: route<Work, typeof WorkIdSchema>()('GET', '/api/fake/:id'),
  tracks: route<TrackNode[], typeof TracksSchema>()('GET', '/api/fake/tracks/:id'),
  cover: route<never, typeof CoverSchema>()('GET', '/api/fake/cover/:id'),
  spiderCover: route<never, typeof CoverSchema>()('GET', '/api/fake/spider/cover/:id'),
  media: mediaRoutes('/api/fake/media'),
};

/** A media call of one track. */
export type TrackMedia = Exclude<keyof typeof libraryRoutes.media, 'zip'>;

/**
 * The media call of track `hash` ('{workId}/{fileId}', or 'rj{workId}/{fileId}' for a
 * trial item): the route of `kind` in the hash's catalogue and its path parameters.
 * Without the token: media URLs add it (ApiClient.mediaUrl).
 */
export function trackMedia<K extends TrackMedia>(kind: K, hash: string): { route: (typeof libraryRoutes.media)[K] | (typeof trialRoutes.media)[K]; params: { workId: string; fileId: string } } {
  const [workId = '', fileId = ''] = hash.split('/');
  return { route: isTrialHash(hash) ? trialRoutes.media[kind] : libraryRoutes.media[kind], params: { workId, fileId } };
}

/** The path of trackMedia(kind, hash) (the server's tree answers the same as mediaStreamUrl and mediaDownloadUrl). */
export const trackMediaPath = (kind: TrackMedia, hash: string): string => {
  const { route: r, params } = trackMedia(kind, hash);
  return pathOf(r, params);
};
