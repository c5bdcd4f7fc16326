/**
 * Which admin config keys (spec 001 section 3) a change does not apply to at once.
 * The server answers them in `restartRequired` (src/config/live.ts), `audiolib config
 * set` says so, and the advanced settings page marks their fields 'needs restart'.
 */
import type { AdminConfig } from './wire.js';

/**
 * Keys read once when the server starts (the listen port, the database and cover
 * locations, the scan and backup schedules): a new value takes effect on the next start. Every
 * other key is read per request or per task and applies as soon as it is saved.
 */
export const RESTART_KEYS = ['listenPort', 'db', 'dbUseDefaultPath', 'coverUseDefaultPath', 'scanCron', 'backupCron'] as const satisfies readonly (keyof AdminConfig)[];
export type RestartKey = (typeof RESTART_KEYS)[number];

/** True when a change of `key` waits for a restart of the server. */
export function needsRestart(key: string): key is RestartKey {
  return (RESTART_KEYS as readonly string[]).includes(key);
}

/**
 * Which copy of a work's tracks the players' API lists on the album when a work holds the
 * same tracks in several formats (src/subsonic/README.md "One album per work"): config
 * `subsonicVariant`. `lossless` (the default): a lossless copy (wav, flac) first;
 * `lossy`: a lossy one (mp3, m4a, ogg, opus…) first; within the class the higher bit rate.
 */
export const SUBSONIC_VARIANTS = ['lossless', 'lossy'] as const;
export type SubsonicVariant = (typeof SUBSONIC_VARIANTS)[number];
