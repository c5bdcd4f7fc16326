/**
 * The users' input rules shared by the API's request schemas (src/api/schemas) and the
 * CLI (`audiolib user`): pure zod, no database, so the web bundle can hold them.
 */
import { z } from 'zod';
import { MAX_BIT_RATE, MIN_BIT_RATE } from '../transcode/formats.js';

/** A password as spec 001 section 5 wants it: at least 5 characters. */
export const passwordSchema = z.string({ error: 'password length at least 5' }).min(5, 'password length at least 5');

/** A new user (spec 001 section 5): name and password >= 5, group user|guest (default user). */
export const newUserSchema = z.object({
  name: z.string({ error: 'username length at least 5' }).trim().min(5, 'username length at least 5').max(64, 'username length at most 64'),
  password: passwordSchema,
  group: z.enum(['user', 'guest'], { error: 'group must be user or guest' }).default('user'),
});
export type NewUser = z.infer<typeof newUserSchema>;

/** A key's label: 1 to 64 characters (default 'player'). */
export const apiKeyNameSchema = z.string({ error: 'key name must be text' }).trim().min(1, 'key name must not be empty').max(64, 'key name length at most 64').default('player');

/** A default maximum bit rate in kbit/s: 0 (no limit) or 32 to 320. */
export const playerBitRateSchema = z.number({ error: 'maxBitRate must be a number' }).int('maxBitRate must be a whole number')
  .refine((n) => n === 0 || (n >= MIN_BIT_RATE && n <= MAX_BIT_RATE), `maxBitRate must be 0 (no limit) or ${MIN_BIT_RATE} to ${MAX_BIT_RATE}`);

/** A default format: raw (as stored), mp3, opus, aac, or null (as the player asks). */
export const playerFormatSchema = z.enum(['raw', 'mp3', 'opus', 'aac'], { error: 'format must be raw, mp3, opus or aac' }).nullable();
