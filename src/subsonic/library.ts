/**
 * What the endpoints read, for the caller (README.md "Reuse"): works through the
 * catalogue (the visibility rule of src/catalogue/visible.ts, the presented works of its
 * cache with the caller's rating), their tracks (tracks.ts) and the caller's stars
 * (stars.ts), turned into Subsonic shapes (presenters.ts).
 */
import type { Db } from '../db/index.js';
import type { Work } from '../model/index.js';
import { applyWorkFilter, catalogueCache, loadWorks, type WorkFilter } from '../catalogue/index.js';
import { presentAlbum, presentAlbumDirectory, presentSong } from './presenters.js';
import { trackStars, workStars } from './stars.js';
import { tracksOf, visibleWorkIds, type Track } from './tracks.js';
import type { SubsonicNode } from './serialise.js';

/** A song by its work and file ids. */
export interface SongRef { workId: number; fileId: number }

/** The visible works of `ids` as `viewer` sees them, in the order of `ids` (others left out). */
export async function worksById(db: Db, ids: readonly number[], viewer: string): Promise<Work[]> {
  return loadWorks(db, await catalogueCache(db), await visibleWorkIds(db, ids), viewer);
}

/** Works as `AlbumID3`s (`id3`) or directory `Child`s, with song counts, durations and the caller's stars. */
export async function albumsOf(db: Db, viewer: string, works: Work[], id3: boolean): Promise<SubsonicNode[]> {
  const ids = works.map((w) => w.id);
  const [tracks, stars] = await Promise.all([id3 ? tracksOf(db, ids) : new Map<number, Track[]>(), workStars(db, viewer, ids)]);
  return works.map((w) => (id3 ? presentAlbum(w, tracks.get(w.id) ?? [], stars.get(w.id)) : presentAlbumDirectory(w, stars.get(w.id))));
}

/** Tracks of `works` as song `Child`s with the caller's stars; `pick` chooses among each work's tracks (default all). */
export async function songsOfWorks(db: Db, viewer: string, works: Work[], pick: (tracks: Track[]) => Track[] = (t) => t): Promise<SubsonicNode[]> {
  const ids = works.map((w) => w.id);
  const [tracks, stars] = await Promise.all([tracksOf(db, ids), trackStars(db, viewer, ids)]);
  return works.flatMap((w) => pick(tracks.get(w.id) ?? []).map((t) => presentSong(t, w, stars.get(`${t.workId}/${t.fileId}`))));
}

/** The songs of `refs` (audio files of visible works), in the order of `refs`; the others are left out. */
export async function songsByRef(db: Db, viewer: string, refs: readonly SongRef[]): Promise<SubsonicNode[]> {
  const works = new Map((await worksById(db, refs.map((r) => r.workId), viewer)).map((w) => [w.id, w]));
  const ids = [...works.keys()];
  const [tracks, stars] = await Promise.all([tracksOf(db, ids), trackStars(db, viewer, ids)]);
  return refs.flatMap((r) => {
    const work = works.get(r.workId);
    const track = tracks.get(r.workId)?.find((t) => t.fileId === r.fileId);
    return work && track ? [presentSong(track, work, stars.get(`${r.workId}/${r.fileId}`))] : [];
  });
}

/** One audio track of a visible work, or undefined. */
export async function findTrack(db: Db, ref: SongRef): Promise<Track | undefined> {
  if (!(await visibleWorkIds(db, [ref.workId])).length) return undefined;
  return (await tracksOf(db, [ref.workId])).get(ref.workId)?.find((t) => t.fileId === ref.fileId);
}

/**
 * A page of the audio files of the works of `filter` (the catalogue's filter, its keyword
 * search included), by work id then path: `count` refs from `offset`.
 */
export async function songPage(db: Db, filter: WorkFilter, offset: number, count: number): Promise<SongRef[]> {
  if (count <= 0) return [];
  const works = db('works as w').select('w.id');
  applyWorkFilter(db, works, filter);
  const rows: { work_id: number; id: number }[] = await db('files as f').where('f.type', 'audio').whereIn('f.work_id', works)
    .orderBy('f.work_id').orderBy('f.relpath').limit(count).offset(offset).select('f.work_id', 'f.id');
  return rows.map((r) => ({ workId: r.work_id, fileId: r.id }));
}
