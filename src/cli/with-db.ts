/**
 * The database step of the commands that manage accounts and keys (`audiolib user`,
 * `audiolib translate-key`): they work whether or not the server runs (SQLite WAL with
 * a busy timeout), and a running server sees the change on its next request.
 */
import type { Command } from 'commander';
import { ensureDataDir, resolveDataDir } from '../config/index.js';
import { openMigrated, type Db } from '../db/index.js';
import { DomainError } from '../model/index.js';
import { CliError } from './output.js';

/**
 * Opens the database of `program`'s --data-dir / --db (migrated), runs `fn` (given the
 * data directory too: its secret.key), closes it. A refused operation (DomainError)
 * becomes a CliError with its message (exit 2).
 */
export async function withDb(program: Command, fn: (db: Db, dataDir: string) => Promise<void>): Promise<void> {
  const global = program.opts<{ dataDir?: string; db?: string }>();
  const dataDir = resolveDataDir(global.dataDir);
  ensureDataDir(dataDir);
  const db = await openMigrated(dataDir, global.db);
  try {
    await fn(db, dataDir);
  } catch (err) {
    throw err instanceof DomainError ? new CliError(err.message) : err;
  } finally {
    await db.destroy();
  }
}
