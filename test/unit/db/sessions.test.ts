/**
 * PostgreSQL sessions as openDb sets them up (src/db/knex.ts, src/db/README.md "Sessions
 * on PostgreSQL"): planned for a catalogue held in memory (random_page_cost 1.1) unless
 * the database's administrator chose a cost, which then stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openMigrated, type Db } from '../../../src/db/index.js';
import { PG_MODE } from '../../helpers/pg.js';
import { tempDataDir } from '../../helpers/server.js';

const opened: Db[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

async function open(dataDir: string): Promise<Db> {
  const db = await openMigrated(dataDir);
  opened.push(db);
  return db;
}

const pageCost = async (db: Db) => (await db.raw('SHOW random_page_cost')).rows[0].random_page_cost as string;

describe.skipIf(!PG_MODE)('PostgreSQL sessions', () => {
  it('plan for pages in memory: random_page_cost 1.1 on every connection of the pool', async () => {
    const db = await open(tempDataDir());
    // several connections at once, so the pool opens more than one
    const costs = await db.transaction(async (trx) => [await pageCost(trx as unknown as Db), await pageCost(db)]);
    expect(costs).toEqual(['1.1', '1.1']);
  });

  it("keep the cost the database's administrator set", async () => {
    const dataDir = tempDataDir();
    const first = await open(dataDir);
    const name = (await first.raw('SELECT current_database() AS name')).rows[0].name as string;
    await first.raw(`ALTER DATABASE "${name}" SET random_page_cost = 2`);
    const second = await open(dataDir); // new connections read the database's setting
    expect(await pageCost(second)).toBe('2');
  });
});
