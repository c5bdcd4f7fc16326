/**
 * Circles, tags and VAs (spec 000 section 7): the name lists with their counts of
 * visible works, and one name by id.
 */
import type { Db } from '../db/index.js';
import type { ListItem } from '../model/index.js';
import { catalogueCache } from './cache.js';
import { HIDDEN_WORK_SQL, VISIBLE_WORK_SQL } from './visible.js';

export type NameKind = 'circles' | 'tags' | 'vas';

/** Hidden works (not in the library, or removed): few, so subtracting their links is cheap. */
const HIDDEN_WORKS = `SELECT id FROM works WHERE ${HIDDEN_WORK_SQL}`;

/**
 * Count queries per kind, answering (id, name, count) of every name with visible works.
 * Circles: one walk of the index (status, removed_at, circle_id). Tags and VAs: all links
 * per name (a walk of the link index) minus the links of hidden works.
 */
const COUNT_SQL: Record<NameKind, string> = {
  circles: `SELECT n.id, n.name, k.n AS count FROM circles n
    JOIN (SELECT circle_id AS ref, count(*) AS n FROM works WHERE ${VISIBLE_WORK_SQL} GROUP BY circle_id) k ON k.ref = n.id`,
  tags: linkCounts('tags', 'work_tags', 'tag_id'),
  vas: linkCounts('vas', 'work_vas', 'va_id'),
};

function linkCounts(names: string, links: string, column: string): string {
  return `SELECT n.id, n.name, a.n - coalesce(h.n, 0) AS count FROM ${names} n
    JOIN (SELECT ${column} AS ref, count(*) AS n FROM ${links} GROUP BY ${column}) a ON a.ref = n.id
    LEFT JOIN (SELECT ${column} AS ref, count(*) AS n FROM ${links} WHERE work_id IN (${HIDDEN_WORKS}) GROUP BY ${column}) h ON h.ref = n.id
    WHERE a.n - coalesce(h.n, 0) > 0`;
}

/**
 * Every circle, tag or VA with at least one visible work (visible.ts), as
 * `[{id, name, count}]` sorted by name then id; count = its visible works. Cached per
 * catalogue version.
 */
export async function listNames(db: Db, kind: NameKind): Promise<ListItem<number | string>[]> {
  return (await catalogueCache(db)).get(`names|${kind}`, async () => {
    const rows: { id: number | string; name: string | null; count: number | string }[] = await db
      .select('id', 'name', 'count')
      .from(db.raw(`(${COUNT_SQL[kind]}) AS c`))
      .orderBy('name')
      .orderBy('id');
    return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
  });
}

/** The name of one circle, tag or VA; undefined when the id is unknown. */
export async function getName(db: Db, kind: NameKind, id: number | string): Promise<{ name: string | null } | undefined> {
  return db(kind).where({ id }).first('name');
}
