/**
 * Circles, tags and VAs (spec 000 section 7): the name lists with their counts of
 * visible works, and one name by id.
 */
import type { ListItem } from '../model/index.js';
import { keepUnlessNamesChanged } from './cache.js';
import type { ReadContext } from './context.js';
import { AUDIO_CATALOGUE, type AnyCatalogue } from './definition.js';

export type NameKind = 'circles' | 'tags' | 'vas';

/**
 * The count query of `kind` in catalogue `def`, answering (id, name, count) of every
 * name with visible works. Circles: one walk of the index (status, removed_at,
 * circle_id). Tags and VAs: all links per name (a walk of the link index) minus the
 * links of hidden works (few, so subtracting their links is cheap).
 */
function countSql(def: AnyCatalogue, kind: NameKind): string {
  const t = def.tables;
  if (kind === 'circles') {
    return `SELECT n.id, n.name, k.n AS count FROM ${t.circles} n
    JOIN (SELECT circle_id AS ref, count(*) AS n FROM ${t.works} WHERE ${def.visibleSql} GROUP BY circle_id) k ON k.ref = n.id`;
  }
  const [names, links, column] = kind === 'tags' ? [t.tags, t.workTags, 'tag_id'] : [t.vas, t.workVas, 'va_id'];
  const hiddenWorks = `SELECT id FROM ${t.works} WHERE ${def.hiddenSql}`;
  return `SELECT n.id, n.name, a.n - coalesce(h.n, 0) AS count FROM ${names} n
    JOIN (SELECT ${column} AS ref, count(*) AS n FROM ${links} GROUP BY ${column}) a ON a.ref = n.id
    LEFT JOIN (SELECT ${column} AS ref, count(*) AS n FROM ${links} WHERE work_id IN (${hiddenWorks}) GROUP BY ${column}) h ON h.ref = n.id
    WHERE a.n - coalesce(h.n, 0) > 0`;
}

/**
 * Every circle, tag or VA of catalogue `def` (the audio works by default) with at least
 * one visible work (visible.ts), as `[{id, name, count}]` sorted by name then id; count =
 * its visible works. Cached, and kept across catalogue changes that leave names and
 * visibility alone (cache.ts keepUnlessNamesChanged), in the request's cache of that catalogue.
 */
export async function listNames(ctx: ReadContext, kind: NameKind, def: AnyCatalogue = AUDIO_CATALOGUE): Promise<ListItem<number | string>[]> {
  const { db } = ctx;
  return (await ctx.catalogue(def.versionId)).get(`names|${kind}`, async () => {
    const rows: { id: number | string; name: string | null; count: number | string }[] = await db
      .select('id', 'name', 'count')
      .from(db.raw(`(${countSql(def, kind)}) AS c`))
      .orderBy('name')
      .orderBy('id');
    return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
  }, keepUnlessNamesChanged);
}

/** The name of one circle, tag or VA of catalogue `def`; undefined when the id is unknown. */
export async function getName(ctx: ReadContext, kind: NameKind, id: number | string, def: AnyCatalogue = AUDIO_CATALOGUE): Promise<{ name: string | null } | undefined> {
  return ctx.db(def.tables[kind]).where({ id }).first('name');
}
