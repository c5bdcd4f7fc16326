/** Request schemas of playlists (src/playlists/README.md "Calls"). */
import { z } from 'zod';
import { PLAYLIST_COMMENT_MAX, PLAYLIST_MAX_ENTRIES, PLAYLIST_NAME_MAX } from '../../model/index.js';
import { idParams, numericId } from './common.js';

/** A name: 1 to 200 characters once trimmed. */
const name = z.string().trim().min(1).max(PLAYLIST_NAME_MAX);
const comment = z.string().max(PLAYLIST_COMMENT_MAX);
/** Track hashes ('12/7', 'rj12/7'), at most a full playlist's worth. */
const hashes = z.array(z.string().min(1).max(40)).max(PLAYLIST_MAX_ENTRIES);

/** GET and DELETE /api/playlists/:id. */
export const PlaylistIdSchema = z.object({ params: idParams });
/** POST /api/playlists {name, comment?, public?, hashes?}. */
export const PlaylistCreateSchema = z.object({ body: z.object({ name, comment: comment.optional(), public: z.boolean().optional(), hashes: hashes.optional() }) });
/** PATCH /api/playlists/:id {name?, comment?, public?}: at least one. */
export const PlaylistPatchSchema = z.object({
  params: idParams,
  body: z.object({ name: name.optional(), comment: comment.optional(), public: z.boolean().optional() })
    .refine((b) => b.name !== undefined || b.comment !== undefined || b.public !== undefined, { message: 'name, comment or public is required' }),
});
/** POST /api/playlists/:id/tracks {hashes}: at least one. */
export const PlaylistTracksSchema = z.object({ params: idParams, body: z.object({ hashes: hashes.min(1) }) });
/** POST /api/playlists/:id/works {work_id}. */
export const PlaylistWorkSchema = z.object({ params: idParams, body: z.object({ work_id: numericId }) });
/** DELETE /api/playlists/:id/entries/:entryId. */
export const PlaylistEntrySchema = z.object({ params: z.object({ id: numericId, entryId: numericId }) });
/** PUT /api/playlists/:id/order {entryIds}: every entry id once, in the new order. */
export const PlaylistOrderSchema = z.object({ params: idParams, body: z.object({ entryIds: z.array(numericId).max(PLAYLIST_MAX_ENTRIES) }) });
