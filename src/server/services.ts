/**
 * Opens what the server needs from a data directory: config, migrated database,
 * token secret. Used by `audiolib serve` and by the API tests.
 */
import { ensureDataDir, loadConfig } from '../config/index.js';
import { openMigrated, serverSecret } from '../db/index.js';
import type { AppServices } from './context.js';

/** Loads config (throws ConfigError), opens and migrates the database, loads the secret (secret.key, or the database's on PostgreSQL). */
export async function openServices(dataDir: string, dbUrl?: string): Promise<AppServices> {
  ensureDataDir(dataDir);
  const config = loadConfig(dataDir);
  const db = await openMigrated(dataDir, dbUrl);
  return { db, config, dataDir, secret: await serverSecret(db, dataDir) };
}
