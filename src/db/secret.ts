/**
 * The token signing secret (DESIGN section 3): on SQLite 32 random bytes in the data
 * directory's secret.key (mode 0600, config/load.ts loadSecret); on PostgreSQL a row of
 * `server_secrets`, created once with insert-if-absent by whichever instance comes first,
 * so every instance on the database signs and checks tokens (and seals player passwords)
 * with the same bytes.
 */
import crypto from 'node:crypto';
import { loadSecret } from '../config/index.js';
import { dialectOf } from './dialect/index.js';
import type { Db } from './knex.js';

/** The raw secret bytes of the database `db` (PostgreSQL) or of `dataDir` (SQLite). */
export async function serverSecret(db: Db, dataDir: string): Promise<Uint8Array> {
  if (dialectOf(db).name !== 'postgres') return loadSecret(dataDir);
  await db('server_secrets').insert({ name: 'token', value: crypto.randomBytes(32).toString('hex') }).onConflict('name').ignore();
  const row = await db('server_secrets').where({ name: 'token' }).first<{ value: string }>('value');
  return Buffer.from(row!.value, 'hex');
}
