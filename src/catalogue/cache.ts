/**
 * Catalogue result cache (bench/README.md section "catalogue"). The `catalogue_version`
 * counter is bumped by triggers (SQLite and PostgreSQL) on every change to works, circles, tags, VAs and
 * their links, which also log the works each version changed (changes.ts; migrations
 * 20261121120000_catalogue and 20261226000001_catalogue_changes), whoever writes (server, scanner, CLI).
 * Totals, ordered id lists, name lists and works as anybody sees them (without the
 * caller's review and history) are kept with the version they reflect. When the version
 * moves, an entry given a `patch` is brought up to date from the log (an id list
 * re-evaluates the changed works only, a name list is kept unless names changed), any other
 * entry is computed afresh, and kept works of the changed ids are dropped; an unknown or
 * too long change rebuilds. A patch reads the log and the tables in one snapshot, so a
 * patched entry equals the value computed afresh at that version: nothing stale is served.
 * Answers that depend on a user's own data (ratings, reviews, history) are never cached here.
 * Each catalogue (definition.ts) has its own counter row and its own cache: the audio
 * catalogue row 1, the novel section row 2.
 * On PostgreSQL the counter is shared by every instance on the database, so a write
 * through one instance invalidates the caches of all.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { dialectOf } from '../db/dialect/index.js';
import type { Work } from '../model/index.js';
import { changesSince, type CatalogueChange } from './changes.js';

/** Entries kept per database (least recently used dropped first). */
const MAX_ENTRIES = 64;
/**
 * Presented works kept per database and catalogue (oldest dropped first): about 890 bytes
 * of heap each (their circles', VAs' and tags' refs shared: presenter.ts), so at most
 * about 90 MB. preload.ts fills it at the server's start, so that a library of up to this
 * many works is read from memory: the players' random lists draw 20 works no page has read
 * (bench/README.md, catalogue).
 */
export const MAX_WORKS = 100_000;

/**
 * Brings a cached value `old` up to date for `change`, reading the database on `conn` (a
 * snapshot at the version the answer then reflects); answers undefined to have it computed afresh.
 */
export type Patch<T> = (old: T, change: CatalogueChange, conn: Knex) => Promise<T | undefined> | T | undefined;

/** A name list's patch: kept unless the log says names changed. */
export const keepUnlessNamesChanged = <T>(old: T, change: CatalogueChange): T | undefined => (change.names ? undefined : old);

/** A value and the version it reflects (the database's state at or after that version). */
interface Computed { value: unknown; tag: number }
/** `minTag`: the version of the request that made the entry (its value reflects that version or a later one). */
interface Entry { minTag: number; result: Promise<Computed> }
/** `works` and `perWork` (other values kept per work, by kind) reflect version `worksTag`; `advance` chains the log reads that move it. */
interface Store { entries: Map<string, Entry>; works: Map<number, unknown>; perWork: Map<string, Map<number, unknown>>; worksTag: number; advance: Promise<void> }
/** Per database, per catalogue (its version row). */
const stores = new WeakMap<Db, Map<number, Store>>();

/** The version of catalogue `versionId` (1 audio), or null when the database keeps none. */
export async function catalogueVersion(db: Knex, versionId = 1): Promise<number | null> {
  const row = await db('catalogue_version').where({ id: versionId }).first<{ version: number } | undefined>('version');
  return row ? Number(row.version) : null;
}

/**
 * The version of catalogue `versionId` as a subquery, for a column of another one-row
 * query: sign-in reads it in the statement that loads the account
 * (src/server/middleware/session-read.ts) and the request's read context opens the cache
 * with it (catalogueCache's `read`), one statement fewer a request.
 */
export function versionColumn(db: Knex, versionId = 1): Knex.QueryBuilder {
  return db('catalogue_version').where({ id: versionId }).select('version');
}

/** The cache of one catalogue as of the version a request read. */
export interface CatalogueCache<W extends { id: number } = Work> {
  /**
   * `compute()` for `key`, at most once per version; with `patch`, an entry of an older
   * version is patched rather than computed afresh. `key` must name everything the value
   * depends on (SQL text and bindings).
   */
  get<T>(key: string, compute: () => Promise<T>, patch?: Patch<T>): Promise<T>;
  /** The value of `key` if its entry is of this version (computed, or being computed by another request); else undefined, and nothing is computed. */
  current<T>(key: string): Promise<T> | undefined;
  /** A work as anybody sees it (user fields null), if kept. */
  work(id: number): W | undefined;
  /** Keeps a work as anybody sees it. */
  putWork(work: W): void;
  /**
   * The value of kind `kind` kept for work `id` (what another part derives from the work
   * alone, such as the players' audio summary), if kept. Such values follow the kept works:
   * they stay from version to version and go when a change names their work.
   */
  workValue<T>(kind: string, id: number): T | undefined;
  /** Keeps `value` of kind `kind` for work `id`, at most `max` of the kind (oldest dropped first). */
  putWorkValue(kind: string, id: number, value: unknown, max: number): void;
}

const uncached: CatalogueCache<never> = {
  get: (_key, compute) => compute(), current: () => undefined, work: () => undefined, putWork: () => undefined, workValue: () => undefined, putWorkValue: () => undefined,
};

const fresh = async (compute: () => Promise<unknown>, tag: number): Promise<Computed> => ({ value: await compute(), tag });

/**
 * Brings `old` to the newest version: in one snapshot, reads the version and the log since
 * `old.tag` and runs `patch`; computes afresh (tagged with the version read before) when
 * the log is unknown or the patch declines.
 */
async function refresh(db: Db, versionId: number, old: Computed, compute: () => Promise<unknown>, patch: Patch<unknown>): Promise<Computed> {
  const outcome = await db.transaction(async (trx): Promise<Computed | { rebuildAt: number }> => {
    const since = await changesSince(trx, versionId, old.tag);
    if (!since || since.version <= old.tag) return old;
    const value = since.change ? await patch(old.value, since.change, trx) : undefined;
    return value === undefined ? { rebuildAt: since.version } : { value, tag: since.version };
  }, dialectOf(db).snapshot);
  return 'rebuildAt' in outcome ? fresh(compute, outcome.rebuildAt) : outcome;
}

/** Moves the kept works (and values per work) of `store` to `version` or later: drops those the log names (all when it is unknown). */
function advanceWorks(db: Db, versionId: number, store: Store, version: number): Promise<void> {
  const step = async () => {
    if (version <= store.worksTag) return;
    const since = await changesSince(db, versionId, store.worksTag).catch(() => null);
    for (const kept of [store.works, ...store.perWork.values()]) {
      if (since?.change) for (const id of since.change.ids) kept.delete(id);
      else kept.clear();
    }
    store.worksTag = Math.max(version, since?.version ?? 0);
  };
  return (store.advance = store.advance.then(step));
}

/**
 * Reads the version of catalogue `versionId` (1 audio) once and answers the cache as of
 * that version (a pass-through when the database keeps no version). `read`: the version
 * this request already read with a versionColumn (null: none kept), so none is read here.
 */
export async function catalogueCache<W extends { id: number } = Work>(db: Db, versionId = 1, read?: number | string | null): Promise<CatalogueCache<W>> {
  const version = read === undefined ? await catalogueVersion(db, versionId) : read === null ? null : Number(read);
  if (version === null) return uncached;
  let spaces = stores.get(db);
  if (!spaces) stores.set(db, (spaces = new Map()));
  let store = spaces.get(versionId);
  if (!store) spaces.set(versionId, (store = { entries: new Map(), works: new Map(), perWork: new Map(), worksTag: version, advance: Promise.resolve() }));
  if (version > store.worksTag) await advanceWorks(db, versionId, store, version);
  const current = store;
  return {
    get<T>(key: string, compute: () => Promise<T>, patch?: Patch<T>): Promise<T> {
      const entry = current.entries.get(key);
      let next = entry;
      if (!entry || entry.minTag < version) {
        const result = entry && patch
          ? entry.result.then((old) => refresh(db, versionId, old, compute, patch as Patch<unknown>), () => fresh(compute, version))
          : fresh(compute, version); // the promise is kept, so concurrent requests share one computation
        const made: Entry = (next = { minTag: version, result });
        result.catch(() => { if (current.entries.get(key) === made) current.entries.delete(key); });
      }
      current.entries.delete(key); // re-inserted as the most recently used
      current.entries.set(key, next!);
      if (current.entries.size > MAX_ENTRIES) current.entries.delete(current.entries.keys().next().value!);
      return next!.result.then((r) => r.value as T);
    },
    current<T>(key: string): Promise<T> | undefined {
      const entry = current.entries.get(key);
      return entry && entry.minTag >= version ? entry.result.then((r) => r.value as T) : undefined;
    },
    work: (id) => current.works.get(id) as W | undefined,
    putWork(work) {
      if (version !== current.worksTag) return; // read at an older version than the kept works reflect
      current.works.set(work.id, work);
      if (current.works.size > MAX_WORKS) current.works.delete(current.works.keys().next().value!);
    },
    workValue: <T>(kind: string, id: number) => current.perWork.get(kind)?.get(id) as T | undefined,
    putWorkValue(kind, id, value, max) {
      if (version !== current.worksTag) return; // as putWork
      let kept = current.perWork.get(kind);
      if (!kept) current.perWork.set(kind, (kept = new Map()));
      kept.set(id, value);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    },
  };
}
