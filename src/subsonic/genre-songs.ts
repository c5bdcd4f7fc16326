/**
 * Songs per genre (tag) for getGenres: each visible work's audio files, added to each of
 * its tags. Every copy counts: a work holding its tracks as mp3/ and wav/ adds both, where
 * its album lists one (variants.ts); telling the copies apart needs each work's files read
 * and grouped, about 22 s for the first call at 100,000 works against 1-2 s for these two
 * counting queries (bench/README.md, catalogue). Kept in the catalogue cache; when the
 * catalogue moves, the entry is patched for the works the change names (their old share
 * taken out, their links, visibility and files counted again on the change's snapshot), so
 * a cold getGenres reads the changed works only. The patched value equals the one
 * computed afresh.
 */
import type { Knex } from 'knex';
import { whereVisible, type ReadContext } from '../catalogue/index.js';
import type { Patch } from '../catalogue/cache.js';
import { MAX_PATCHED } from '../catalogue/patch.js';

/** Each counted work's tags and track count, and their sums per tag id. */
interface GenreSongs {
  byWork: Map<number, { tags: number[]; count: number }>;
  counts: Map<number, number>;
}

/** The shares of the visible works among `ids` (all visible works: undefined), read on `db`. */
async function shares(db: Knex, ids?: number[]): Promise<GenreSongs['byWork']> {
  const visible = () => {
    const q = whereVisible(db('works')).select('id');
    return ids ? q.whereIn('id', ids) : q;
  };
  const [links, files]: [{ tag_id: number | string; work_id: number | string }[], { work_id: number | string; n: number | string }[]] = await Promise.all([
    db('work_tags').whereIn('work_id', visible()).select('tag_id', 'work_id'),
    db('files').where('type', 'audio').whereIn('work_id', visible()).groupBy('work_id').select('work_id', db.raw('count(*) as n')),
  ]);
  const counts = new Map(files.map((f) => [Number(f.work_id), Number(f.n)]));
  const byWork: GenreSongs['byWork'] = new Map();
  for (const l of links) {
    const id = Number(l.work_id);
    let share = byWork.get(id);
    if (!share) byWork.set(id, (share = { tags: [], count: counts.get(id) ?? 0 }));
    share.tags.push(Number(l.tag_id));
  }
  return byWork;
}

/** Adds (sign 1) or takes out (sign -1) one work's share of the per-tag sums; a sum of 0 is dropped, as a fresh count has none. */
function apply(counts: Map<number, number>, share: { tags: number[]; count: number }, sign: 1 | -1): void {
  for (const tag of share.tags) {
    const n = (counts.get(tag) ?? 0) + sign * share.count;
    if (n === 0) counts.delete(tag);
    else counts.set(tag, n);
  }
}

/**
 * The patch of the cached value for the works a change names (more than MAX_PATCHED:
 * computed afresh). The shares are updated in place: the cache patches an entry's value
 * once, in the order of the versions, and replaces the entry (a failed patch drops it), and
 * no reader holds `byWork`; copying it would cost more than the rest of a cold call (about
 * 100 ms at 100,000 works). `counts`, which callers hold, is a new map.
 */
const patch: Patch<GenreSongs> = async (old, change, conn) => {
  if (change.ids.size > MAX_PATCHED) return undefined;
  if (change.ids.size === 0) return old;
  const now = await shares(conn, [...change.ids]); // read first: a failed read leaves `old` whole
  const byWork = old.byWork;
  const counts = new Map(old.counts);
  for (const id of change.ids) {
    const share = byWork.get(id);
    if (share) apply(counts, share, -1);
    byWork.delete(id);
  }
  for (const [id, share] of now) {
    byWork.set(id, share);
    apply(counts, share, 1);
  }
  return { byWork, counts };
};

/**
 * Songs (audio files, every copy) per tag id of the visible works; tags without songs are
 * absent. Reads through the request's catalogue cache.
 */
export async function songCountsByTag(read: ReadContext): Promise<Map<number, number>> {
  const kept = await read.catalogue();
  const value = await kept.get('subsonic|genre-songs', async () => {
    const byWork = await shares(read.db);
    const counts = new Map<number, number>();
    for (const share of byWork.values()) apply(counts, share, 1);
    return { byWork, counts };
  }, patch);
  return value.counts;
}
