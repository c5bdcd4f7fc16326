/**
 * Subsonic shapes of the catalogue's answers (README.md "The mapping"), pure: a work
 * (src/model/wire.ts `Work`, as the catalogue presents it, with the caller's rating) is an
 * album (`AlbumID3`, or a directory `Child` for the folder-based calls), its tracks are
 * songs (`Child`), circles and voice actors are artists, tags are genres. Times ISO 8601,
 * durations in whole seconds, sizes in bytes.
 */
import type { ListItem, SubsonicVariant, Work } from '../model/index.js';
import { extensionOf, mimeTypeOf } from '../library/filetypes.js';
import { stripExtension } from '../lyrics/match.js';
import { compareNames } from '../library/tree.js';
import { formatWorkCode } from '../model/workcode.js';
import { albumId, circleArtistId, directoryId, songId, UNKNOWN_ARTIST_ID, vaArtistId } from './ids.js';
import type { SubsonicNode } from './serialise.js';
import type { AudioSummary, Track } from './tracks.js';
import type { AlbumMarks } from './marks.js';

/** The year of a release day 'YYYY-MM-DD'; undefined without one. */
const yearOf = (release: string | null) => (release && /^\d{4}/.test(release) ? Number(release.slice(0, 4)) : undefined);

/** OpenSubsonic `releaseDate` {year, month, day} of a release day. */
function releaseDateOf(release: string | null): SubsonicNode | undefined {
  const m = release ? /^(\d{4})-(\d\d)-(\d\d)/.exec(release) : null;
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : undefined;
}

/**
 * How the caller is shown the library: `codeInName` starts album names with the work code
 * (config subsonicCodeInName); `variant`, which copy an album lists of a work holding its
 * tracks in several formats (config subsonicVariant, variants.ts); `covers`, the ids of the
 * works with a cover (covers.ts), limits `coverArt` to them (undefined: every work names its cover).
 */
export interface PresentOptions { codeInName: boolean; variant: SubsonicVariant; covers?: ReadonlySet<number> }
export const DEFAULT_PRESENT: PresentOptions = { codeInName: true, variant: 'lossless' };

/** The artist of the works with neither circle nor voice actor (players reject an album without one). */
export const UNKNOWN_ARTIST = { id: UNKNOWN_ARTIST_ID, name: 'unknown circle' } as const;

const vaArtists = (work: Work) => work.vas.map((v) => ({ id: vaArtistId(v.id), name: v.name ?? '' }));
const circleArtists = (work: Work) => (work.circle ? [{ id: circleArtistId(work.circle.id), name: work.circle.name ?? '' }] : []);
/** The album artists: the circle, else the voice actors, else the unknown circle (never empty). */
const albumArtists = (work: Work) => (work.circle ? circleArtists(work) : work.vas.length ? vaArtists(work) : [{ ...UNKNOWN_ARTIST }]);
/** The song artists: the voice actors, else the circle, else the unknown circle (never empty). */
const songArtists = (work: Work) => (work.vas.length ? vaArtists(work) : albumArtists(work));

/** The work's `coverArt` (the album id) when it has a cover, else undefined. */
const coverOf = (work: Work, opts: PresentOptions) => (!opts.covers || opts.covers.has(work.id) ? albumId(work.id) : undefined);

/** The work's code, 'RJ01012345'. */
const codeOf = (work: Work) => formatWorkCode(work.id, work.code_prefix ?? 'RJ');
/** The album's name: the title, after the work code when `opts.codeInName` (unless the title already holds it: a work without metadata is titled by its code). */
export function albumName(work: Work, opts: PresentOptions): string {
  const code = codeOf(work);
  return !opts.codeInName || work.title.toUpperCase().includes(code.toUpperCase()) ? work.title : `${code} ${work.title}`;
}
/** A name as one path segment: '/' and '\\' become '_', an empty one '_'. */
const segment = (name: string) => name.replace(/[/\\]/g, '_').trim() || '_';
/**
 * A song's `path`, unique across the library (players cache files by it):
 * `{album artist}/{code} {title}/{path inside the work}` (the title alone when it holds the code).
 */
export function songPath(work: Work, relpath: string): string {
  return `${segment(albumArtists(work)[0]!.name)}/${segment(albumName(work, DEFAULT_PRESENT))}/${relpath}`;
}
const names = (artists: { name: string }[]) => artists.map((a) => a.name).join(' / ') || undefined;
const genresOf = (work: Work) => work.tags.map((t) => ({ name: t.name ?? '' }));

/**
 * Fields every album form shares; the forms add theirs with Object.assign, not by spreading
 * this object into a literal, which V8 builds about 30 times slower (an album 21.5 against
 * 0.65 µs on node 20, bench/README.md, catalogue).
 */
function albumCommon(work: Work, marks: AlbumMarks, opts: PresentOptions): SubsonicNode {
  const artists = albumArtists(work);
  return {
    id: albumId(work.id),
    artist: names(artists),
    artistId: artists[0]?.id,
    coverArt: coverOf(work, opts),
    created: work.created_at,
    year: yearOf(work.release),
    genre: work.tags[0]?.name ?? undefined,
    userRating: marks.rating,
    starred: marks.starred,
  };
}

/**
 * A work as an `AlbumID3` (getAlbum, getAlbumList2, search3, getStarred2, getArtist) with
 * its song count and duration (`audio`) and the caller's star and rating (`marks`); `discs`
 * name the folders holding audio when there are several (getAlbum, from the work's tracks).
 */
export function presentAlbum(work: Work, audio: AudioSummary | undefined, marks: AlbumMarks, opts: PresentOptions, discs?: Track[]): SubsonicNode {
  const discTitles = discs && [...new Map(discs.filter((t) => t.disc).map((t) => [t.disc!, t.folder])).entries()].map(([disc, title]) => ({ disc, title }));
  return Object.assign(albumCommon(work, marks, opts), {
    name: albumName(work, opts),
    songCount: audio?.count ?? 0,
    duration: Math.round(audio?.duration ?? 0),
    artists: albumArtists(work),
    displayArtist: names(albumArtists(work)),
    genres: genresOf(work),
    releaseDate: releaseDateOf(work.release),
    isCompilation: false,
    discTitles,
  });
}

/** A work as a directory `Child` (getAlbumList, search2, getStarred, getMusicDirectory of an artist), with the caller's star and rating. */
export function presentAlbumDirectory(work: Work, marks: AlbumMarks, opts: PresentOptions = DEFAULT_PRESENT): SubsonicNode {
  const name = albumName(work, opts);
  return Object.assign(albumCommon(work, marks, opts), { isDir: true, title: name, album: name, name });
}

/** A sub-folder of a work as a directory `Child`; `path` is its path inside the work. */
export function presentFolder(work: Work, path: string, opts: PresentOptions = DEFAULT_PRESENT): SubsonicNode {
  const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const title = path.slice(path.lastIndexOf('/') + 1);
  return { id: directoryId(work.id, path), parent: directoryId(work.id, parent), isDir: true, title, album: albumName(work, opts), coverArt: coverOf(work, opts) };
}

/** A track as a song `Child`; `path` is songPath (never a disk path). */
export function presentSong(track: Track, work: Work, starred?: string, opts: PresentOptions = DEFAULT_PRESENT): SubsonicNode {
  const artists = songArtists(work);
  const suffix = extensionOf(track.name);
  const duration = Math.round(track.duration);
  return {
    id: songId(track.workId, track.fileId),
    parent: directoryId(track.workId, track.folder),
    isDir: false,
    title: stripExtension(track.name),
    album: albumName(work, opts),
    albumId: albumId(work.id),
    artist: names(artists),
    artistId: artists[0]?.id,
    track: track.position,
    discNumber: track.disc,
    year: yearOf(work.release),
    genre: work.tags[0]?.name ?? undefined,
    coverArt: coverOf(work, opts),
    size: track.size,
    contentType: mimeTypeOf(track.name),
    suffix,
    duration,
    bitRate: duration > 0 ? Math.round((track.size * 8) / duration / 1000) : undefined,
    path: songPath(work, track.relpath),
    created: work.created_at,
    starred,
    type: 'music',
    mediaType: 'song',
    isVideo: false,
    artists,
    displayArtist: names(artists),
    albumArtists: albumArtists(work),
    displayAlbumArtist: names(albumArtists(work)),
    genres: genresOf(work),
  };
}

export type ArtistKind = 'circle' | 'va' | 'unknown';

/** A circle, a voice actor or the unknown circle (`item.id` unread) as an `ArtistID3` (albumCount = its visible works). */
export function presentArtist(kind: ArtistKind, item: ListItem<number | string>): SubsonicNode {
  const id = kind === 'circle' ? circleArtistId(Number(item.id)) : kind === 'va' ? vaArtistId(String(item.id)) : UNKNOWN_ARTIST_ID;
  return { id, name: item.name ?? '', albumCount: item.count, roles: [kind === 'va' ? 'artist' : 'albumartist'] };
}

/** A tag as a `Genre` (its name is the element's text in XML). */
export function presentGenre(name: string | null, albumCount: number, songCount: number): SubsonicNode {
  return { value: name ?? '', albumCount, songCount };
}

/** The index letter of a name: A to Z, else '#'. */
const letterOf = (name: string) => {
  const c = name.trim().charAt(0).toUpperCase();
  return c >= 'A' && c <= 'Z' ? c : '#';
};

/** Entries grouped in `index` elements by the first letter of their `name` (A to Z, then '#'), names sorted in each. */
export function indexByLetter(entries: SubsonicNode[]): SubsonicNode[] {
  const groups = new Map<string, SubsonicNode[]>();
  for (const e of entries) {
    const letter = letterOf(String(e.name ?? ''));
    const group = groups.get(letter);
    if (group) group.push(e);
    else groups.set(letter, [e]);
  }
  const order = [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a < b ? -1 : 1));
  return order.map((name) => ({ name, artist: groups.get(name)!.sort((a, b) => compareNames(String(a.name), String(b.name))) }));
}
