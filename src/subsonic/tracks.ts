/**
 * The songs of works (README.md "The mapping"): each work's audio files in the work's
 * play order, the order of its track tree (src/library/tree.ts: folders first, names in
 * natural order), with their place in it. The folders holding audio are the work's
 * discs when there are several (`SE有り/`, `SE無し/`). When the work holds the same
 * tracks in several formats (`mp3/`, `wav/`), the album lists one copy (variants.ts, by
 * the caller's SubsonicVariant preference): the others are `listed: false`, with their
 * counterpart's track number and disc, and stay in the work's folders.
 */
import type { Db } from '../db/index.js';
import { buildTrackTree, type FileRow } from '../library/tree.js';
import { whereVisible, type CatalogueCache, type ReadContext } from '../catalogue/index.js';
import { parseTrackHash, type SubsonicVariant, type TrackNode } from '../model/index.js';
import { unlistedCopies } from './variants.js';

/** An audio file of a work. Sizes in bytes, durations in seconds. */
export interface Track {
  workId: number;
  fileId: number;
  /** '/'-separated path inside the work folder. */
  relpath: string;
  /** The file name (the web player's track title). */
  name: string;
  /** The folder inside the work ('' for its top). */
  folder: string;
  duration: number;
  size: number;
  /** Place in the work's play order, from 1. */
  position: number;
  /** The folder's place among the folders of the album's tracks, from 1; undefined when there is one. */
  disc?: number;
  /** On the album: false for a copy in another format of a listed track (variants.ts). */
  listed: boolean;
  /** When the caller starred it (ISO): withTrackStars. */
  starred?: string;
}

/** Flattens a track tree into its audio files in order (relpath and folder from the tree's folders). */
function audioOf(nodes: TrackNode[], folder: string, out: Omit<Track, 'position' | 'disc' | 'listed'>[]): void {
  for (const node of nodes) {
    if (node.type === 'folder') audioOf(node.children ?? [], folder ? `${folder}/${node.title}` : node.title, out);
    else if (node.type === 'audio' && node.hash) {
      const { workId, fileId } = parseTrackHash(node.hash)!;
      out.push({ workId, fileId, relpath: folder ? `${folder}/${node.title}` : node.title, name: node.title, folder, duration: node.duration ?? 0, size: node.size ?? 0 });
    }
  }
}

/**
 * One work's tracks in play order: the album's (listed) numbered from 1, with discs when
 * they sit in several folders; each copy left out (variants.ts) with its counterpart's
 * number and disc.
 */
function tracksOfWork(workId: number, files: FileRow[], prefer: SubsonicVariant): Track[] {
  const flat: Omit<Track, 'position' | 'disc' | 'listed'>[] = [];
  audioOf(buildTrackTree({ id: workId, title: '' }, files), '', flat);
  const unlisted = unlistedCopies(flat, prefer);
  const folders = [...new Set(flat.filter((t) => !unlisted.has(t.relpath)).map((t) => t.folder))];
  const byPath = new Map<string, Track>();
  let position = 0;
  for (const t of flat) {
    if (!unlisted.has(t.relpath)) byPath.set(t.relpath, Object.assign(t, { position: ++position, disc: folders.length > 1 ? folders.indexOf(t.folder) + 1 : undefined, listed: true }));
  }
  return flat.map((t) => {
    const counterpart = unlisted.get(t.relpath);
    if (counterpart === undefined) return t as Track;
    const kept = byPath.get(counterpart);
    return Object.assign(t, { position: kept?.position ?? 0, disc: kept?.disc, listed: false });
  });
}

/** The tracks of a work its album lists (one copy of each track, variants.ts). */
export const albumTracks = (tracks: readonly Track[]): Track[] => tracks.filter((t) => t.listed);

/** The audio files' query of `workIds` (alias f): the columns a track tree (and the choice of copies) reads. */
const filesQuery = (db: Db, workIds: number[]) => db('files as f').whereIn('f.work_id', workIds).where('f.type', 'audio')
  .select('f.id', 'f.work_id', 'f.relpath', 'f.type', 'f.size', 'f.duration', 'f.audio_file_id');

/** The tracks of each of `workIds` from their files' rows (works without rows map to []), copies chosen by `prefer`. */
function tracksByWork(workIds: number[], rows: FileRow[], prefer: SubsonicVariant): Map<number, Track[]> {
  const byWork = new Map<number, FileRow[]>(workIds.map((id) => [id, []]));
  for (const row of rows) byWork.get(row.work_id)!.push(row);
  return new Map([...byWork].map(([id, files]) => [id, tracksOfWork(id, files, prefer)]));
}

/**
 * The tracks of each work of `workIds` (works the caller may see: the caller checks), in
 * play order, copies in other formats included but not `listed` (by `prefer`, the
 * caller's config subsonicVariant), without the caller's stars (withTrackStars); one
 * query. Works without audio map to [].
 */
export async function tracksOf(db: Db, workIds: readonly number[], prefer: SubsonicVariant): Promise<Map<number, Track[]>> {
  const unique = [...new Set(workIds)];
  return tracksByWork(unique, unique.length ? await filesQuery(db, unique) : [], prefer);
}

/** The kind of the works' tracks among the values kept per work (CatalogueCache.workValue), per preference. */
const TRACKS = (prefer: SubsonicVariant) => `subsonic|tracks|${prefer}`;
/** Works whose tracks are kept (oldest dropped first): about 4 KB a work of 20 tracks, 20 MB at most. */
const MAX_TRACKED = 5_000;

/**
 * The tracks of each work of `workIds` as tracksOf answers them for `prefer`, kept with
 * the catalogue's works (a change that names a work drops them): one query for the works
 * not kept, none when all are. The tracks are shared between requests: never change one.
 */
export async function keptTracks(read: ReadContext, workIds: readonly number[], prefer: SubsonicVariant): Promise<Map<number, Track[]>> {
  const cache = await read.catalogue();
  const unique = [...new Set(workIds)];
  const answer = new Map<number, Track[]>();
  for (const id of unique) {
    const kept = cache.workValue<Track[]>(TRACKS(prefer), id);
    if (kept) answer.set(id, kept);
  }
  const missing = unique.filter((id) => !answer.has(id));
  if (missing.length) {
    for (const [id, tracks] of tracksByWork(missing, await filesQuery(read.db, missing), prefer)) {
      answer.set(id, tracks);
      cache.putWorkValue(TRACKS(prefer), id, tracks, MAX_TRACKED);
    }
  }
  return answer;
}

/** `tracks` with the caller's stars (`stars`: ISO times by `${workId}/${fileId}`, Marks.tracks): the starred ones copied, the others as they are. */
export function withTrackStars(tracks: Map<number, Track[]>, stars: ReadonlyMap<string, string>): Map<number, Track[]> {
  if (!stars.size) return tracks;
  return new Map([...tracks].map(([id, list]) => [id, list.map((t) => {
    const starred = stars.get(`${t.workId}/${t.fileId}`);
    return starred ? { ...t, starred } : t;
  })]));
}

/** The ids of `workIds` that are visible works (src/catalogue/visible.ts), in the order given. */
export async function visibleWorkIds(db: Db, workIds: readonly number[]): Promise<number[]> {
  if (!workIds.length) return [];
  const found = new Set((await whereVisible(db('works').whereIn('id', [...new Set(workIds)])).select('id')).map((r: { id: number }) => r.id));
  return workIds.filter((id) => found.has(id));
}

/** A work album's tracks (one copy of each, variants.ts): how many, and their total duration in seconds. */
export interface AudioSummary { count: number; duration: number }

/**
 * Summaries kept with the catalogue's works (CatalogueCache.workValue: a summary goes when
 * a change names its work; a scan that changes a work's files rewrites the work's row in
 * the same transaction), the oldest dropped first: about 100 bytes each, 20 MB at most;
 * enough for a player's song sync (search3 with an empty query, page after page) to read
 * each work's summary once up to 200,000 works.
 */
const MAX_SUMMARIES = 200_000;
/** The kind of the summaries among the values kept per work, per preference. */
const SUMMARY = (prefer: SubsonicVariant) => `subsonic|audio|${prefer}`;
/** Works summarised per query. */
const SUMMARY_CHUNK = 500;

/** Keeps the summaries of `ids` for `prefer` from their audio files' rows (a work without rows has no audio). */
function keepSummaries(cache: CatalogueCache, ids: number[], rows: FileRow[], prefer: SubsonicVariant): void {
  for (const [id, tracks] of tracksByWork(ids, rows, prefer)) cache.putWorkValue(SUMMARY(prefer), id, summaryOf(albumTracks(tracks)), MAX_SUMMARIES);
}

/** The kept summaries of `workIds` with audio. */
function summariesOf(cache: CatalogueCache, workIds: readonly number[], prefer: SubsonicVariant): Map<number, AudioSummary> {
  const answer = new Map<number, AudioSummary>();
  for (const id of workIds) {
    const summary = cache.workValue<AudioSummary>(SUMMARY(prefer), id);
    if (summary?.count) answer.set(id, summary);
  }
  return answer;
}

/** The ids of `workIds` (each once) whose summary is not kept. */
const unsummarised = (cache: CatalogueCache, workIds: readonly number[], prefer: SubsonicVariant) => [...new Set(workIds)].filter((id) => !cache.workValue(SUMMARY(prefer), id));

/**
 * The summaries of the albums of `workIds` (works without audio are absent): count and
 * duration of the tracks each album lists (one copy of each, by `prefer`: variants.ts),
 * from one query of the audio files of 500 works at a time on the `files` (work_id, type)
 * index, each kept with the catalogue's works (MAX_SUMMARIES), so no request reads more
 * than its own works (in the context's catalogue cache).
 */
export async function audioSummaries(read: ReadContext, workIds: readonly number[], prefer: SubsonicVariant): Promise<Map<number, AudioSummary>> {
  const { db } = read;
  const kept = await read.catalogue();
  const missing = unsummarised(kept, workIds, prefer);
  for (let i = 0; i < missing.length; i += SUMMARY_CHUNK) {
    const chunk = missing.slice(i, i + SUMMARY_CHUNK);
    keepSummaries(kept, chunk, await filesQuery(db, chunk), prefer);
  }
  return summariesOf(kept, workIds, prefer);
}

/** The summary of a work's tracks as loaded. */
export const summaryOf = (tracks: Track[]): AudioSummary => ({ count: tracks.length, duration: tracks.reduce((sum, t) => sum + t.duration, 0) });
