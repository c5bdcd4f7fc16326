/**
 * One work (spec 000 section 7): the detail call. The admin's delete, which hides the
 * work, is src/works/hide.ts `hideWork`.
 */
import type { Db } from '../db/index.js';
import type { Work } from '../model/index.js';
import { loadWorks } from './hydrate.js';
import { catalogueCache, type CatalogueCache } from './cache.js';
import type { Scope } from './visible.js';
import { AUDIO_CATALOGUE, type CatalogueDef } from './definition.js';
import type { UserFields } from './presenter.js';

/**
 * Work `id` visible in `scope` (visible.ts; default the library) of catalogue `def` (the
 * audio works by default; the novel section has no scopes) as the caller `viewer` sees it;
 * undefined otherwise. `cache`: the catalogue's cache if the caller has read it.
 */
export async function getWork<W extends UserFields = Work>(
  db: Db, id: number, viewer: string, scope: Scope = 'library', def: CatalogueDef<W> = AUDIO_CATALOGUE as unknown as CatalogueDef<W>, cache?: CatalogueCache<W>,
): Promise<W | undefined> {
  const visible = await def.whereVisible(db(def.tables.works).where({ id }), undefined, scope).first('id');
  if (!visible) return undefined;
  return (await loadWorks(db, cache ?? await catalogueCache<W>(db, def.versionId), [id], viewer, 'work', def))[0];
}
