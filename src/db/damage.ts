/**
 * A damaged SQLite database, told apart from other failures so every command says which
 * file is damaged and how to put a backup back (`audiolib db restore FILE`,
 * src/db/backup.ts), with exit 2, instead of the driver's raw SQL text. The database
 * (knex.ts openDb) marks each query error the SQLite driver reports as damage
 * (SQLITE_CORRUPT, SQLITE_NOTADB) with its file; the CLI (src/cli/failure.ts) reads the
 * mark. Kept free of heavy imports: the CLI's error path loads it before any command.
 */

/** The driver's codes of a file that is not (or no longer) a readable database. */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** Where markDamage keeps the file on the error. */
const FILE = Symbol('damagedDatabaseFile');

/** True when `err` is the SQLite driver's report of a damaged database file (its `code`). */
export function isDamageError(err: unknown): boolean {
  return err instanceof Error && DAMAGE_CODES.has((err as { code?: string }).code ?? '');
}

/** Marks a damage error (isDamageError) with the database file it came from (an absolute path); other errors are left alone. */
export function markDamage(err: unknown, file: string): void {
  if (isDamageError(err)) (err as unknown as Record<symbol, string>)[FILE] ??= file;
}

/** The damaged file an error was marked with (markDamage), else undefined. */
export function damagedFileOf(err: unknown): string | undefined {
  return isDamageError(err) ? (err as unknown as Record<symbol, string | undefined>)[FILE] : undefined;
}

/**
 * The advice after a damaged database is named: how to restore a backup (the server
 * stopped) and where the scheduled ones are kept.
 */
export const RESTORE_ADVICE = 'restore a backup with `audiolib db restore FILE` with the server stopped (`audiolib db backup` and backupCron write them to backups/ in the data directory; man audiolib-db)';

/**
 * The one-line report of a damaged database: `the database FILE is damaged (DETAIL):
 * RESTORE_ADVICE`, DETAIL the driver's words without its code prefix and without the
 * SQL of the query that met the damage.
 */
export function damageMessage(file: string, err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const detail = text.replace(/^[\s\S]* - (?=SQLITE_)/, '').replace(/^SQLITE_\w+: /, '');
  return `the database ${file} is damaged (${detail}): ${RESTORE_ADVICE}`;
}
