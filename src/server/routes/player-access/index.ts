/**
 * The caller's own access for music players (src/subsonic/README.md "Authentication"),
 * the settings page's calls: the player password (for players signing in with a token)
 * and API keys. Every signed-in user, guests included, manages their own; never anyone
 * else's.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { ApiKeyCreateSchema, ApiKeyIdSchema, PlayerPasswordSchema, PlayerTranscodeSchema } from '../../../api/schemas/player-access.js';
import { clearPlayerPassword, createApiKey, hasPlayerPassword, listApiKeys, listPlayers, revokeApiKey, setPlayerPassword, updatePlayer } from '../../../users/index.js';
import type { ApiKeyCreatedAnswer, MessageAnswer, PlayerAccessAnswer, PlayerSavedAnswer } from '../../../model/index.js';
import { say } from '../../../model/index.js';

export const playerAccessRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/player-access -> 200 {playerPassword: whether one is set, apiKeys: [{id, name,
 * created_at, last_used_at}], players: [{id, client, maxBitRate, format, created_at,
 * last_seen_at}] (src/users/players.ts)}.
 */
on(playerAccessRouter, routes.playerAccess.get, requireUser(), async (ctx) => {
  const { db } = ctx.services;
  const name = ctx.state.user!.name;
  const answer: PlayerAccessAnswer = { playerPassword: await hasPlayerPassword(db, name), apiKeys: await listApiKeys(db, name), players: await listPlayers(db, name) };
  ctx.body = answer;
});

/**
 * PUT /api/player-access/password {password} -> 200 {message}: sets the caller's player
 * password. 400 {error} when shorter than 5 characters or equal to the login password.
 */
on(playerAccessRouter, routes.playerAccess.setPassword, requireUser(), validate(routes.playerAccess.setPassword, PlayerPasswordSchema), async (ctx) => {
  const { db, secret } = ctx.services;
  await setPlayerPassword(db, secret, ctx.state.user!.name, ctx.state.input.body.password);
  const answer: MessageAnswer = say('playerAccess.passwordSaved');
  ctx.body = answer;
});

/** DELETE /api/player-access/password -> 200 {message}: token sign-in stops working for the caller. */
on(playerAccessRouter, routes.playerAccess.clearPassword, requireUser(), async (ctx) => {
  await clearPlayerPassword(ctx.services.db, ctx.state.user!.name);
  const answer: MessageAnswer = say('playerAccess.passwordRemoved');
  ctx.body = answer;
});

/** POST /api/player-access/keys {name?} -> 201 {message, key, apiKey}: the key is in this answer only. */
on(playerAccessRouter, routes.playerAccess.createKey, requireUser(), validate(routes.playerAccess.createKey, ApiKeyCreateSchema), async (ctx) => {
  const { key, apiKey } = await createApiKey(ctx.services.db, ctx.state.user!.name, ctx.state.input.body.name);
  const answer: ApiKeyCreatedAnswer = { ...say('playerAccess.keyCreated'), key, apiKey };
  ctx.status = 201;
  ctx.body = answer;
});

/** DELETE /api/player-access/keys/:id -> 200 {message}: revoked at once. 404 {error} for a key that is not the caller's. */
on(playerAccessRouter, routes.playerAccess.revokeKey, requireUser(), validate(routes.playerAccess.revokeKey, ApiKeyIdSchema), async (ctx) => {
  await revokeApiKey(ctx.services.db, ctx.state.user!.name, ctx.state.input.params.id);
  const answer: MessageAnswer = say('playerAccess.keyRevoked');
  ctx.body = answer;
});

/**
 * PUT /api/player-access/players/:id {maxBitRate?, format?} -> 200 {message, player}: the
 * caller's player `id` streams at most `maxBitRate` kbit/s (0: no limit; else 32 to 320)
 * in `format` ('raw', 'mp3', 'opus', 'aac'; null: as the player asks) when a call names
 * none (src/transcode/README.md "Per player"). Each field given is set, one left out
 * keeps its value. 400 {error} for other values; 404 {error} for a player that is not the caller's.
 */
on(playerAccessRouter, routes.playerAccess.setPlayer, requireUser(), validate(routes.playerAccess.setPlayer, PlayerTranscodeSchema), async (ctx) => {
  const { params, body } = ctx.state.input;
  const player = await updatePlayer(ctx.services.db, ctx.state.user!.name, params.id, body);
  const answer: PlayerSavedAnswer = { ...say('playerAccess.playerSaved'), player };
  ctx.body = answer;
});
