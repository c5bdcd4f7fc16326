/**
 * Playlists (src/playlists/README.md "Calls"): the web UI's and the TUI's calls. Every
 * signed-in user reads their own playlists and the public ones of others, a guest the
 * public ones; writes are the owner's (guests 403, another user's public playlist 403
 * `playlist.notOwner`, a playlist the caller cannot read 404 `playlist.notFound`). Each
 * write answers the playlist as it is after the change, with a message.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireUser, requireWriter } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { PlaylistCreateSchema, PlaylistEntrySchema, PlaylistIdSchema, PlaylistOrderSchema, PlaylistPatchSchema, PlaylistTracksSchema, PlaylistWorkSchema } from '../../../api/schemas/playlists.js';
import { createPlaylist, deletePlaylist, getPlaylist, listPlaylists, refsOfHashes, reorderPlaylist, updatePlaylist, workTracks } from '../../../playlists/index.js';
import { say, type MessageAnswer, type PlaylistAnswer, type PlaylistsAnswer } from '../../../model/index.js';

export const playlistsRouter = new Router<AppState, { services: AppContext['services'] }>();

type Answer = PlaylistAnswer & Partial<MessageAnswer>;

/** GET /api/playlists -> 200 {playlists: [PlaylistSummary]}: the caller's own first, then others' public ones. */
on(playlistsRouter, routes.playlists.list, requireUser(), async (ctx) => {
  const answer: PlaylistsAnswer = { playlists: await listPlaylists(ctx.services.db, ctx.state.user!) };
  ctx.body = answer;
});

/** GET /api/playlists/:id -> 200 {playlist} with its entries in order; 404 when the caller cannot read it. */
on(playlistsRouter, routes.playlists.get, requireUser(), validate(routes.playlists.get, PlaylistIdSchema), async (ctx) => {
  const answer: PlaylistAnswer = { playlist: await getPlaylist(ctx.services.db, ctx.state.user!, ctx.state.input.params.id) };
  ctx.body = answer;
});

/**
 * POST /api/playlists {name (1-200 characters), comment?, public? (default false), hashes?
 * (track hashes, library or trial)} -> 201 {message, playlist}. 404 `playlist.trackNotFound`
 * for a hash that is no audio file of a visible work; nothing is created then.
 */
on(playlistsRouter, routes.playlists.create, requireUser(), requireWriter(), validate(routes.playlists.create, PlaylistCreateSchema), async (ctx) => {
  const { name, comment, public: isPublic, hashes } = ctx.state.input.body;
  const playlist = await createPlaylist(ctx.services.db, ctx.state.user!, { name, comment, public: isPublic, tracks: refsOfHashes(hashes ?? []) });
  const answer: Answer = { ...say('playlist.created', { name: playlist.name }), playlist };
  ctx.status = 201;
  ctx.body = answer;
});

/** PATCH /api/playlists/:id {name?, comment?, public?} -> 200 {message, playlist}: renames, comments, shares. */
on(playlistsRouter, routes.playlists.update, requireUser(), requireWriter(), validate(routes.playlists.update, PlaylistPatchSchema), async (ctx) => {
  const playlist = await updatePlaylist(ctx.services.db, ctx.state.user!, ctx.state.input.params.id, { fields: ctx.state.input.body });
  const answer: Answer = { ...say('playlist.saved'), playlist };
  ctx.body = answer;
});

/** DELETE /api/playlists/:id -> 200 {message}: the playlist and its entries are gone. */
on(playlistsRouter, routes.playlists.remove, requireUser(), requireWriter(), validate(routes.playlists.remove, PlaylistIdSchema), async (ctx) => {
  await deletePlaylist(ctx.services.db, ctx.state.user!, ctx.state.input.params.id);
  const answer: MessageAnswer = say('playlist.deleted');
  ctx.body = answer;
});

/**
 * POST /api/playlists/:id/tracks {hashes} -> 200 {message, playlist}: appends the tracks in
 * order. 404 `playlist.trackNotFound`, 400 `playlist.full` past 5000 entries; nothing added then.
 */
on(playlistsRouter, routes.playlists.addTracks, requireUser(), requireWriter(), validate(routes.playlists.addTracks, PlaylistTracksSchema), async (ctx) => {
  const add = refsOfHashes(ctx.state.input.body.hashes);
  const playlist = await updatePlaylist(ctx.services.db, ctx.state.user!, ctx.state.input.params.id, { add });
  const answer: Answer = { ...say('playlist.tracksAdded', { count: add.length }), playlist };
  ctx.body = answer;
});

/**
 * POST /api/playlists/:id/works {work_id} -> 200 {message, playlist}: appends every audio
 * file of the work (library or trial) in its play order. 404 `work.idNotFound`.
 */
on(playlistsRouter, routes.playlists.addWork, requireUser(), requireWriter(), validate(routes.playlists.addWork, PlaylistWorkSchema), async (ctx) => {
  const { db } = ctx.services;
  const add = await workTracks(db, ctx.state.input.body.work_id);
  const playlist = await updatePlaylist(db, ctx.state.user!, ctx.state.input.params.id, { add });
  const answer: Answer = { ...say('playlist.tracksAdded', { count: add.length }), playlist };
  ctx.body = answer;
});

/** DELETE /api/playlists/:id/entries/:entryId -> 200 {message, playlist}; 404 `playlist.entryNotFound`. */
on(playlistsRouter, routes.playlists.removeEntry, requireUser(), requireWriter(), validate(routes.playlists.removeEntry, PlaylistEntrySchema), async (ctx) => {
  const { id, entryId } = ctx.state.input.params;
  const playlist = await updatePlaylist(ctx.services.db, ctx.state.user!, id, { remove: () => [entryId] });
  const answer: Answer = { ...say('playlist.entryRemoved'), playlist };
  ctx.body = answer;
});

/**
 * PUT /api/playlists/:id/order {entryIds} -> 200 {message, playlist}: the entries in that
 * order. 409 `playlist.orderStale` unless entryIds lists every current entry once.
 */
on(playlistsRouter, routes.playlists.reorder, requireUser(), requireWriter(), validate(routes.playlists.reorder, PlaylistOrderSchema), async (ctx) => {
  const playlist = await reorderPlaylist(ctx.services.db, ctx.state.user!, ctx.state.input.params.id, ctx.state.input.body.entryIds);
  const answer: Answer = { ...say('playlist.saved'), playlist };
  ctx.body = answer;
});
