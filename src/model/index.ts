/**
 * The shared vocabulary of the server, the TUI and the web UI: wire types, the spec's
 * lists, work statuses, lyric_status, work codes, track hashes, the domain errors and
 * the catalogue of coded messages.
 * Pure TypeScript: no node: imports and nothing else of the project (README.md).
 */
export * from './wire.js';
export * from './lists.js';
export * from './work-status.js';
export * from './lyric-status.js';
export * from './workcode.js';
export * from './track-hash.js';
export * from './errors.js';
export * from './config-keys.js';
export * from './messages.js';
export * from './issues.js';
export * from './novel.js';
export * from './playlist.js';
export * from './bookmark.js';
export * from './cover.js';
export * from './policy.js';
