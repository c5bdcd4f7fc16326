/**
 * `audiolib db copy [--from FILE] --to URL [--force] [--json]` (man/audiolib-db.1): copies
 * a whole catalogue (works, users, reviews, history, lyric tasks, everything) from a SQLite
 * file into a PostgreSQL database (src/db/copy.ts), one transaction per table, with
 * progress on stderr; the token secret of the file's data directory comes along. Exit 0 copied, 2 bad usage or a non-empty target without --force,
 * 1 the copy failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { readSecret, resolveDataDir } from '../config/index.js';
import { copyDatabase, openDb, hideDbPassword, sqlitePath } from '../db/index.js';
import { isPostgresUrl } from '../db/dialect/index.js';
import { DomainError } from '../model/index.js';
import { CliError, info, printJson } from './output.js';

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
}
