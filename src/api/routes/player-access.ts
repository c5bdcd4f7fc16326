/** The caller's access for phone players (Subsonic): player password, API keys, per-player transcoding. */
import type { ApiKeyCreatedAnswer, MessageAnswer, PlayerAccessAnswer, PlayerSavedAnswer } from '../../model/index.js';
import { route } from '../route.js';
import type { ApiKeyCreateSchema, ApiKeyIdSchema, PlayerPasswordSchema, PlayerTranscodeSchema } from '../schemas/player-access.js';

export const playerAccessRoutes = {
  get: route<PlayerAccessAnswer>()('GET', '/api/player-access'),
  setPassword: route<MessageAnswer, typeof PlayerPasswordSchema>()('PUT', '/api/player-access/password'),
  clearPassword: route<MessageAnswer>()('DELETE', '/api/player-access/password'),
  createKey: route<ApiKeyCreatedAnswer, typeof ApiKeyCreateSchema>()('POST', '/api/player-access/keys'),
  revokeKey: route<MessageAnswer, typeof ApiKeyIdSchema>()('DELETE', '/api/player-access/keys/:id'),
  /** {maxBitRate?, format?}. */
  setPlayer: route<PlayerSavedAnswer, typeof PlayerTranscodeSchema>()('PUT', '/api/player-access/players/:id'),
};
