/**
 * What the endpoints read, for the caller (README.md "Reuse"): works through the
 * catalogue (the visibility rule of src/catalogue/visible.ts, the presented works of its
 * cache), their tracks (tracks.ts) and the caller's stars and ratings (marks.ts), turned
 * into Subsonic shapes (presenters.ts).
 */
import type { Db } from '../db/index.js';
import type { SubsonicVariant, Work } from '../model/index.js';
import { loadWorks, orderedWorkIds, presentedWorks, type ListOrder, type ReadContext, type WorkFilter } from '../catalogue/index.js';
import { DEFAULT_PRESENT, presentAlbum, presentAlbumDirectory, presentSong, type PresentOptions } from './presenters.js';
import { albumTracks, audioSummaries, keptTracks, tracksOf, visibleWorkIds, withTrackStars, type AudioSummary, type Track } from './tracks.js';
import { marksOf, type Marker, type Marks } from './marks.js';
import type { SubsonicNode } from './serialise.js';

/** The caller: their marks (marks.ts) and how they are shown the library (PresentOptions; default DEFAULT_PRESENT). */
export type Viewer = Marker & { present?: PresentOptions };

/** The copy of a work's tracks its album lists for `user` (PresentOptions.variant). */
const preferOf = (user: Viewer) => (user.present ?? DEFAULT_PRESENT).variant;

/** A song by its work and file ids. */
export interface SongRef { workId: number; fileId: number }

/** The visible works of `ids` as the context's viewer sees them, in the order of `ids` (others left out). */
export async function worksById(read: ReadContext, ids: readonly number[]): Promise<Work[]> {
  return loadWorks(read, await visibleWorkIds(read.db, ids));
}

/**
 * Works as `AlbumID3`s (`id3`, with song counts and durations) or directory `Child`s, with
 * `user`'s stars and ratings (marksOf), so `works` need not carry the caller's data; no
 * statement when the summaries and the marks are kept.
 */
export async function albumsOf(read: ReadContext, user: Viewer, works: Work[], id3: boolean): Promise<SubsonicNode[]> {
  const [audio, marks] = await Promise.all([audioSummaries(read, works.map((w) => w.id), preferOf(user)), marksOf(read.db, user)]);
  return presentAlbums(works, audio, marks, id3, user.present);
}

/** `works` as `AlbumID3`s (`id3`) or directory `Child`s, with their summaries and the caller's marks. */
function presentAlbums(works: Work[], audio: Map<number, AudioSummary>, marks: Marks, id3: boolean, opts = DEFAULT_PRESENT): SubsonicNode[] {
  return works.map((w) => (id3 ? presentAlbum(w, audio.get(w.id), marks.works.get(w.id) ?? {}, opts) : presentAlbumDirectory(w, marks.works.get(w.id) ?? {}, opts)));
}

/** The album tracks (`tracks`, with the caller's stars; albumTracks) of `works` that `pick` takes, as song `Child`s. */
function presentSongs(works: Work[], tracks: Map<number, Track[]>, pick: SongSelection['pick'], opts = DEFAULT_PRESENT): SubsonicNode[] {
  return works.flatMap((w) => pick(albumTracks(tracks.get(w.id) ?? []), w).map((t) => presentSong(t, w, t.starred, opts)));
}

/** The album tracks of `works` as song `Child`s with `user`'s stars (marksOf); `pick` chooses among each album's tracks, in order (default all). */
export async function songsOfWorks(db: Db, user: Viewer, works: Work[], pick: SongSelection['pick'] = (t) => t): Promise<SubsonicNode[]> {
  const [tracks, marks] = await Promise.all([tracksOf(db, works.map((w) => w.id), preferOf(user)), marksOf(db, user)]);
  return presentSongs(works, withTrackStars(tracks, marks.tracks), pick, user.present);
}

/** The songs of `refs` (audio files of visible works, copies an album leaves out included), in the order of `refs`; the others are left out. */
export async function songsByRef(read: ReadContext, user: Viewer, refs: readonly SongRef[]): Promise<SubsonicNode[]> {
  const { db } = read;
  const visible = await visibleWorkIds(db, refs.map((r) => r.workId));
  const works = new Map((await presentedWorks(read, visible)).map((w) => [w.id, w]));
  const [plain, marks] = await Promise.all([tracksOf(db, [...works.keys()], preferOf(user)), marksOf(db, user)]);
  const tracks = withTrackStars(plain, marks.tracks);
  return refs.flatMap((r) => {
    const work = works.get(r.workId);
    const track = tracks.get(r.workId)?.find((t) => t.fileId === r.fileId);
    return work && track ? [presentSong(track, work, track.starred, user.present)] : [];
  });
}

/** One audio track of a visible work (numbered for `user`), or undefined. */
export async function findTrack(db: Db, user: Viewer, ref: SongRef): Promise<Track | undefined> {
  if (!(await visibleWorkIds(db, [ref.workId])).length) return undefined;
  return (await tracksOf(db, [ref.workId], preferOf(user))).get(ref.workId)?.find((t) => t.fileId === ref.fileId);
}

/** Works whose audio summaries songPage reads at once, at first (doubling up to SONG_WALK_MAX). */
const SONG_WALK_FIRST = 16;
const SONG_WALK_MAX = 4_096;

/** The songs of a page: its works (as anybody sees them) and `pick`, which takes each work's album tracks of the page (call it once per work, in order). */
export interface SongSelection { works: Work[]; pick: (tracks: Track[], work: Work) => Track[] }

/**
 * The songs of the works of `filter` (the catalogue's filter, its keyword search included)
 * in `order`, `count` from `offset`: each work's album tracks (the copy `prefer` lists,
 * variants.ts) in play order, one work after another. The works are walked in the
 * filter's cached id list, their album counts read a slice at a time (audioSummaries)
 * until the page is full, so a page reads only the works up to its own.
 */
export async function songSelection(
  read: ReadContext, filter: WorkFilter, order: Exclude<ListOrder, 'betterRandom' | 'rating' | 'userRating'>, sort: 'asc' | 'desc', offset: number, count: number, prefer: SubsonicVariant,
): Promise<SongSelection> {
  if (count <= 0) return { works: [], pick: () => [] };
  const ids = await orderedWorkIds(read, filter, order, sort);
  const skip = new Map<number, number>();
  let before = 0;
  let taken = 0;
  for (let i = 0, step = SONG_WALK_FIRST; i < ids.length && taken < count; i += step, step = Math.min(step * 2, SONG_WALK_MAX)) {
    const slice = Array.from(ids.subarray(i, i + step));
    const audio = await audioSummaries(read, slice, prefer);
    for (const id of slice) {
      const n = audio.get(id)?.count ?? 0;
      if (before + n > offset) {
        const first = Math.max(0, offset - before);
        skip.set(id, first);
        taken += n - first;
        if (taken >= count) break;
      }
      before += n;
    }
  }
  let left = count;
  return {
    works: await presentedWorks(read, [...skip.keys()]), // songs show none of the caller's data but stars
    pick(tracks, work) {
      const part = tracks.slice(skip.get(work.id) ?? 0).slice(0, Math.max(0, left));
      left -= part.length;
      return part;
    },
  };
}

/** A page of songs (songSelection) as song `Child`s with `user`'s stars (getSongsByGenre). */
export async function songPage(
  read: ReadContext, user: Viewer, filter: WorkFilter, order: Exclude<ListOrder, 'betterRandom' | 'rating' | 'userRating'>, sort: 'asc' | 'desc', offset: number, count: number,
): Promise<SubsonicNode[]> {
  const { works, pick } = await songSelection(read, filter, order, sort, offset, count, preferOf(user));
  return songsOfWorks(read.db, user, works, pick);
}

/**
 * A search's albums (`AlbumID3`s with `id3`, else directories) and songs, with `user`'s
 * marks (marksOf) and the songs' tracks kept with their works (keptTracks): with the
 * summaries, the marks and the tracks kept, the search reads nothing else (bench/README.md,
 * catalogue).
 */
export async function albumsAndSongs(
  read: ReadContext, user: Viewer, albumWorks: Work[], id3: boolean, songs: SongSelection,
): Promise<{ album: SubsonicNode[]; song: SubsonicNode[] }> {
  const [audio, marks, tracks] = await Promise.all([audioSummaries(read, albumWorks.map((w) => w.id), preferOf(user)), marksOf(read.db, user), keptTracks(read, songs.works.map((w) => w.id), preferOf(user))]);
  return { album: presentAlbums(albumWorks, audio, marks, id3, user.present), song: presentSongs(songs.works, withTrackStars(tracks, marks.tracks), songs.pick, user.present) };
}
