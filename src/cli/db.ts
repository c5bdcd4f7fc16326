/**
 * `audiolib db copy [--from FILE] --to URL [--force] [--json]` (man/audiolib-db.1): copies
 * a whole catalogue (works, users, reviews, history, lyric tasks, everything) from a SQLite
 * file into a PostgreSQL database (src/db/copy.ts), all in one transaction, with
 * progress on stderr; the token secret of the file's data directory comes along. Exit 0 copied, 2 bad usage or a non-empty target without --force,
 * 1 the copy failed (a CopyError: one sentence naming the table and row; the target is left as it was).
 *
 * `audiolib db backup [FILE] [--json]` and `audiolib db restore FILE [--json]`
 * (src/db/backup.ts): a consistent copy of the SQLite database while the server runs
 * (default `backups/audiolib-YYYYMMDD-HHMMSS.sqlite3` in the data directory), and a
 * backup put back while nothing has the database open. Exit 0 done; 2 a refusal (an
 * existing FILE, a missing, damaged or foreign restore file, a database in use, and on
 * PostgreSQL, where each prints the pg_dump or pg_restore command to use instead); 75 a
 * scan holds the scan lock (restore); 1 the copy failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { ensureDataDir, readSecret, resolveDataDir } from '../config/index.js';
import { copyDatabase, openDb, hideDbPassword, sqlitePath, resolveDbTarget } from '../db/index.js';
import { BackupError, backupDatabase, ensureBackupsDir, pgDumpCommand, pgDumpFileName, pgRestoreCommand, restoreDatabase, sizeText } from '../backup/backup.js';
import { isPostgresUrl } from '../db/dialect/index.js';
import { DomainError } from '../model/index.js';
import { CliError, EXIT_LOCKED, EXIT_USAGE, info, printJson, printJsonLine } from './output.js';

/** The CLI error of a refused backup or restore: exit 75 ('locked') for a running scan, else 2 with the refusal as its code. */
const cliErrorOf = (err: unknown) => (err instanceof BackupError ? new CliError(err.message, err.reason === 'scan_running' ? EXIT_LOCKED : EXIT_USAGE, err.reason === 'scan_running' ? 'locked' : err.reason) : err);

/**
 * Refuses a backup or restore of a PostgreSQL database (exit 2, code 'postgres'), saying
 * which command of PostgreSQL's own does it: one `audiolib: ...` line on stderr, and with
 * --json one document `{error, code, exit, command}` on stdout.
 */
function refusePostgres(message: string, command: string, json?: boolean): void {
  if (command.includes(':***@')) message += ' (replace *** with the password, or drop :*** to use ~/.pgpass)';
  if (json) printJsonLine({ error: `${message}: ${command}`, code: 'postgres', exit: EXIT_USAGE, command });
  process.stderr.write(`audiolib: ${message}: ${command}\n`);
  process.exitCode = EXIT_USAGE;
}

export function registerDb(program: Command): void {
  const db = program.command('db').description('manage the database');
  db.command('copy')
    .description('copy every table of a SQLite database into an empty PostgreSQL database')
    .option('--from <file>', 'the SQLite database (default: audiolib.sqlite3 in the data directory)')
    .requiredOption('--to <url>', 'the PostgreSQL database, postgres://user:password@host/db')
    .option('--force', "replace the target's rows when it is not empty")
    .option('--json', 'print {from, to, tables: [{table, rows}]} as JSON')
    .action(async (opts: { from?: string; to: string; force?: boolean; json?: boolean }) => {
      const global = program.opts<{ dataDir?: string }>();
      const fromFile = path.resolve(opts.from ?? sqlitePath(resolveDataDir(global.dataDir)));
      if (isPostgresUrl(fromFile) || isPostgresUrl(opts.from ?? '')) throw new CliError('--from must be a SQLite file');
      if (!isPostgresUrl(opts.to)) throw new CliError('--to must be a PostgreSQL URL (postgres://user:password@host/db)');
      if (!fs.existsSync(fromFile)) throw new CliError(`no such database file: ${fromFile}`);
      const source = openDb(fromFile);
      const target = openDb(opts.to);
      let shownAt = 0;
      try {
        const report = await copyDatabase(source, target, {
          force: opts.force,
          secret: readSecret(path.dirname(fromFile)), // the source's data directory
          // a line per table when it is done, and every 5 seconds within a large one
          progress: (table, copied, total) => {
            if (copied === total) info(`copied ${table}: ${copied}/${total}`);
            else if (copied > 0 && Date.now() - shownAt > 5000) info(`copying ${table}: ${copied}/${total}`);
            else return;
            shownAt = Date.now();
          },
        });
        const rows = report.tables.reduce((n, t) => n + t.rows, 0);
        if (opts.json) printJson({ from: fromFile, to: hideDbPassword(opts.to), tables: report.tables });
        else info(`copied ${report.tables.length} tables, ${rows} rows, from ${fromFile} to ${hideDbPassword(opts.to)}; row counts verified`);
      } catch (err) {
        throw err instanceof DomainError ? new CliError(err.message) : err;
      } finally {
        await Promise.all([source.destroy(), target.destroy()]);
      }
    });

  db.command('backup')
    .description('write a consistent copy of the SQLite database, also while the server runs')
    .argument('[file]', 'the backup file, which must not exist (default: backups/audiolib-YYYYMMDD-HHMMSS.sqlite3 in the data directory)')
    .option('--json', 'print {file, database, bytes, ms} as JSON')
    .action(async (file: string | undefined, opts: { json?: boolean }) => {
      const global = program.opts<{ dataDir?: string; db?: string }>();
      const dataDir = resolveDataDir(global.dataDir);
      const target = resolveDbTarget(dataDir, global.db);
      if (isPostgresUrl(target)) {
        if (file === undefined) ensureBackupsDir(dataDir); // where the command writes
        return refusePostgres('the database is PostgreSQL: back it up with pg_dump', pgDumpCommand(target, path.resolve(file ?? pgDumpFileName(dataDir))), opts.json);
      }
      const database = path.resolve(target);
      if (!fs.existsSync(database)) throw new CliError(`no database to back up: ${database} does not exist`);
      const source = openDb(database);
      try {
        const result = await backupDatabase(source, { dataDir, file });
        if (opts.json) printJson({ file: result.file, database, bytes: result.bytes, ms: result.ms });
        else info(`backed up ${database} to ${result.file} (${sizeText(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s)`);
      } catch (err) {
        throw cliErrorOf(err);
      } finally {
        await source.destroy();
      }
    });

  db.command('restore')
    .description('replace the SQLite database with a backup (stop the server first)')
    .argument('<file>', 'the backup to put back')
    .option('--json', 'print {file, database, previous, migrated} as JSON')
    .action(async (file: string, opts: { json?: boolean }) => {
      const global = program.opts<{ dataDir?: string; db?: string }>();
      const dataDir = resolveDataDir(global.dataDir);
      const target = resolveDbTarget(dataDir, global.db);
      if (isPostgresUrl(target)) {
        return refusePostgres('the database is PostgreSQL: restore a pg_dump file with pg_restore', pgRestoreCommand(target, path.resolve(file)), opts.json);
      }
      ensureDataDir(dataDir);
      try {
        const result = await restoreDatabase({ file, target });
        if (opts.json) printJson(result);
        else {
          const migrated = result.migrated.length > 0 ? `, migrated (${result.migrated.length} migrations)` : '';
          info(`restored ${result.database} from ${result.file}${migrated}${result.previous ? `; the database it replaced is kept as ${result.previous}` : ''}`);
        }
      } catch (err) {
        throw cliErrorOf(err);
      }
    });
}
