/**
 * The pure lyric library (no node: imports): safe to import from the web UI and the TUI.
 * Node-only parts live beside it: decode.ts (file encodings), tasks.ts, claims.ts,
 * files.ts (the task domain), transcriber.ts and worker.ts (the `audiolib translate` worker).
 */
export * from './lrc.js';
export * from './subtitles.js';
export * from './match.js';
export * from './status.js';
