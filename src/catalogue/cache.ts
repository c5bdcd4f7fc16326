/**
 * Catalogue result cache (bench/README.md section "catalogue"). The `catalogue_version`
 * counter is bumped by triggers (SQLite and PostgreSQL) on every change to works, circles, tags, VAs and
 * their links (migration 20261121120000_catalogue), whoever writes (server, scanner, CLI).
 * Totals, id lists of random orders, keyword and tag/VA results, name lists and works as
 * anybody sees them (without the caller's review and history) are kept per version, so
 * they are computed once per catalogue change instead of once per request. Answers that
 * depend on a user's own data (ratings, reviews, history) are never cached here.
 * Each catalogue (definition.ts) has its own counter row and its own cache: the audio
 * catalogue row 1, the novel section row 2.
 * On PostgreSQL the counter is shared by every instance on the database, so a write
 * through one instance invalidates the caches of all.
 */
import type { Db } from '../db/index.js';
import type { Work } from '../model/index.js';

/** Entries kept per database (least recently used dropped first). */
const MAX_ENTRIES = 64;
/** Presented works kept per database (oldest dropped first). */
const MAX_WORKS = 5_000;

interface Store { version: number; entries: Map<string, Promise<unknown>>; works: Map<number, unknown> }
/** Per database, per catalogue (its version row). */
const stores = new WeakMap<Db, Map<number, Store>>();

/** The version of catalogue `versionId` (1 audio), or null when the database keeps none. */
export async function catalogueVersion(db: Db, versionId = 1): Promise<number | null> {
  const row = await db('catalogue_version').where({ id: versionId }).first<{ version: number } | undefined>('version');
  return row ? Number(row.version) : null;
}

/** The cache of one catalogue version; `get` answers `compute()` for `key`, computed at most once per version. */
export interface CatalogueCache<W extends { id: number } = Work> {
  /** `key` must name everything the value depends on (SQL text and bindings). */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** A work as anybody sees it (user fields null), if kept. */
  work(id: number): W | undefined;
  /** Keeps a work as anybody sees it. */
  putWork(work: W): void;
}

const uncached: CatalogueCache<never> = { get: (_key, compute) => compute(), work: () => undefined, putWork: () => undefined };

/**
 * Reads the version of catalogue `versionId` (1 audio) once and answers the cache of
 * that version (a pass-through when the database keeps no version).
 */
export async function catalogueCache<W extends { id: number } = Work>(db: Db, versionId = 1): Promise<CatalogueCache<W>> {
  const version = await catalogueVersion(db, versionId);
  if (version === null) return uncached;
  let spaces = stores.get(db);
  if (!spaces) stores.set(db, (spaces = new Map()));
  let store = spaces.get(versionId);
  if (!store || store.version < version) {
    store = { version, entries: new Map(), works: new Map() };
    spaces.set(versionId, store);
  }
  const current = store;
  if (current.version !== version) return uncached; // a newer version is already cached: compute this answer afresh
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      let entry = current.entries.get(key) as Promise<T> | undefined;
      if (entry) current.entries.delete(key); // re-inserted below as the most recently used
      else {
        entry = compute(); // the promise is kept, so concurrent requests share one computation
        entry.catch(() => current.entries.delete(key));
      }
      current.entries.set(key, entry);
      if (current.entries.size > MAX_ENTRIES) current.entries.delete(current.entries.keys().next().value!);
      return entry;
    },
    work: (id) => current.works.get(id) as W | undefined,
    putWork(work) {
      current.works.set(work.id, work);
      if (current.works.size > MAX_WORKS) current.works.delete(current.works.keys().next().value!);
    },
  };
}
