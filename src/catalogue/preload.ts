/**
 * Reads the audio catalogue's works into its cache (cache.ts, "works as anybody sees
 * them") when the server starts, so that requests drawing works no page has read yet (the
 * players' random lists, pages far from the first) find them in memory: the players'
 * random list of 20 works at 100,000 works, p99 29-33 -> 17 ms on SQLite and 38-100 -> 21
 * on PostgreSQL (bench/README.md session 11).
 */
import type { Db } from '../db/index.js';
import { catalogueCache, MAX_WORKS, type CatalogueCache } from './cache.js';
import { LIBRARY } from './filters.js';
import { presentedWorks } from './hydrate.js';
import { orderedWorkIds } from './list.js';

/** Works read per statement: about 8 ms of work on the main thread, so requests wait little behind a chunk. */
const CHUNK = 200;

/**
 * Reads the visible works (LIBRARY), in id order, into the cache, CHUNK at a time and one
 * chunk per turn of the event loop (requests are answered in between), until all are read
 * or MAX_WORKS are. Safe while the catalogue changes: each chunk opens the cache at the
 * version it reads, and a chunk read at an older version than the kept works is not kept.
 * `signal` stops it between chunks; `alongside` reads what another part keeps of the same
 * works (the players' audio summaries: src/subsonic/tracks.ts) with each chunk. Answers
 * {works: how many were read, ms: how long it took}; rejects with the database's error
 * (e.g. when the database is closed under it).
 */
export async function preloadWorks(
  db: Db, signal?: AbortSignal, alongside?: (ids: number[], cache: CatalogueCache) => Promise<unknown>,
): Promise<{ works: number; ms: number }> {
  const started = performance.now();
  const ids = await orderedWorkIds(db, LIBRARY, 'id', 'asc', await catalogueCache(db));
  const end = Math.min(ids.length, MAX_WORKS);
  let works = 0;
  for (let i = 0; i < end && !signal?.aborted; i += CHUNK) {
    await new Promise((resolve) => setImmediate(resolve));
    const chunk = Array.from(ids.subarray(i, Math.min(i + CHUNK, end)));
    const cache = await catalogueCache(db);
    await presentedWorks(db, cache, chunk);
    await alongside?.(chunk, cache);
    works += chunk.length;
  }
  return { works, ms: performance.now() - started };
}
