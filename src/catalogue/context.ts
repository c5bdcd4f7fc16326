/**
 * The read context of one request: what every read of the catalogue, the caller's
 * favourites and history, and the players' readers need besides their own arguments
 * (the database, who is looking, the catalogue's cache as of the request's version).
 * Built once per request (the web API's `readContext` middleware, the players' API per
 * call, the TUI's local mode per call) and passed as the first argument of those reads.
 */
import type { Db } from '../db/index.js';
import type { User, Work } from '../model/index.js';
import { catalogueCache, type CatalogueCache } from './cache.js';

/** Who reads: the signed-in user (`null`: nobody, so no user data rides on the works). */
export type Viewer = User;

export interface ReadContext {
  readonly db: Db;
  readonly viewer: Viewer | null;
  /**
   * The cache of the catalogue whose `catalogue_version` row is `versionId` (1 the audio
   * works, the default; 2 the novel section: definition.ts `versionId`), as of the version
   * this request read: opened (the version read) at most once per request and catalogue.
   */
  catalogue<W extends { id: number } = Work>(versionId?: number): Promise<CatalogueCache<W>>;
}

/** What a request already knows: the audio catalogue's version read with the account (src/server/middleware/session-read.ts). */
export interface KnownVersions { audio?: number | null }

/**
 * The read context of a request by `viewer` on `db`. `known.audio`: the audio catalogue's
 * version the request read already (null: the database keeps none), so opening its cache
 * reads nothing more.
 */
export function readContext(db: Db, viewer: Viewer | null, known: KnownVersions = {}): ReadContext {
  const opened = new Map<number, Promise<CatalogueCache<never>>>();
  return {
    db,
    viewer,
    catalogue<W extends { id: number } = Work>(versionId = 1): Promise<CatalogueCache<W>> {
      let cache = opened.get(versionId);
      if (!cache) opened.set(versionId, (cache = catalogueCache<never>(db, versionId, versionId === 1 ? known.audio : undefined)));
      return cache as unknown as Promise<CatalogueCache<W>>;
    },
  };
}

/** The user name `ctx`'s user data is read for ('' for nobody: no rows). */
export const viewerName = (ctx: Pick<ReadContext, 'viewer'>): string => ctx.viewer?.name ?? '';
