/**
 * Circles, tags and VAs (spec 000 section 7): the name lists with their counts of
 * visible works, and one name by id.
 */
import type { Db } from '../db/index.js';
import type { ListItem } from '../api/types.js';
import { catalogueCache } from './cache.js';

export type NameKind = 'circles' | 'tags' | 'vas';

/** How each kind links to works: the link table (null = works.circle_id) and its id column. */
const LINKS: Record<NameKind, { table: string | null; column: string }> = {
  circles: { table: null, column: 'circle_id' },
  tags: { table: 'work_tags', column: 'tag_id' },
  vas: { table: 'work_vas', column: 'va_id' },
};

/**
 * Every circle, tag or VA with at least one visible work (status 3, not removed), as
 * `[{id, name, count}]` sorted by name; count = its visible works. Cached per catalogue version.
 */
export async function listNames(db: Db, kind: NameKind): Promise<ListItem<number | string>[]> {
  const { table, column } = LINKS[kind];
  const counts = table
    ? db(`${table} as l`).join('works as w', 'w.id', 'l.work_id').select(`l.${column} as ref`)
    : db('works as w').select(`w.${column} as ref`);
  counts.where('w.status', 3).whereNull('w.removed_at').count({ count: '*' }).groupBy('ref');
  const query = db(`${kind} as n`).join(counts.as('k'), 'k.ref', 'n.id').select('n.id', 'n.name', 'k.count').orderBy('n.name').orderBy('n.id');
  const { sql, bindings } = query.toSQL();
  return (await catalogueCache(db)).get(`names|${sql}|${JSON.stringify(bindings)}`, async () =>
    (await query).map((r: { id: number | string; name: string | null; count: number | string }) => ({ id: r.id, name: r.name, count: Number(r.count) })));
}

/** The name of one circle, tag or VA; undefined when the id is unknown. */
export async function getName(db: Db, kind: NameKind, id: number | string): Promise<{ name: string | null } | undefined> {
  return db(kind).where({ id }).first('name');
}
