/**
 * One work (spec 000 section 7): the detail call. The admin's delete, which hides the
 * work, is src/works/hide.ts `hideWork`.
 */
import type { Work } from '../model/index.js';
import { loadWorks } from './hydrate.js';
import type { ReadContext } from './context.js';
import type { Scope } from './visible.js';
import { AUDIO_CATALOGUE, type CatalogueDef } from './definition.js';
import type { UserFields } from './presenter.js';

/** Which work getWork reads: its `scope` (visible.ts; default the library) in `catalogue` (definition.ts; default the audio works, the novel section has no scopes). */
export interface WorkLookup<W extends UserFields> { scope?: Scope; catalogue?: CatalogueDef<W> }

/**
 * Work `id` visible in `lookup.scope` of `lookup.catalogue` as the context's viewer sees
 * it; undefined otherwise.
 */
export async function getWork<W extends UserFields = Work>(ctx: ReadContext, id: number, lookup: WorkLookup<W> = {}): Promise<W | undefined> {
  const def = lookup.catalogue ?? (AUDIO_CATALOGUE as unknown as CatalogueDef<W>);
  const visible = await def.whereVisible(ctx.db(def.tables.works).where({ id }), lookup.scope ?? 'library').first('id');
  if (!visible) return undefined;
  return (await loadWorks(ctx, [id], { catalogue: def }))[0];
}
