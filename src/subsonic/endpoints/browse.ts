/**
 * Browsing (README.md "Endpoints"): by folders (getMusicFolders, getIndexes,
 * getMusicDirectory: the music folders of folders.ts, a work's directory shows its
 * real sub-folders holding audio) and by tags (getArtists, getArtist, getAlbum, getSong,
 * getGenres). Unknown, hidden or malformed ids answer code 70.
 */
import type { Work } from '../../model/index.js';
import { LIBRARY, getName, getWork, listNames, listWorks, presentedWorks, whereVisible, type ReadContext, type WorkFilter } from '../../catalogue/index.js';
import { notFound } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { folderFilter, musicFolders } from '../folders.js';
import { directoryId, parseId, type SubsonicId } from '../ids.js';
import { albumsOf, songsByRef, songsOfWorks } from '../library.js';
import { UNKNOWN_ARTIST, albumName, indexByLetter, presentAlbum, presentArtist, presentFolder, presentGenre } from '../presenters.js';
import { marksOf } from '../marks.js';
import { albumTracks, summaryOf, tracksOf } from '../tracks.js';
import { songCountsByTag } from '../genre-songs.js';
import type { SubsonicNode } from '../serialise.js';
import { readTime } from '../../db/time.js';

/** Most works answered for one artist. */
const MAX_ARTIST_ALBUMS = 10_000;

/** The parsed `id` parameter; code 70 when it is malformed or not of one of `kinds`. */
export function idParam<K extends SubsonicId['kind']>(call: Pick<Call, 'params'>, kinds: readonly K[], name = 'id'): Extract<SubsonicId, { kind: K }> {
  const text = call.params.required(name);
  const id = parseId(text);
  if (!id || !(kinds as readonly string[]).includes(id.kind)) throw notFound(`id ${text}`);
  return id as Extract<SubsonicId, { kind: K }>;
}

/** The visible work `id` as the caller sees it; code 70 otherwise. */
async function visibleWork({ read }: Call, id: number): Promise<Work> {
  const work = await getWork(read, id);
  if (!work) throw notFound(`album al-${id}`);
  return work;
}

/** The ids of the visible works with neither circle nor voice actor (the unknown circle's), newest release first, at most MAX_ARTIST_ALBUMS; cached per catalogue version. */
async function unknownArtistWorkIds({ db, catalogue }: ReadContext): Promise<number[]> {
  return (await catalogue()).get('subsonic|unknown-artist', async () => {
    const rows = await whereVisible(db('works'))
      .whereNull('circle_id')
      .whereNotExists(db('work_vas').whereRaw('work_vas.work_id = works.id'))
      .orderByRaw('"release" IS NULL, "release" DESC, id DESC')
      .limit(MAX_ARTIST_ALBUMS)
      .select<{ id: number }[]>('id');
    return rows.map((r) => Number(r.id));
  });
}

/** The works of a circle, a VA or the unknown circle, newest release first, with the artist's name; code 70 for one without visible works. */
async function artistWorks({ read }: Call, id: Extract<SubsonicId, { kind: 'circle' | 'va' | 'unknown' }>): Promise<{ name: string; works: Work[] }> {
  if (id.kind === 'unknown') {
    const works = await presentedWorks(read, await unknownArtistWorkIds(read));
    if (!works.length) throw notFound('artist');
    return { name: UNKNOWN_ARTIST.name, works };
  }
  const filter: WorkFilter = id.kind === 'circle' ? { ...LIBRARY, circleId: id.circleId } : { ...LIBRARY, vaId: id.vaId };
  const { works } = await listWorks(read, { filter, order: 'release', sort: 'desc', seed: 0, page: 1, pageSize: MAX_ARTIST_ALBUMS, bare: true });
  const named = await getName(read, id.kind === 'circle' ? 'circles' : 'vas', id.kind === 'circle' ? id.circleId : id.vaId);
  if (!works.length || !named) throw notFound('artist');
  return { name: named.name ?? '', works };
}

/**
 * The `directory` of a work (`path` '' for its top) or one of its sub-folders: the
 * sub-folders that hold audio (every copy of the work's tracks in another format
 * included: variants.ts; the album lists one), then the audio files of that folder, in play order.
 */
async function workDirectory(call: Call, work: Work, path: string): Promise<SubsonicNode> {
  const { db, user } = call;
  const tracks = (await tracksOf(db, [work.id], user.present.variant)).get(work.id) ?? [];
  const inside = (folder: string) => path === '' || folder === path || folder.startsWith(`${path}/`);
  const below = tracks.filter((t) => inside(t.folder));
  if (path !== '' && !below.length) throw notFound('directory');
  const folders = [...new Set(below.filter((t) => t.folder !== path).map((t) => t.folder.slice(path ? path.length + 1 : 0).split('/')[0]!))];
  const files = below.filter((t) => t.folder === path);
  const [marks, songs] = await Promise.all([marksOf(db, user), songsByRef(call.read, user, files)]);
  const parentPath = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return {
    directory: {
      id: directoryId(work.id, path),
      parent: path === '' ? undefined : directoryId(work.id, parentPath),
      name: path === '' ? albumName(work, user.present) : path.slice(path.lastIndexOf('/') + 1),
      userRating: marks.works.get(work.id)?.rating,
      starred: path === '' ? marks.works.get(work.id)?.starred : undefined,
      child: [...folders.map((f) => presentFolder(work, path ? `${path}/${f}` : f, user.present)), ...songs],
    },
  };
}

/** Every visible work of the root (all roots: undefined) as folder-index entries by letter, and the newest change (ms); cached per catalogue version. */
async function folderIndex({ db, catalogue }: ReadContext, rootFolder: string | undefined): Promise<{ lastModified: number; index: SubsonicNode[] }> {
  return (await catalogue()).get(`subsonic|indexes|${rootFolder ?? ''}`, async () => {
    const q = whereVisible(db('works')).select('id', 'title', 'updated_at');
    if (rootFolder !== undefined) q.where('root_folder', rootFolder);
    const rows: { id: number; title: string; updated_at: string }[] = await q;
    const lastModified = rows.reduce((latest, r) => Math.max(latest, Date.parse(readTime(r.updated_at) ?? '') || 0), 0);
    return { lastModified, index: indexByLetter(rows.map((r) => ({ id: directoryId(r.id, ''), name: r.title }))) };
  });
}

export const browseEndpoints: Record<string, Endpoint> = {
  /** getMusicFolders: the configured roots, then the roots of works no configured root names (folders.ts); ids from 1. */
  getMusicFolders: {
    handle: async (call) => ({ musicFolders: { musicFolder: (await musicFolders(call)).map((name, i) => ({ id: i + 1, name })) } }),
  },

  /** getIndexes?musicFolderId&ifModifiedSince: the works (directories) by first letter; only lastModified when nothing changed since. */
  getIndexes: {
    async handle(call) {
      const { lastModified, index } = await folderIndex(call.read, (await folderFilter(call)).rootFolder);
      const since = call.params.int('ifModifiedSince', -1, -1, Number.MAX_SAFE_INTEGER);
      return { indexes: { lastModified, ignoredArticles: '', index: since >= lastModified ? [] : index } };
    },
  },

  /** getMusicDirectory?id: a work (al-), one of its sub-folders (fo-), or an artist's works (ar-). */
  getMusicDirectory: {
    async handle(call) {
      const id = idParam(call, ['album', 'folder', 'circle', 'va', 'unknown']);
      if (id.kind === 'album' || id.kind === 'folder') return workDirectory(call, await visibleWork(call, id.workId), id.kind === 'folder' ? id.path : '');
      const { name, works } = await artistWorks(call, id);
      return { directory: { id: call.params.required('id'), name, child: await albumsOf(call.read, call.user, works, false) } };
    },
  },

  /** getArtists: circles and voice actors with visible works, and the unknown circle when it has some, by first letter (cached per catalogue version). */
  getArtists: {
    async handle({ read }) {
      const index = await (await read.catalogue()).get('subsonic|artists', async () => {
        const [circles, vas, unknown] = await Promise.all([listNames(read, 'circles'), listNames(read, 'vas'), unknownArtistWorkIds(read)]);
        const unknownArtist = unknown.length ? [presentArtist('unknown', { id: 0, name: UNKNOWN_ARTIST.name, count: unknown.length })] : [];
        return indexByLetter([...circles.map((c) => presentArtist('circle', c)), ...vas.map((v) => presentArtist('va', v)), ...unknownArtist]);
      });
      return { artists: { ignoredArticles: '', index } };
    },
  },

  /** getArtist?id (ar-c…, ar-v…, ar-unknown): the artist with its albums, newest release first. */
  getArtist: {
    async handle(call) {
      const id = idParam(call, ['circle', 'va', 'unknown']);
      const { name, works } = await artistWorks(call, id);
      const item = { id: id.kind === 'circle' ? id.circleId : id.kind === 'va' ? id.vaId : 0, name, count: works.length };
      return { artist: { ...presentArtist(id.kind, item), album: await albumsOf(call.read, call.user, works, true) } };
    },
  },

  /** getAlbum?id (al-…): the album with its songs in play order (one copy of tracks held in several formats: variants.ts). */
  getAlbum: {
    async handle(call) {
      const work = await visibleWork(call, idParam(call, ['album']).workId);
      const tracks = albumTracks((await tracksOf(call.db, [work.id], call.user.present.variant)).get(work.id) ?? []);
      const marks = await marksOf(call.db, call.user);
      return { album: { ...presentAlbum(work, summaryOf(tracks), marks.works.get(work.id) ?? {}, call.user.present, tracks), song: await songsOfWorks(call.db, call.user, [work]) } };
    },
  },

  /** getSong?id (tr-…). */
  getSong: {
    async handle(call) {
      const id = idParam(call, ['song']);
      const [song] = await songsByRef(call.read, call.user, [id]);
      if (!song) throw notFound(`song ${call.params.required('id')}`);
      return { song };
    },
  },

  /** getGenres: the tags with visible works, with album (work) and song counts (each track once, as the albums list them). */
  getGenres: {
    async handle({ read, user }) {
      const [tags, songs] = await Promise.all([listNames(read, 'tags'), songCountsByTag(read)]);
      return { genres: { genre: tags.map((t) => presentGenre(t.name, t.count, songs.get(Number(t.id)) ?? 0)) } };
    },
  },
};
