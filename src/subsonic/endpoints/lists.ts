/**
 * Lists (README.md "Lists"): getAlbumList and getAlbumList2 (random, newest, highest,
 * frequent, recent, alphabeticalByName, alphabeticalByArtist, starred, byYear, byGenre;
 * size up to 500 from offset), getRandomSongs, getSongsByGenre, getStarred, getStarred2.
 * Each list type is an order or scope of the catalogue's list engine (src/catalogue).
 */
import type { Work } from '../../model/index.js';
import { LIBRARY, listNames, listWorks, randomWorks, type ListOptions, type WorkFilter } from '../../catalogue/index.js';
import { Code, SubsonicError } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { folderFilter } from '../folders.js';
import { albumsOf, songPage, songsByRef, songsOfWorks, worksById } from '../library.js';
import { starredOf } from '../stars.js';
import type { SubsonicNode } from '../serialise.js';

/** Largest `size`/`count` of a list. */
export const MAX_LIST = 500;

/** The tag named `genre` (the first by id when names repeat); undefined when none has visible works. */
async function tagOfGenre({ read }: Call, genre: string): Promise<number | undefined> {
  const tag = (await listNames(read, 'tags')).filter((t) => t.name === genre).sort((a, b) => Number(a.id) - Number(b.id))[0];
  return tag === undefined ? undefined : Number(tag.id);
}

/**
 * The filter of the `genre`, `fromYear`/`toYear` and `musicFolderId` parameters over the
 * library; null when the genre names no tag (an empty list).
 */
async function songFilter(call: Call): Promise<WorkFilter | null> {
  const filter: WorkFilter = { ...LIBRARY, ...(await folderFilter(call)) };
  const genre = call.params.get('genre');
  if (genre) {
    filter.tagId = await tagOfGenre(call, genre);
    if (filter.tagId === undefined) return null;
  }
  const from = call.params.int('fromYear', 0, 0, 9999);
  const to = call.params.int('toYear', 9999, 0, 9999);
  if (call.params.get('fromYear') || call.params.get('toYear')) filter.released = { from: `${String(Math.min(from, to)).padStart(4, '0')}-01-01`, to: `${String(Math.max(from, to)).padStart(4, '0')}-12-31` };
  return filter;
}

/** The list engine's options of one album list type (everything but the filter); 'random' and 'starred' are drawn elsewhere. */
function orderOf(call: Call, type: string): Pick<ListOptions, 'order' | 'sort' | 'userRows'> {
  switch (type) {
    case 'newest': return { order: 'created_at', sort: 'desc' };
    case 'highest': return { order: 'userRating', sort: 'desc', userRows: { kind: 'review' } };
    case 'frequent': return { order: 'dl_count', sort: 'desc' };
    case 'recent': return { order: 'updated_at', sort: 'desc', userRows: { kind: 'history' } };
    case 'alphabeticalByName': return { order: 'title', sort: 'asc' };
    case 'alphabeticalByArtist': return { order: 'circle_name', sort: 'asc' };
    case 'byYear': {
      const from = call.params.requiredInt('fromYear', 0, 9999);
      const to = call.params.requiredInt('toYear', 0, 9999);
      return { order: 'release', sort: from <= to ? 'asc' : 'desc' };
    }
    case 'byGenre': call.params.required('genre'); return { order: 'release', sort: 'desc' };
    default: throw new SubsonicError(Code.Generic, `unknown list type: ${type}`);
  }
}

/** The works of an album list call (type, size, offset and the type's own parameters), as anybody sees them (albumsOf adds the caller's marks). */
async function albumListWorks(call: Call): Promise<Work[]> {
  const { db, params, user, read } = call;
  const type = params.required('type');
  const size = params.int('size', 10, 0, MAX_LIST);
  const offset = params.int('offset', 0, 0, 1_000_000);
  if (type === 'starred') {
    const { works } = await starredOf(db, user.name);
    return (await worksById(read, works)).slice(offset, offset + size);
  }
  const filter = await songFilter(call);
  if (type === 'random') return filter ? randomWorks(read, filter, size) : [];
  const order = orderOf(call, type);
  if (!filter || size === 0) return [];
  return (await listWorks(read, { ...order, filter, seed: 0, page: 1, pageSize: size, offset, bare: true })).works;
}

/** getStarred and getStarred2: the caller's starred albums and songs, most recent first (hidden ones left out). */
async function starred({ db, user, read }: Call, id3: boolean): Promise<SubsonicNode> {
  const { works, tracks } = await starredOf(db, user.name);
  const [albums, songs] = await Promise.all([worksById(read, works).then((w) => albumsOf(read, user, w, id3)), songsByRef(read, user, tracks)]);
  return { artist: [], album: albums, song: songs };
}

export const listEndpoints: Record<string, Endpoint> = {
  getAlbumList: { handle: async (call) => ({ albumList: { album: await albumsOf(call.read, call.user, await albumListWorks(call), false) } }) },
  getAlbumList2: { handle: async (call) => ({ albumList2: { album: await albumsOf(call.read, call.user, await albumListWorks(call), true) } }) },

  /** getRandomSongs?size&genre&fromYear&toYear&musicFolderId: one random track of each of `size` random works. */
  getRandomSongs: {
    async handle(call) {
      const filter = await songFilter(call);
      const works = filter ? await randomWorks(call.read, filter, call.params.int('size', 10, 0, MAX_LIST)) : [];
      const song = await songsOfWorks(call.db, call.user, works, (tracks) => (tracks.length ? [tracks[Math.floor(Math.random() * tracks.length)]!] : []));
      return { randomSongs: { song } };
    },
  },

  /** getSongsByGenre?genre&count&offset&musicFolderId: the tracks of the tag's works, newest release first, each work in play order. */
  getSongsByGenre: {
    async handle(call) {
      call.params.required('genre');
      const filter = await songFilter(call);
      const song = filter ? await songPage(call.read, call.user, filter, 'release', 'desc', call.params.int('offset', 0, 0, 10_000_000), call.params.int('count', 10, 0, MAX_LIST)) : [];
      return { songsByGenre: { song } };
    },
  },

  getStarred: { handle: async (call) => ({ starred: await starred(call, false) }) },
  getStarred2: { handle: async (call) => ({ starred2: await starred(call, true) }) },
};
