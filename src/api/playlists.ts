/**
 * The playlists calls (src/playlists/README.md "Calls", src/server/routes/playlists) over
 * the shared client: the web UI, the TUI's remote mode and the API tests call these.
 * Each throws ApiError as the client does; writes answer the playlist after the change.
 */
import type { MessageAnswer, PlaylistAnswer, PlaylistsAnswer } from '../model/index.js';
import type { ApiClient } from './client.js';

type Playlist = PlaylistAnswer['playlist'];
type Written = PlaylistAnswer & MessageAnswer;

/** What a new playlist starts with: a name (1-200 characters), and optionally a comment, the public flag and track hashes. */
export interface NewPlaylistBody { name: string; comment?: string; public?: boolean; hashes?: string[] }

export const playlistsApi = (client: ApiClient) => ({
  /** GET /api/playlists: the caller's own playlists, then others' public ones. */
  list: () => client.get<PlaylistsAnswer>('/api/playlists'),
  /** GET /api/playlists/{id}: one playlist with its entries. */
  get: (id: number) => client.get<PlaylistAnswer>(`/api/playlists/${id}`),
  /** POST /api/playlists. */
  create: (body: NewPlaylistBody) => client.post<Written>('/api/playlists', body),
  /** PATCH /api/playlists/{id}: name, comment, public flag. */
  update: (id: number, body: Partial<Pick<Playlist, 'name' | 'comment' | 'public'>>) => client.request<Written>('PATCH', `/api/playlists/${id}`, { body }),
  /** DELETE /api/playlists/{id}. */
  remove: (id: number) => client.del<MessageAnswer>(`/api/playlists/${id}`),
  /** POST /api/playlists/{id}/tracks: appends tracks by hash. */
  addTracks: (id: number, hashes: string[]) => client.post<Written>(`/api/playlists/${id}/tracks`, { hashes }),
  /** POST /api/playlists/{id}/works: appends every track of a work. */
  addWork: (id: number, workId: number) => client.post<Written>(`/api/playlists/${id}/works`, { work_id: workId }),
  /** DELETE /api/playlists/{id}/entries/{entryId}. */
  removeEntry: (id: number, entryId: number) => client.del<Written>(`/api/playlists/${id}/entries/${entryId}`),
  /** PUT /api/playlists/{id}/order: every entry id once, in the new order. */
  reorder: (id: number, entryIds: number[]) => client.put<Written>(`/api/playlists/${id}/order`, { entryIds }),
});

export type PlaylistsApi = ReturnType<typeof playlistsApi>;
