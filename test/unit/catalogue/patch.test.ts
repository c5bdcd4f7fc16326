/**
 * patchIdList (src/catalogue/patch.ts) on large lists without a database: the filter and
 * the order are plain functions of a key table, changed between two computations; the
 * patched list must equal the list sorted afresh, for any number of changed ids up to
 * MAX_PATCHED, ties included (the order ends in the id, as every list order does).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PATCHED, patchIdList } from '../../../src/catalogue/patch.js';
import { prng } from '../../helpers/prng.js';

describe('patchIdList', () => {
  it('answers the list sorted afresh after changes of keys, membership, new and deleted ids', async () => {
    const random = prng(7);
    for (const [n, changes] of [[0, 3], [1, 1], [5, 4], [1000, 1], [20_000, 1], [20_000, 17], [20_000, MAX_PATCHED], [3000, 200]] as const) {
      const key = new Map<number, number>();
      const member = new Map<number, boolean>();
      for (let id = 1; id <= n; id++) { key.set(id, Math.floor(random() * 50)); member.set(id, random() < 0.8); }
      const list = () => Int32Array.from([...key.keys()].filter((id) => member.get(id)).sort((a, b) => key.get(a)! - key.get(b)! || a - b));
      const before = list();
      const ids = new Set<number>();
      while (ids.size < changes) {
        const id = 1 + Math.floor(random() * (n + 20)); // some beyond n: new works
        ids.add(id);
        if (random() < 0.1) { key.delete(id); member.delete(id); continue; } // deleted
        key.set(id, Math.floor(random() * 50));
        member.set(id, random() < 0.8);
      }
      let queries = 0;
      const patched = await patchIdList(before, { ids, names: false }, {
        members: async (of) => of.filter((id) => member.get(id)),
        ordered: async (of) => { queries++; return [...of].sort((a, b) => key.get(a)! - key.get(b)! || a - b); },
      });
      expect(Array.from(patched!)).toEqual(Array.from(list()));
      if (changes === 1 && n === 20_000) expect(queries).toBeLessThanOrEqual(2);
    }
  });

  it('declines more than MAX_PATCHED changed works', async () => {
    const ids = new Set(Array.from({ length: MAX_PATCHED + 1 }, (_, i) => i));
    expect(await patchIdList(new Int32Array([1, 2]), { ids, names: false }, { members: async () => [], ordered: async () => [] })).toBeUndefined();
  });
});
