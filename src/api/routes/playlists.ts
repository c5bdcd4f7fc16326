/** Playlists (src/playlists/README.md): the caller's own and others' public ones; writes answer the playlist after the change. */
import type { MessageAnswer, PlaylistAnswer, PlaylistsAnswer } from '../../model/index.js';
import { route } from '../route.js';
import type {
  PlaylistCreateSchema, PlaylistEntrySchema, PlaylistIdSchema, PlaylistOrderSchema, PlaylistPatchSchema, PlaylistTracksSchema, PlaylistWorkSchema,
} from '../schemas/playlists.js';

type Written = PlaylistAnswer & MessageAnswer;

export const playlistsRoutes = {
  list: route<PlaylistsAnswer>()('GET', '/api/playlists'),
  get: route<PlaylistAnswer, typeof PlaylistIdSchema>()('GET', '/api/playlists/:id'),
  /** {name, comment?, public?, hashes?}. */
  create: route<Written, typeof PlaylistCreateSchema>()('POST', '/api/playlists'),
  /** {name?, comment?, public?}. */
  update: route<Written, typeof PlaylistPatchSchema>()('PATCH', '/api/playlists/:id'),
  remove: route<MessageAnswer, typeof PlaylistIdSchema>()('DELETE', '/api/playlists/:id'),
  /** {hashes}: appends tracks. */
  addTracks: route<Written, typeof PlaylistTracksSchema>()('POST', '/api/playlists/:id/tracks'),
  /** {work_id}: appends every track of a work. */
  addWork: route<Written, typeof PlaylistWorkSchema>()('POST', '/api/playlists/:id/works'),
  removeEntry: route<Written, typeof PlaylistEntrySchema>()('DELETE', '/api/playlists/:id/entries/:entryId'),
  /** {entryIds}: every entry once, in the new order. */
  reorder: route<Written, typeof PlaylistOrderSchema>()('PUT', '/api/playlists/:id/order'),
};
