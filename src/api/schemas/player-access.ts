/** Request schemas of the caller's own player access (src/subsonic/README.md "Authentication"). */
import { z } from 'zod';
import { apiKeyNameSchema, passwordSchema, playerBitRateSchema, playerFormatSchema } from '../../users/rules.js';
import { idParams } from './common.js';

/** PUT /api/player-access/password {password}: at least 5 characters. */
export const PlayerPasswordSchema = z.object({ body: z.object({ password: passwordSchema }) });
/** POST /api/player-access/keys {name?}: a label of 1 to 64 characters, default 'player'. */
export const ApiKeyCreateSchema = z.object({ body: z.object({ name: apiKeyNameSchema }) });
/** DELETE /api/player-access/keys/:id. */
export const ApiKeyIdSchema = z.object({ params: idParams });
/** PUT /api/player-access/players/:id {maxBitRate: 0 or 32..320, format: raw|mp3|opus|aac|null}. */
/** A player's settings: each field given is set, a field left out keeps its value (two quick changes of one row never save one over the other). */
export const PlayerTranscodeSchema = z.object({ params: idParams, body: z.object({ maxBitRate: playerBitRateSchema.optional(), format: playerFormatSchema.optional() }) });
