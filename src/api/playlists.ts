/**
 * The playlists calls (src/playlists/README.md "Calls", the table's routes/playlists.ts) over
 * the shared client: the web UI, the TUI's remote mode and the API tests call these.
 * Each throws ApiError as the client does; writes answer the playlist after the change.
 */
import type { PlaylistAnswer } from '../model/index.js';
import type { ApiClient } from './client.js';
import { playlistsRoutes } from './routes/playlists.js';

type Playlist = PlaylistAnswer['playlist'];

/** What a new playlist starts with: a name (1-200 characters), and optionally a comment, the public flag and track hashes. */
export interface NewPlaylistBody { name: string; comment?: string; public?: boolean; hashes?: string[] }

export const playlistsApi = (client: ApiClient) => ({
  /** The caller's own playlists, then others' public ones. */
  list: () => client.call(playlistsRoutes.list),
  /** One playlist with its entries. */
  get: (id: number) => client.call(playlistsRoutes.get, { params: { id } }),
  create: (body: NewPlaylistBody) => client.call(playlistsRoutes.create, { body }),
  /** Name, comment, public flag. */
  update: (id: number, body: Partial<Pick<Playlist, 'name' | 'comment' | 'public'>>) => client.call(playlistsRoutes.update, { params: { id }, body }),
  remove: (id: number) => client.call(playlistsRoutes.remove, { params: { id } }),
  /** Appends tracks by hash. */
  addTracks: (id: number, hashes: string[]) => client.call(playlistsRoutes.addTracks, { params: { id }, body: { hashes } }),
  /** Appends every track of a work. */
  addWork: (id: number, workId: number) => client.call(playlistsRoutes.addWork, { params: { id }, body: { work_id: workId } }),
  removeEntry: (id: number, entryId: number) => client.call(playlistsRoutes.removeEntry, { params: { id, entryId } }),
  /** Every entry id once, in the new order. */
  reorder: (id: number, entryIds: number[]) => client.call(playlistsRoutes.reorder, { params: { id }, body: { entryIds } }),
});

export type PlaylistsApi = ReturnType<typeof playlistsApi>;
