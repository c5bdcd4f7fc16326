/**
 * Search (README.md "Search"): search2 and search3 on the catalogue's own search, the one
 * behind GET /api/search (src/catalogue/filters.ts): a work code with or without its
 * prefix, else words that must all match the title, circle, a tag or a voice actor
 * (Japanese and Chinese substrings included). Albums are the works found; songs are the
 * audio files whose title contains the query (of the other works), then the found works'
 * audio files; artists are the circles and voice actors whose name contains the query.
 * An empty query (or `""`) lists everything, as OpenSubsonic players use it to sync.
 */
import type { ListItem, SubsonicVariant, Work } from '../../model/index.js';
import { LIBRARY, listNames, orderedWorkIds, presentedWorks, whereVisible, type ReadContext, type WorkFilter } from '../../catalogue/index.js';
import { dialectOf, likeContains } from '../../db/dialect/index.js';
import { stripExtension } from '../../lyrics/match.js';
import { missing } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { folderFilter } from '../folders.js';
import { albumsAndSongs, songSelection, songsByRef, type SongRef } from '../library.js';
import { albumTracks, keptTracks } from '../tracks.js';
import { presentArtist, type ArtistKind } from '../presenters.js';
import { circleArtistId, vaArtistId } from '../ids.js';
import type { SubsonicNode } from '../serialise.js';
import { MAX_LIST } from './lists.js';

/** The query without the quotes and trailing wildcards some players add. */
const cleanQuery = (q: string) => q.trim().replace(/^"(.*)"$/, '$1').replace(/\*+$/, '').trim();

/** Count and offset of one part of the answer (artist, album, song). */
function part(call: Call, name: string): { count: number; offset: number } {
  return { count: call.params.int(`${name}Count`, 20, 0, MAX_LIST), offset: call.params.int(`${name}Offset`, 0, 0, 10_000_000) };
}

/** Circles, then voice actors, each with its name in lower case; cached per catalogue version. */
async function artistNames(read: ReadContext): Promise<{ kind: ArtistKind; item: ListItem<number | string>; lower: string }[]> {
  return (await read.catalogue()).get('subsonic|artist-names', async () => {
    const [circles, vas] = await Promise.all([listNames(read, 'circles'), listNames(read, 'vas')]);
    const entry = (kind: ArtistKind) => (item: ListItem<number | string>) => ({ kind, item, lower: (item.name ?? '').toLowerCase() });
    return [...circles.map(entry('circle')), ...vas.map(entry('va'))];
  });
}

/**
 * Circles, then voice actors, whose name contains `needle` (lower case), at most `limit`;
 * kept per catalogue version and needle, so a player's repeated search does not test
 * every name again.
 */
async function namesMatching(read: ReadContext, needle: string, limit: number): Promise<Awaited<ReturnType<typeof artistNames>>> {
  return (await read.catalogue()).get(`subsonic|artists-matching|${limit}|${needle}`, async () => {
    const found = [];
    for (const n of await artistNames(read)) {
      if (!n.lower.includes(needle)) continue;
      found.push(n);
      if (found.length >= limit) break;
    }
    return found;
  });
}

/** Circles, then voice actors, whose name contains `query` (case-insensitive), a page of them. */
async function artistsMatching(call: Call, query: string, id3: boolean): Promise<SubsonicNode[]> {
  const { count, offset } = part(call, 'artist');
  if (count === 0) return [];
  const found = await namesMatching(call.read, query.toLowerCase(), offset + count);
  return found.slice(offset).map(({ kind, item }) =>
    id3 ? presentArtist(kind, item) : { id: kind === 'circle' ? circleArtistId(Number(item.id)) : vaArtistId(String(item.id)), name: item.name ?? '' });
}

/**
 * A page of the works `filter` finds in `order`, as anybody sees them (albumsOf adds the
 * caller's stars and ratings): a slice of the same cached id list the songs are paged on.
 */
async function albumPage(read: ReadContext, filter: WorkFilter, order: 'release' | 'id', sort: 'asc' | 'desc', { count, offset }: { count: number; offset: number }): Promise<Work[]> {
  const ids = await orderedWorkIds(read, filter, order, sort);
  return presentedWorks(read, Array.from(ids.subarray(offset, offset + count)));
}

/** Most audio files a title search reads (before leaving out the found works' own). */
const MAX_TITLED = 5_000;

/**
 * The album tracks of the library (of `scope`'s root; one copy of tracks held in several
 * formats, by `prefer`: variants.ts) whose title (the file name without its extension)
 * contains `query` (case-insensitive; SQLite: ASCII letters only), except those of the
 * works `filter` finds (their tracks follow anyway), by work id then file id; at most
 * MAX_TITLED files read. Cached per catalogue version, root, preference and query.
 */
async function titledTracks(read: ReadContext, query: string, scope: WorkFilter, filter: WorkFilter, order: 'release' | 'id', sort: 'asc' | 'desc', prefer: SubsonicVariant): Promise<SongRef[]> {
  const { db } = read;
  return (await read.catalogue()).get(`subsonic|titled|${scope.rootFolder ?? ''}|${prefer}|${query}`, async () => {
    const like = dialectOf(db).name === 'postgres' ? 'ILIKE' : 'LIKE';
    const [inScope, found, rows] = await Promise.all([
      orderedWorkIds(read, scope, 'id', 'asc'),
      orderedWorkIds(read, filter, order, sort),
      whereVisible(db('files as f').join('works as w', 'w.id', 'f.work_id'), 'library', { alias: 'w' })
        .where('f.type', 'audio').whereRaw(`f.relpath ${like} ? ESCAPE '\\'`, [likeContains(query)])
        .orderBy([{ column: 'f.work_id' }, { column: 'f.id' }]).limit(MAX_TITLED)
        .select<{ work_id: number; id: number; relpath: string }[]>('f.work_id', 'f.id', 'f.relpath'),
    ]);
    const allowed = new Set(inScope);
    const listed = new Set(found);
    const needle = query.toLowerCase();
    const matching = rows.filter((r) => allowed.has(Number(r.work_id)) && !listed.has(Number(r.work_id)) && stripExtension(r.relpath.slice(r.relpath.lastIndexOf('/') + 1)).toLowerCase().includes(needle));
    const tracks = await keptTracks(read, matching.map((r) => Number(r.work_id)), prefer);
    const onAlbum = new Set([...tracks.values()].flatMap((list) => albumTracks(list).map((t) => t.fileId)));
    return matching.filter((r) => onAlbum.has(Number(r.id))).map((r) => ({ workId: Number(r.work_id), fileId: Number(r.id) }));
  });
}

/** The answer of search2 (`id3` false) or search3. */
async function search(call: Call, id3: boolean): Promise<SubsonicNode> {
  const raw = call.params.get('query');
  if (raw === undefined) throw missing('query');
  const query = cleanQuery(raw);
  const folder = await folderFilter(call);
  const filter: WorkFilter = { ...LIBRARY, ...folder, keyword: query || undefined };
  const albums = part(call, 'album');
  const songs = part(call, 'song');
  const order = query ? 'release' : 'id';
  const sort = query ? 'desc' : 'asc';
  const { read } = call;
  // songs: the files titled by the query first, then the found works' tracks, one paged list
  const titled = query && songs.count ? await titledTracks(read, query, { ...LIBRARY, ...folder }, filter, order, sort, call.user.present.variant) : [];
  const titledPage = titled.slice(songs.offset, songs.offset + songs.count);
  const [artist, works, picked, titledSongs] = await Promise.all([
    artistsMatching(call, query, id3),
    albums.count ? albumPage(read, filter, order, sort, albums) : [],
    songSelection(read, filter, order, sort, Math.max(0, songs.offset - titled.length), songs.count - titledPage.length, call.user.present.variant),
    songsByRef(read, call.user, titledPage),
  ]);
  const { album, song } = await albumsAndSongs(read, call.user, works, id3, picked);
  return { artist, album, song: [...titledSongs, ...song] };
}

export const searchEndpoints: Record<string, Endpoint> = {
  search2: { handle: async (call) => ({ searchResult2: await search(call, false) }) },
  search3: { handle: async (call) => ({ searchResult3: await search(call, true) }) },
};
