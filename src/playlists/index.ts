export * from './store.js';
export { refsOfHashes, workTracks, type TrackRef } from './entries.js';
