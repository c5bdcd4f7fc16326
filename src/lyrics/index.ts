/**
 * The pure lyric library (no node: imports): safe to import from the web UI and the TUI.
 * Node-only parts live beside it: decode.ts (file encodings), tasks.ts, claims.ts and
 * store.ts (the AI lyric task domain). The `audiolib translate` worker is src/translate/.
 */
export * from './lrc.js';
export * from './subtitles.js';
export * from './match.js';
export * from './status.js';
