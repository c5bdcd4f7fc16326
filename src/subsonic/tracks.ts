/**
 * The songs of works (README.md "The mapping"): each work's audio files in the work's
 * play order, the order of its track tree (src/library/tree.ts: folders first, names in
 * natural order), with their place in it. The folders holding audio are the work's
 * discs when there are several (`mp3/`, `wav/`, `SE無し/`), so a player can pick one.
 */
import type { Db } from '../db/index.js';
import { buildTrackTree, type FileRow } from '../library/tree.js';
import { catalogueCache, isoTime, whereVisible, type CatalogueCache } from '../catalogue/index.js';
import { parseTrackHash, type TrackNode } from '../model/index.js';
import { workStarsQuery } from './stars.js';

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
  /** The folder's place among the work's folders holding audio, from 1; undefined when there is one. */
  disc?: number;
  /** When the caller starred it (ISO), when tracksOf was given the caller. */
  starred?: string;
}

/** A file row of tracksOf: the tree's columns and the caller's star. */
type TrackRow = FileRow & { starred_at?: string | null };

/** Flattens a track tree into its audio files in order (relpath and folder from the tree's folders). */
function audioOf(nodes: TrackNode[], folder: string, out: Omit<Track, 'position' | 'disc'>[]): void {
  for (const node of nodes) {
    if (node.type === 'folder') audioOf(node.children ?? [], folder ? `${folder}/${node.title}` : node.title, out);
    else if (node.type === 'audio' && node.hash) {
      const { workId, fileId } = parseTrackHash(node.hash)!;
      out.push({ workId, fileId, relpath: folder ? `${folder}/${node.title}` : node.title, name: node.title, folder, duration: node.duration ?? 0, size: node.size ?? 0 });
    }
  }
}

/** One work's tracks in play order, with positions, discs and the caller's stars. */
function tracksOfWork(workId: number, files: TrackRow[]): Track[] {
  const flat: Omit<Track, 'position' | 'disc'>[] = [];
  audioOf(buildTrackTree({ id: workId, title: '' }, files), '', flat);
  const folders = [...new Set(flat.map((t) => t.folder))];
  const starred = new Map(files.filter((f) => f.starred_at).map((f) => [f.id, isoTime(f.starred_at)!]));
  return flat.map((t, i) => Object.assign(t, { position: i + 1, disc: folders.length > 1 ? folders.indexOf(t.folder) + 1 : undefined, starred: starred.get(t.fileId) }));
}

/** The audio files' query of `workIds` (alias f): the columns a track tree reads. */
const filesQuery = (db: Db, workIds: number[]) => db('files as f').whereIn('f.work_id', workIds).where('f.type', 'audio')
  .select('f.id', 'f.work_id', 'f.relpath', 'f.type', 'f.size', 'f.duration', 'f.audio_file_id');

/** The tracks of each of `workIds` from their files' rows (works without rows map to []). */
function tracksByWork(workIds: number[], rows: TrackRow[]): Map<number, Track[]> {
  const byWork = new Map<number, TrackRow[]>(workIds.map((id) => [id, []]));
  for (const row of rows) byWork.get(row.work_id)!.push(row);
  return new Map([...byWork].map(([id, files]) => [id, tracksOfWork(id, files)]));
}

/**
 * The tracks of each work of `workIds` (works the caller may see: the caller checks), in
 * play order, with when `viewer` starred each (when given); one query. Works without audio map to [].
 */
export async function tracksOf(db: Db, workIds: readonly number[], viewer?: string): Promise<Map<number, Track[]>> {
  const unique = [...new Set(workIds)];
  const query = filesQuery(db, unique);
  if (viewer !== undefined) {
    query.leftJoin('starred_tracks as st', (j) => j.on('st.work_id', 'f.work_id').andOn('st.file_id', 'f.id').andOn('st.user_name', db.raw('?', [viewer])))
      .select('st.created_at as starred_at');
  }
  return tracksByWork(unique, unique.length ? await query : []);
}

/** The kind of the works' tracks among the values kept per work (CatalogueCache.workValue). */
const TRACKS = 'subsonic|tracks';
/** Works whose tracks are kept (oldest dropped first): about 4 KB a work of 20 tracks, 20 MB at most. */
const MAX_TRACKED = 5_000;

/**
 * The tracks of each work of `workIds` in play order, without the caller's stars (add them
 * with withTrackStars), kept with the catalogue's works (a change that names a work drops
 * them): one query for the works not kept, none when all are. The tracks are shared
 * between requests: never change one.
 */
export async function keptTracks(db: Db, workIds: readonly number[], cache: CatalogueCache): Promise<Map<number, Track[]>> {
  const unique = [...new Set(workIds)];
  const answer = new Map<number, Track[]>();
  for (const id of unique) {
    const kept = cache.workValue<Track[]>(TRACKS, id);
    if (kept) answer.set(id, kept);
  }
  const missing = unique.filter((id) => !answer.has(id));
  if (missing.length) {
    for (const [id, tracks] of tracksByWork(missing, await filesQuery(db, missing))) {
      answer.set(id, tracks);
      cache.putWorkValue(TRACKS, id, tracks, MAX_TRACKED);
    }
  }
  return answer;
}

/** `tracks` with the caller's stars (`stars`: ISO times by `${workId}/${fileId}`): the starred ones copied, the others as they are. */
export function withTrackStars(tracks: Map<number, Track[]>, stars: Map<string, string>): Map<number, Track[]> {
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

/** A work's audio files: how many, and their total duration in seconds. */
export interface AudioSummary { count: number; duration: number }

/**
 * Summaries kept with the catalogue's works (CatalogueCache.workValue: a summary goes when
 * a change names its work; a scan that changes a work's files rewrites the work's row in
 * the same transaction), the oldest dropped first: about 100 bytes each, 20 MB at most;
 * enough for a player's song sync (search3 with an empty query, page after page) to read
 * each work's summary once up to 200,000 works.
 */
const MAX_SUMMARIES = 200_000;
/** The kind of the summaries among the values kept per work. */
const SUMMARY = 'subsonic|audio';
/** Works summarised per query. */
const SUMMARY_CHUNK = 500;

/** A grouped summary row: work id, audio files, total duration in seconds. */
type SummaryRow = { work_id: number; n: number | string; d: number | string | null };

/**
 * The grouped query of the audio summaries of `ids`, on the `files` (work_id, type,
 * duration) index; `marks`: with NULL `starred_at` and `rating` columns before n and d
 * and a NULL `file_id` after (albumSummaries' union, where it comes last: knex writes its
 * GROUP BY after the unions).
 */
const summaryQuery = (db: Db, ids: number[], marks = false) => db('files').whereIn('work_id', ids).where('type', 'audio').groupBy('work_id')
  .select('work_id', ...(marks ? [db.raw('NULL as starred_at'), db.raw('NULL as rating')] : []), db.raw('count(*) as n'), db.raw('sum(duration) as d'), ...(marks ? [db.raw('NULL as file_id')] : []));

/** Keeps the summaries of `ids` from their query's rows (a work without rows has no audio). */
function keepSummaries(cache: CatalogueCache, ids: number[], rows: SummaryRow[]): void {
  const found = new Map(rows.map((r) => [r.work_id, { count: Number(r.n), duration: Number(r.d ?? 0) }]));
  for (const id of ids) cache.putWorkValue(SUMMARY, id, found.get(id) ?? { count: 0, duration: 0 }, MAX_SUMMARIES);
}

/** The kept summaries of `workIds` with audio. */
function summariesOf(cache: CatalogueCache, workIds: readonly number[]): Map<number, AudioSummary> {
  const answer = new Map<number, AudioSummary>();
  for (const id of workIds) {
    const summary = cache.workValue<AudioSummary>(SUMMARY, id);
    if (summary?.count) answer.set(id, summary);
  }
  return answer;
}

/** The ids of `workIds` (each once) whose summary is not kept. */
const unsummarised = (cache: CatalogueCache, workIds: readonly number[]) => [...new Set(workIds)].filter((id) => !cache.workValue(SUMMARY, id));

/**
 * The audio summaries of `workIds` (works without audio are absent), from one grouped
 * query per 500 works on the `files` (work_id, type, duration) index, each kept with the
 * catalogue's works (MAX_SUMMARIES), so no request reads more than its own works.
 * `cache`: the catalogue's cache if the caller has read it.
 */
export async function audioSummaries(db: Db, workIds: readonly number[], cache?: CatalogueCache): Promise<Map<number, AudioSummary>> {
  const kept = cache ?? await catalogueCache(db);
  const missing = unsummarised(kept, workIds);
  for (let i = 0; i < missing.length; i += SUMMARY_CHUNK) {
    const chunk = missing.slice(i, i + SUMMARY_CHUNK);
    keepSummaries(kept, chunk, await summaryQuery(db, chunk));
  }
  return summariesOf(kept, workIds);
}

/** The caller's marks on an album: when they starred it (ISO) and their rating (1-5). */
export interface AlbumMarks { starred?: string; rating?: number }

/** A row of albumSummaries' union: a summary (n not NULL), a track's star (file_id not NULL), a rating (rating not NULL) or a work's star. */
type AlbumRow = { work_id: number; starred_at: string | Date | null; rating: number | null; n: number | string | null; d: number | string | null; file_id: number | null };

/**
 * The audio summaries of `workIds` (as audioSummaries) and `viewer`'s marks on each (their
 * stars and ratings, the same rows the web's favourites read), with `viewer`'s stars of the
 * tracks of `songWorks` (a search's songs), in one statement (UNION ALL): the works' stars
 * (with typed NULL columns, which PostgreSQL types the union's columns by), the ratings, the
 * tracks' stars, then the summaries not kept yet; more than 500 summaries missing:
 * audioSummaries' queries beside. The players' albums need nothing else of the caller, so
 * their works come without the caller's data (presentedWorks). `trackStars`: ISO times by
 * `${workId}/${fileId}` (withTrackStars).
 */
export async function albumSummaries(
  db: Db, workIds: readonly number[], viewer: string, cache?: CatalogueCache, songWorks: readonly number[] = [],
): Promise<{ audio: Map<number, AudioSummary>; marks: Map<number, AlbumMarks>; trackStars: Map<string, string> }> {
  if (!workIds.length && !songWorks.length) return { audio: new Map(), marks: new Map(), trackStars: new Map() };
  const ids = [...new Set(workIds)];
  const kept = cache ?? await catalogueCache(db);
  const missing = unsummarised(kept, ids);
  const stars = workStarsQuery(db, viewer, ids)
    .select(db.raw('CAST(NULL AS INTEGER) as rating'), db.raw('CAST(NULL AS BIGINT) as n'), db.raw('CAST(NULL AS DOUBLE PRECISION) as d'), db.raw('CAST(NULL AS INTEGER) as file_id'));
  const branches = [
    db('reviews').where({ user_name: viewer }).whereIn('work_id', ids).whereNotNull('rating')
      .select('work_id', db.raw('NULL as starred_at'), 'rating', db.raw('NULL as n'), db.raw('NULL as d'), db.raw('NULL as file_id')),
  ];
  if (songWorks.length) {
    branches.push(db('starred_tracks').where({ user_name: viewer }).whereIn('work_id', [...new Set(songWorks)])
      .select('work_id', 'created_at as starred_at', db.raw('NULL as rating'), db.raw('NULL as n'), db.raw('NULL as d'), 'file_id'));
  }
  let rows: AlbumRow[];
  if (missing.length > SUMMARY_CHUNK) [rows] = await Promise.all([stars.unionAll(branches), audioSummaries(db, ids, kept)]);
  else {
    rows = await stars.unionAll(missing.length ? [...branches, summaryQuery(db, missing, true)] : branches);
    keepSummaries(kept, missing, rows.filter((r): r is AlbumRow & SummaryRow => r.n !== null));
  }
  const marks = new Map<number, AlbumMarks>();
  const trackStars = new Map<string, string>();
  const marksOf = (id: number) => marks.get(id) ?? marks.set(id, {}).get(id)!;
  for (const r of rows) {
    if (r.n !== null) continue;
    if (r.file_id !== null) trackStars.set(`${r.work_id}/${r.file_id}`, isoTime(r.starred_at)!);
    else if (r.rating !== null) marksOf(r.work_id).rating = Number(r.rating);
    else marksOf(r.work_id).starred = isoTime(r.starred_at)!;
  }
  return { audio: summariesOf(kept, workIds), marks, trackStars };
}

/** The summary of a work's tracks as loaded. */
export const summaryOf = (tracks: Track[]): AudioSummary => ({ count: tracks.length, duration: tracks.reduce((sum, t) => sum + t.duration, 0) });
