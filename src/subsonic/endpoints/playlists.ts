/**
 * Playlists (README.md "Playlists"): getPlaylists, getPlaylist, createPlaylist,
 * updatePlaylist, deletePlaylist over the one playlist store of the web UI and the TUI
 * (src/playlists). A playlist is `pl-{id}`; its songs are its entries that are audio
 * files of library works (trial tracks and entries whose file or work is gone are left
 * out), and `songIndexToRemove` counts in that list. A caller reads their own playlists
 * and the public ones of others (guests: the public ones); only the owner changes one:
 * another user's public playlist answers code 50, a playlist the caller cannot read
 * code 70. Guests change none (code 50). Every change is one transaction: a refused
 * part leaves the playlist as it was.
 */
import { createPlaylist, deletePlaylist, getPlaylist, listPlaylistsWithEntries, updatePlaylist, type Playlist, type PlaylistFields } from '../../playlists/index.js';
import type { PlaylistEntry } from '../../model/index.js';
import { Code, SubsonicError, notFound } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { albumId, parsePlaylistId, playlistId, songId } from '../ids.js';
import { songsByRef, type SongRef } from '../library.js';
import { visibleWorkIds } from '../tracks.js';
import type { SubsonicNode } from '../serialise.js';
import { songRefs } from './queue.js';

/** The entries players see: audio files of library works still there. */
const shown = (entries: PlaylistEntry[]) => entries.filter((e) => e.available && !e.trial);

/**
 * A playlist as Subsonic's `Playlist` (with `entry`, the songs, when `songs` is given).
 * Its `coverArt` is the album cover of its first song whose work has one (`covers`, the
 * caller's present options; undefined there means every work has one); none without such a song.
 */
function present(p: Playlist, covers: ReadonlySet<number> | undefined, songs?: SubsonicNode[]): SubsonicNode {
  const listed = shown(p.entries);
  const pictured = listed.find((e) => !covers || covers.has(e.workId));
  return {
    id: playlistId(p.id),
    name: p.name,
    comment: p.comment || undefined,
    owner: p.owner,
    public: p.public,
    songCount: listed.length,
    duration: Math.round(listed.reduce((sum, e) => sum + e.duration, 0)),
    created: p.created_at,
    changed: p.changed_at,
    ...(pictured && { coverArt: albumId(pictured.workId) }),
    ...(songs && { entry: songs }),
  };
}

/** The playlist of parameter `name` (`pl-{id}`); code 10 when absent, 70 when it is no playlist id. */
function playlistParam({ params }: Pick<Call, 'params'>, name: string): number {
  const text = params.required(name);
  const id = parsePlaylistId(text);
  if (id === null) throw notFound(`playlist ${text}`);
  return id;
}

/** The song refs of parameter `name` (repeatable), each an audio file of a visible library work; code 70 for the first that is none. */
async function songsParam({ db, params }: Pick<Call, 'db' | 'params'>, name: string): Promise<SongRef[]> {
  const refs = songRefs(params.all(name));
  const visible = new Set(await visibleWorkIds(db, refs.map((r) => r.workId)));
  const hidden = refs.find((r) => !visible.has(r.workId));
  if (hidden) throw notFound(`song ${songId(hidden.workId, hidden.fileId)}`);
  return refs;
}

/** Playlist `p` with its songs, as the caller sees them. */
async function withSongs(call: Call, p: Playlist): Promise<SubsonicNode> {
  const songs = await songsByRef(call.read, call.user, shown(p.entries).map((e) => ({ workId: e.workId, fileId: e.fileId })));
  return present(p, call.user.present.covers, songs);
}

export const playlistEndpoints: Record<string, Endpoint> = {
  /** getPlaylists: `playlists.playlist[]` the caller may read, own first (without songs); `username` is not read. */
  getPlaylists: {
    async handle({ db, user }) {
      return { playlists: { playlist: (await listPlaylistsWithEntries(db, user)).map((p) => present(p, user.present.covers)) } };
    },
  },

  /** getPlaylist?id=pl-N: `playlist` with `entry` = its songs in order. Code 70 when the caller cannot read it. */
  getPlaylist: {
    async handle(call) {
      return { playlist: await withSongs(call, await getPlaylist(call.db, call.user, playlistParam(call, 'id'))) };
    },
  },

  /**
   * createPlaylist?name&songId (repeated): a new private playlist of the caller with those
   * songs; with `playlistId` instead, that playlist's songs become exactly these (and
   * `name`, when given, its name). Answers the playlist with its songs. Code 10 without
   * name or playlistId, 70 for a song that is no audio file of a library work.
   */
  createPlaylist: {
    access: 'writer',
    async handle(call) {
      const replace = await songsParam(call, 'songId');
      const name = call.params.get('name')?.trim();
      if (call.params.get('playlistId') !== undefined) {
        const fields: PlaylistFields = name ? { name } : {};
        return { playlist: await withSongs(call, await updatePlaylist(call.db, call.user, playlistParam(call, 'playlistId'), { fields, replace })) };
      }
      if (!name) throw new SubsonicError(Code.RequiredParameterMissing, 'Required parameter is missing: name');
      return { playlist: await withSongs(call, await createPlaylist(call.db, call.user, { name, tracks: replace })) };
    },
  },

  /**
   * updatePlaylist?playlistId&name&comment&public&songIdToAdd (repeated)&songIndexToRemove
   * (repeated): sets the fields given, removes the songs at those indexes (of the list
   * getPlaylist answers), then appends the songs to add, in one change. Code 0 for an
   * index out of range, 70 for a song to add that is none.
   */
  updatePlaylist: {
    access: 'writer',
    async handle(call) {
      const { params } = call;
      const id = playlistParam(call, 'playlistId');
      const add = await songsParam(call, 'songIdToAdd');
      const indexes = params.all('songIndexToRemove').map((v) => {
        if (!/^\d{1,6}$/.test(v)) throw new SubsonicError(Code.Generic, `songIndexToRemove: not an index: ${v}`);
        return Number(v);
      });
      const name = params.get('name')?.trim();
      const fields: PlaylistFields = {
        ...(name && { name }),
        ...(params.get('comment') !== undefined && { comment: params.get('comment') }),
        ...(params.get('public') !== undefined && { public: params.bool('public', false) }),
      };
      await updatePlaylist(call.db, call.user, id, {
        fields,
        add,
        remove: (entries) => {
          const songs = shown(entries);
          return indexes.map((i) => {
            if (i >= songs.length) throw new SubsonicError(Code.Generic, `songIndexToRemove ${i} is out of range (${songs.length} songs)`);
            return songs[i]!.id;
          });
        },
      });
      return {};
    },
  },

  /** deletePlaylist?id=pl-N: deletes it. Code 50 for another user's public playlist, 70 for one the caller cannot read. */
  deletePlaylist: {
    access: 'writer',
    async handle(call) {
      await deletePlaylist(call.db, call.user, playlistParam(call, 'id'));
      return {};
    },
  },
};
