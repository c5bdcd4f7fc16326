/**
 * Vitest global setup: on AUDIOLIB_TEST_DB=pg, starts a throwaway PostgreSQL cluster
 * (pg.ts), migrates the template database, tells the test processes where it is
 * (AUDIOLIB_TEST_PG), and stops and removes the cluster at the end. Nothing otherwise.
 */
import { migrate, openDb } from '../../src/db/index.js';
import { PG_MODE, TEMPLATE_DB, createDatabase, startCluster } from './pg.js';

export default async function setup(): Promise<(() => void) | undefined> {
  if (!PG_MODE) return undefined;
  const cluster = await startCluster();
  try {
    const db = openDb(createDatabase(cluster.folder, cluster.port, TEMPLATE_DB));
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
  } catch (err) {
    cluster.stop();
    throw err;
  }
  process.env.AUDIOLIB_TEST_PG = `${cluster.folder}|${cluster.port}`;
  return () => cluster.stop();
}
