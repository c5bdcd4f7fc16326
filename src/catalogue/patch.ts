/**
 * Patching a cached ordered id list for the works a catalogue change wrote (for
 * cold requests; cache.ts, changes.ts): instead of sorting the whole filter again, the
 * changed works are taken out, the filter is evaluated for them alone, and those it
 * still holds are put back where the list's order places them. The place is found by
 * sorting small id sets in SQL with the list's own ORDER BY (every order ends in the id,
 * so it is total, and a subset sorts as it sits in the whole list): a search in rounds,
 * each sorting the changed works with p evenly spaced ids of the stretch each may sit in
 * (p = the square root of the list's length, at least MIN_PROBES), which narrows the
 * stretch p-fold: two rounds of about 320 rows for one change in 100,000 works, instead of
 * one sort of the whole filter. The result equals the list computed afresh.
 */
import type { CatalogueChange } from './changes.js';

/** Changed works a list is patched for at most; more: the list is computed afresh. */
export const MAX_PATCHED = 256;

/** How a list's filter and order read the database (on the patch's snapshot). */
export interface ListQueries {
  /** Which of `ids` the list's filter holds now. */
  members(ids: number[]): Promise<number[]>;
  /** `ids` in the list's order. */
  ordered(ids: number[]): Promise<number[]>;
}

/** Ids of the list sorted with the changed works in each round of the search, per stretch still open: at least this many. */
const MIN_PROBES = 64;

/**
 * The list `all` (ids in the list's order, as of the change's start) brought up to date
 * for `change`; undefined when the change names more than MAX_PATCHED works.
 */
export async function patchIdList(all: Int32Array, change: CatalogueChange, q: ListQueries): Promise<Int32Array | undefined> {
  if (change.ids.size === 0) return all;
  if (change.ids.size > MAX_PATCHED) return undefined;
  const rest = without(all, change.ids);
  const members = await q.members([...change.ids]);
  if (members.length === 0) return rest;

  // each member's place g (the number of `rest` ids before it) lies in [lo, hi]; every round
  // sorts up to probesEach ids of each open stretch with the members and narrows the stretches
  const probesEach = Math.max(MIN_PROBES, Math.ceil(Math.sqrt(rest.length))); // two rounds place any member
  const range = new Map(members.map((id) => [id, { lo: 0, hi: rest.length }]));
  let rank = new Map<number, number>();
  for (;;) {
    const probes = new Map<string, number[]>(); // stretch "lo-hi" -> probed positions
    for (const { lo, hi } of range.values()) {
      const key = `${lo}-${hi}`;
      if (hi === lo || probes.has(key)) continue;
      const step = (hi - lo) / Math.min(probesEach, hi - lo);
      const positions: number[] = [];
      for (let p = lo; p < hi; p += step) positions.push(Math.floor(p));
      probes.set(key, [...new Set(positions)]);
    }
    const sorted = await q.ordered([...[...probes.values()].flat().map((p) => rest[p]!), ...members]);
    rank = new Map(sorted.map((id, i) => [id, i]));
    if (probes.size === 0) break; // every place known: this round only ordered the members
    for (const [id, r] of range) {
      const positions = probes.get(`${r.lo}-${r.hi}`);
      if (!positions) continue;
      const before = positions.filter((p) => rank.get(rest[p]!)! < rank.get(id)!); // a prefix: probes sort as they sit in `rest`
      const i = before.length;
      range.set(id, { lo: i === 0 ? r.lo : positions[i - 1]! + 1, hi: i === positions.length ? r.hi : positions[i]! });
    }
    if ([...range.values()].every((r) => r.lo === r.hi)) break; // the members' order among themselves: this round's ranks
  }

  // the members by place, then in the list's order; the stretches of `rest` between them copied whole
  const placed = [...members].sort((a, b) => range.get(a)!.lo - range.get(b)!.lo || rank.get(a)! - rank.get(b)!);
  const out = new Int32Array(rest.length + members.length);
  let from = 0;
  placed.forEach((id, i) => {
    const g = range.get(id)!.lo;
    out.set(rest.subarray(from, g), from + i);
    out[g + i] = id;
    from = g;
  });
  out.set(rest.subarray(from), from + placed.length);
  return out;
}

/** `all` without `ids`, by native searches and block copies (a per-element callback over 100,000 ids costs 15 ms). */
function without(all: Int32Array, ids: Set<number>): Int32Array {
  const found = [...ids].map((id) => all.indexOf(id)).filter((i) => i >= 0).sort((a, b) => a - b);
  const rest = new Int32Array(all.length - found.length);
  let from = 0;
  found.forEach((at, i) => {
    rest.set(all.subarray(from, at), from - i);
    from = at + 1;
  });
  rest.set(all.subarray(from), from - found.length);
  return rest;
}
