export * from './store.js';
export { refsOfHashes, workTracks } from './entries.js';
