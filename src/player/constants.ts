/**
 * Player constants of spec 000 section 9 (and the playback speed range), shared by the
 * web player and the TUI. Times are in seconds unless the name ends in `Ms`.
 */

/** Play modes in cycle order (spec 000 section 4 "Play mode cycle"). */
export const PLAY_MODES = ['order', 'all repeat', 'repeat once', 'shuffle'] as const;
export type PlayMode = (typeof PLAY_MODES)[number];

/** Default seek steps when GET /api/config/shared is not (yet) known. */
export const DEFAULT_REWIND_SEEK_TIME = 5;
export const DEFAULT_FORWARD_SEEK_TIME = 30;

/** Volume range and the keyboard step. */
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 1;
export const VOLUME_STEP = 0.04;

/** Playback speed range (0.5x to 3x) and the step of the speed keys. */
export const SPEED_MIN = 0.5;
export const SPEED_MAX = 3;
export const SPEED_STEP = 0.25;

/** Lyric offset step; offsets are rounded to 4 decimals (spec 000 section 5). */
export const LYRIC_OFFSET_STEP = 0.1;

/** History saving: debounce after a change, and the periodic save while it changes. */
export const HISTORY_DEBOUNCE_MS = 500;
export const HISTORY_INTERVAL_MS = 60_000;

/** How long notices and indicators stay. */
export const SLEEP_NOTICE_MS = 5_000;
export const VOLUME_INDICATOR_MS = 1_000;
export const LYRIC_SIZE_BAR_MS = 3_000;

