/**
 * Reads the audio catalogue's works into its cache (cache.ts, "works as anybody sees
 * them") when the server starts, and again every few minutes for those catalogue changes
 * dropped (src/cli/serve.ts), so that requests drawing works no page has read yet (the
 * players' random lists, pages far from the first) find them in memory: the players'
 * random list of 20 works at 100,000 works, p99 29-33 -> 17 ms on SQLite and 38-100 -> 21
 * on PostgreSQL (bench/README.md, catalogue).
 */
import type { Db } from '../db/index.js';
import { MAX_WORKS } from './cache.js';
import { readContext, type ReadContext } from './context.js';
import { LIBRARY } from './filters.js';
import { presentedWorks } from './hydrate.js';
import { orderedWorkIds } from './list.js';

/** Works read per statement: about 8 ms of work on the main thread, so requests wait little behind a chunk. */
const CHUNK = 200;

/** How a pass of preloadWorks runs. */
export interface PreloadOptions {
  /** Stops the pass between chunks. */
  signal?: AbortSignal;
  /** Reads what another part keeps of the same works with each chunk (the players' audio summaries: src/subsonic/tracks.ts). */
  alongside?: (ctx: ReadContext, ids: number[]) => Promise<unknown>;
  /**
   * A later pass: it reads nothing when the library holds more visible works than `limit`,
   * since requests have since read other works into the places the first ones left, and
   * reading those again would only swap them back (and cost a full pass every time).
   */
  again?: boolean;
  /** Works read at most: the first ones by id (default MAX_WORKS, what the cache keeps). */
  limit?: number;
}

/**
 * Reads the visible works (LIBRARY) not yet in memory, in id order, into the cache, CHUNK
 * at a time and one chunk per turn of the event loop (requests are answered in between),
 * up to the first `limit` of them; a second pass reads only what catalogue changes
 * dropped since (a change naming more than 256 works drops them all). Safe while the
 * catalogue changes: each chunk opens the cache at the version it reads, and a chunk read
 * at an older version than the kept works is not kept. Answers {works: how many were read
 * from the database, ms: how long the pass took}; rejects with the database's error (e.g.
 * when the database is closed under it).
 */
export async function preloadWorks(db: Db, { signal, alongside, again = false, limit = MAX_WORKS }: PreloadOptions = {}): Promise<{ works: number; ms: number }> {
  const started = performance.now();
  let ctx = readContext(db, null);
  let cache = await ctx.catalogue();
  const ids = await orderedWorkIds(ctx, LIBRARY, 'id', 'asc');
  const end = again && ids.length > limit ? 0 : Math.min(ids.length, limit);
  let works = 0;
  for (let i = 0; i < end && !signal?.aborted; i += CHUNK) {
    const chunk = Array.from(ids.subarray(i, Math.min(i + CHUNK, end))).filter((id) => !cache.work(id));
    if (!chunk.length) continue;
    await new Promise((resolve) => setImmediate(resolve));
    ctx = readContext(db, null); // each chunk at the version it reads
    cache = await ctx.catalogue();
    await presentedWorks(ctx, chunk);
    await alongside?.(ctx, chunk);
    works += chunk.length;
  }
  return { works, ms: performance.now() - started };
}
