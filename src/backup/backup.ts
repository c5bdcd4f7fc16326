/**
 * Backups of the SQLite database (man/audiolib-db.1, src/db/README.md "Backups"):
 *
 * - `backupDatabase` writes a consistent copy while the server runs: SQLite's
 *   `VACUUM INTO` reads one snapshot of the database (WAL: writers go on meanwhile) into
 *   a new single file (no -wal), never a plain copy of a live file. The copy is written
 *   under a hidden partial name, flushed to disk, then linked to its name, so a name never
 *   shows a half-written file and an existing file is never replaced.
 * - `pruneBackups` keeps the newest `keep` backups of the data directory's `backups/`
 *   folder, counting only the files named as `backupFileName` names them.
 * - `restoreDatabase` puts a backup back while nothing has the database open: the file is
 *   checked (a SQLite database, undamaged, of this schema) and migrated in a copy beside
 *   the database, which then replaces it with one rename; the database it replaces is kept
 *   as `NAME.before-restore-YYYYMMDD-HHMMSS`.
 *
 * PostgreSQL is backed up with its own tools: `pgDumpCommand` and `pgRestoreCommand`
 * say how. Every file written is mode 0600, the backups folder 0700.
 */
import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { dialectOf, isPostgresUrl } from '../db/dialect/index.js';
import { DB_FILE_MODE, migrate, migrationsDir, openDb, type Db } from '../db/knex.js';
import { hideDbPassword } from '../db/url.js';
import { currentScanLock } from '../scan/lock.js';

/** Mode of the backups folder: owner only, like the data directory. */
export const BACKUP_DIR_MODE = 0o700;

/** The folder of the default and scheduled backups inside a data directory. */
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** A backup's file name as `backupFileName` makes it: a UTC time, and a number when that second already has one. */
const BACKUP_NAME = /^audiolib-(\d{8})-(\d{6})(?:-(\d+))?\.sqlite3$/;

/** The first 16 bytes of every SQLite database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/** How long the in-use check waits for another connection's lock before it calls the database in use (ms). */
const IN_USE_WAIT_MS = 2000;

/** Why a backup or a restore was refused; `reason` tells the kinds apart (the CLI's exit code and JSON `code`). */
export type BackupRefusal = 'exists' | 'not_found' | 'not_sqlite' | 'damaged' | 'not_audiolib' | 'newer' | 'in_use' | 'scan_running' | 'postgres';

/** A refused backup or restore: `message` is one sentence naming the file. */
export class BackupError extends Error {
  constructor(readonly reason: BackupRefusal, message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A size in bytes as people read it: kB, MB or GB (powers of 1000), one or two decimals. */
export const sizeText = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : bytes < 1e9 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e9).toFixed(2)} GB`);

/** `YYYYMMDD-HHMMSS` of `now` in UTC. */
function stamp(now: Date): string {
  const iso = now.toISOString(); // 2026-01-02T03:04:05.678Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/**
 * The name of a backup made at `now` (UTC): `audiolib-YYYYMMDD-HHMMSS.sqlite3`, or with
 * `-N` before the extension (`n` 2 and up) for a second backup within the same second.
 */
export function backupFileName(now: Date, n = 1): string {
  return `audiolib-${stamp(now)}${n > 1 ? `-${n}` : ''}.sqlite3`;
}

/** Flushes a file (or, best effort, a folder: some file systems refuse) to disk. */
function fsyncPath(file: string, folder = false): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    if (folder) return;
    throw err;
  }
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    if (!folder) throw err;
  } finally {
    fs.closeSync(fd);
  }
}

/** Removes files that may be absent. */
function removeQuietly(...files: string[]): void {
  for (const file of files) fs.rmSync(file, { force: true });
}

/** Creates `dir` (and missing parents) with mode 0700; `own`: also makes an existing one 0700 (the data directory's backups folder). */
function makeBackupFolder(dir: string, own: boolean): void {
  fs.mkdirSync(dir, { recursive: true, mode: BACKUP_DIR_MODE });
  if (own) fs.chmodSync(dir, BACKUP_DIR_MODE);
}

/** Creates `backups/` of `dataDir` (and the data directory) when missing, and makes it 0700; answers its path. */
export function ensureBackupsDir(dataDir: string): string {
  const dir = backupsDir(dataDir);
  makeBackupFolder(dir, true);
  return dir;
}

/** What a backup wrote: the file (absolute), its size in bytes and the time it took in ms. */
export interface BackupResult { file: string; bytes: number; ms: number }

/**
 * Writes a consistent copy of the SQLite database `db` (open, in use or not) to `file`,
 * or, without `file`, to `backups/` of `dataDir` under `backupFileName(now)` (the next
 * free `-N` name when that second has one). The file is mode 0600 and a single file (no
 * -wal); the backups folder is made 0700, the folders of a given `file` are created 0700
 * when missing. Throws BackupError 'exists' when `file` exists (it is never replaced),
 * 'postgres' when `db` is PostgreSQL (see pgDumpCommand); a failed write leaves no file.
 */
export async function backupDatabase(db: Db, opts: { dataDir: string; file?: string; now?: Date }): Promise<BackupResult> {
  if (dialectOf(db).name === 'postgres') throw new BackupError('postgres', 'the database is PostgreSQL: back it up with pg_dump');
  const began = Date.now();
  const named = opts.file !== undefined;
  const dir = named ? path.dirname(path.resolve(opts.file!)) : backupsDir(opts.dataDir);
  const now = opts.now ?? new Date();
  const nameAt = (n: number) => (named ? path.resolve(opts.file!) : path.join(dir, backupFileName(now, n)));
  if (named && fs.existsSync(nameAt(1))) throw new BackupError('exists', `${nameAt(1)} exists: give a new file name (a backup never replaces a file)`);
  makeBackupFolder(dir, !named);
  // past every number this second already has, so a later backup never sorts before an earlier one
  const first = named ? 1 : 1 + Math.max(0, ...listBackups(dir).filter((b) => b.stamp === stamp(now)).map((b) => b.n));
  const partial = path.join(dir, `.${path.basename(nameAt(1))}.partial-${process.pid}`);
  // VACUUM INTO writes into an empty file as it finds it: made here, owner-only
  fs.closeSync(fs.openSync(partial, 'wx', DB_FILE_MODE));
  try {
    await db.raw('VACUUM INTO ?', [partial]);
    fsyncPath(partial);
    for (let n = first; ; n++) {
      const file = nameAt(n);
      try {
        fs.linkSync(partial, file); // fails when the name is taken: nothing is replaced
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST' && !named) continue;
        if (code === 'EEXIST') throw new BackupError('exists', `${file} exists: give a new file name (a backup never replaces a file)`);
        // a file system without hard links: claim the name, then move the copy onto it
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
        try {
          fs.closeSync(fs.openSync(file, 'wx', DB_FILE_MODE));
        } catch (claim) {
          if ((claim as NodeJS.ErrnoException).code === 'EEXIST' && !named) continue;
          throw (claim as NodeJS.ErrnoException).code === 'EEXIST' ? new BackupError('exists', `${file} exists: give a new file name (a backup never replaces a file)`) : claim;
        }
        fs.renameSync(partial, file);
      }
      fsyncPath(dir, true);
      return { file, bytes: fs.statSync(file).size, ms: Date.now() - began };
    }
  } finally {
    removeQuietly(partial);
  }
}

/** A backup file `backupFileName` named: its time (`YYYYMMDD-HHMMSS`), its number (1 when it has none), and what sorts it: the time, then the number. */
interface NamedBackup { name: string; stamp: string; n: number; key: string }

/** The backups of `dir` as backupFileName names them, oldest first. */
function listBackups(dir: string): NamedBackup[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const found: NamedBackup[] = [];
  for (const name of names) {
    const m = BACKUP_NAME.exec(name);
    if (m) found.push({ name, stamp: `${m[1]}-${m[2]}`, n: Number(m[3] ?? 1), key: `${m[1]}${m[2]}-${(m[3] ?? '1').padStart(6, '0')}` });
  }
  return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Deletes the oldest backups in `backups/` of `dataDir` beyond the newest `keep` (an
 * integer, 1 or more), counting only the files named `audiolib-YYYYMMDD-HHMMSS[-N].sqlite3`
 * (the default and scheduled backups); any other file there stays. Answers the paths
 * deleted, oldest first.
 */
export function pruneBackups(dataDir: string, keep: number): string[] {
  const dir = backupsDir(dataDir);
  const all = listBackups(dir);
  const gone = all.slice(0, Math.max(0, all.length - Math.max(1, Math.floor(keep)))).map((b) => path.join(dir, b.name));
  for (const file of gone) removeQuietly(file);
  return gone;
}

/** What a scheduled backup did: the backup, and the older backups it deleted (paths). */
export interface ScheduledBackupResult extends BackupResult { removed: string[] }

/**
 * One scheduled backup: backupDatabase into `backups/` of `dataDir`, then pruneBackups to
 * the newest `keep`. Throws as backupDatabase does (nothing is deleted then).
 */
export async function scheduledBackup(db: Db, dataDir: string, keep: number, now = new Date()): Promise<ScheduledBackupResult> {
  const result = await backupDatabase(db, { dataDir, now });
  return { ...result, removed: pruneBackups(dataDir, keep) };
}

/** `text` quoted for a POSIX shell. */
const shellQuote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * The pg_dump command that backs up the PostgreSQL database `url` into `file` (custom
 * format, for pg_restore), as one shell line with the password of the URL shown as `***`
 * (hideDbPassword): give the password through ~/.pgpass or PGPASSWORD instead.
 */
export function pgDumpCommand(url: string, file: string): string {
  return `pg_dump --format=custom --file=${shellQuote(file)} ${shellQuote(hideDbPassword(url))}`;
}

/** The pg_restore command that puts `file` (a pg_dump custom-format file) back into `url`, password shown as `***`. */
export function pgRestoreCommand(url: string, file: string): string {
  return `pg_restore --clean --if-exists --no-owner --dbname=${shellQuote(hideDbPassword(url))} ${shellQuote(file)}`;
}

/** The default pg_dump file of a data directory at `now`: `backups/audiolib-YYYYMMDD-HHMMSS.dump`. */
export const pgDumpFileName = (dataDir: string, now = new Date()) => path.join(backupsDir(dataDir), `audiolib-${stamp(now)}.dump`);

/** Whether `file` starts as every SQLite database does (an empty file does not). */
function hasSqliteHeader(file: string): boolean {
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.equals(SQLITE_MAGIC);
}

/** Opens a connection of the driver itself (no knex pool) on an existing file. */
function openRaw(file: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const conn: sqlite3.Database = new sqlite3.Database(file, sqlite3.OPEN_READWRITE, (err) => (err ? reject(err) : resolve(conn)));
  });
}
const runRaw = (conn: sqlite3.Database, sql: string) => new Promise<void>((resolve, reject) => conn.run(sql, (err) => (err ? reject(err) : resolve())));
const allRaw = <T>(conn: sqlite3.Database, sql: string) => new Promise<T[]>((resolve, reject) => conn.all(sql, (err, rows) => (err ? reject(err) : resolve(rows as T[]))));
const closeRaw = (conn: sqlite3.Database) => new Promise<void>((resolve) => conn.close(() => resolve()));

/**
 * Checks that no other connection has the SQLite database `file` open, and folds its WAL
 * into the file. A connection of SQLite's exclusive locking mode takes the file's
 * exclusive lock, which any open connection of another process (a server's idle pool
 * included, a scan, a CLI command) prevents; it then checkpoints the whole WAL and, on
 * closing, deletes it. Throws BackupError 'in_use' when the lock is not had within
 * IN_USE_WAIT_MS. Answers false, having checked and changed nothing, when `file` cannot
 * be read as a database (damaged, or not one: the database a restore is often for).
 */
async function foldWhenUnused(file: string): Promise<boolean> {
  const conn = await openRaw(file);
  try {
    await runRaw(conn, `PRAGMA busy_timeout = ${IN_USE_WAIT_MS}`);
    await runRaw(conn, 'PRAGMA locking_mode = EXCLUSIVE');
    await runRaw(conn, 'BEGIN EXCLUSIVE');
    await runRaw(conn, 'COMMIT');
    await runRaw(conn, 'PRAGMA wal_checkpoint(TRUNCATE)');
    return true;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new BackupError('in_use', `the database ${file} is in use: stop audiolib serve (and any scan or other audiolib command of this data directory) first`);
    }
    if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return false;
    throw err;
  } finally {
    await closeRaw(conn);
  }
}

/** Refuses (BackupError 'scan_running') while the scan lock of the database `file` is held by a live scan, on any host. */
async function refuseRunningScan(file: string): Promise<void> {
  const db = openDb(file);
  try {
    const lock = await currentScanLock(db).catch(() => null); // no scan_runs table: no scan
    if (lock?.running) throw new BackupError('scan_running', `${lock.reason ?? 'a scan is running'}: wait for it to end (or stop it) before a restore`);
  } finally {
    await db.destroy();
  }
}

/**
 * Whether `file` reads as a SQLite database, asked of a connection of the driver itself:
 * knex keeps a connection whose set-up failed open (and so its lock on the file), so a
 * file that may be damaged is looked at this way before knex opens it.
 */
async function readable(file: string): Promise<boolean> {
  const conn = await openRaw(file);
  try {
    await allRaw(conn, 'SELECT count(*) FROM sqlite_master');
    return true;
  } catch {
    return false;
  } finally {
    await closeRaw(conn);
  }
}

/**
 * The checks of a restored copy (see restoreDatabase), then its migration; answers the
 * migrations applied. `shown` is the file the refusals name. The checks run on a
 * connection of the driver itself (see readable), the migration through knex.
 */
async function checkAndMigrate(copy: string, shown: string): Promise<string[]> {
  const conn = await openRaw(copy);
  try {
    let check: Record<string, unknown>[];
    try {
      check = await allRaw(conn, 'PRAGMA quick_check');
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'SQLITE_NOTADB') throw new BackupError('not_sqlite', `${shown} is not a SQLite database`);
      throw new BackupError('damaged', `${shown} is damaged: ${(err as Error).message.replace(/^SQLITE_\w+: /, '')}`);
    }
    const problems = check.map((row) => Object.values(row)[0]).filter((v) => v !== 'ok');
    if (problems.length > 0) throw new BackupError('damaged', `${shown} is damaged: ${String(problems[0])}`);
    const tables = new Set((await allRaw<{ name: string }>(conn, `SELECT name FROM sqlite_master WHERE type = 'table'`)).map((r) => r.name));
    if (!tables.has('knex_migrations') || !tables.has('works')) throw new BackupError('not_audiolib', `${shown} is a SQLite database but not an audiolib one (no works, no migrations)`);
    const known = new Set(fs.readdirSync(migrationsDir).filter((name) => path.extname(name) === '.js'));
    const unknown = (await allRaw<{ name: string }>(conn, 'SELECT name FROM knex_migrations ORDER BY id')).map((r) => r.name).filter((name) => !known.has(name));
    if (unknown.length > 0) throw new BackupError('newer', `${shown} was made by a newer audiolib (migration ${unknown[0]} is unknown here): restore it with that version`);
  } finally {
    await closeRaw(conn);
  }
  const db = openDb(copy);
  try {
    return await migrate(db);
  } finally {
    await db.destroy();
  }
}

/** Copies `from` to the new file `to` (created mode 0600, never replaced). */
async function copyPrivately(from: string, to: string): Promise<void> {
  const out = await fs.promises.open(to, 'wx', DB_FILE_MODE);
  try {
    const input = await fs.promises.open(from, 'r');
    try {
      const buffer = Buffer.alloc(1 << 20);
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        await out.write(buffer, 0, bytesRead);
      }
    } finally {
      await input.close();
    }
    await out.sync();
  } finally {
    await out.close();
  }
}

/** What a restore did: the backup read, the database replaced, where the replaced one was kept (null: there was none) and the migrations applied to the backup's copy. */
export interface RestoreResult { file: string; database: string; previous: string | null; migrated: string[] }

/**
 * Puts the backup `file` back as the SQLite database `target` (the data directory's
 * audiolib.sqlite3, or the file the config names). Nothing may have `target` open: a
 * running server, scan or other command is refused (BackupError 'in_use'; a live scan
 * lock also 'scan_running'). Steps: `file` is copied beside `target` (0600; its -wal too
 * when it has one), checked (a SQLite database: 'not_sqlite'; PRAGMA quick_check: 'damaged';
 * audiolib's tables and migrations: 'not_audiolib'; no migration this version lacks:
 * 'newer') and migrated to this version's schema, flushed to disk; the WAL of `target` is
 * folded into it, `target` is kept as `TARGET.before-restore-YYYYMMDD-HHMMSS` (a hard link,
 * else a copy), its stale -wal and -shm are deleted, and the copy is renamed over
 * `target`. `file` is only read. Throws BackupError 'not_found' for a missing `file`,
 * 'postgres' for a postgres:// target (see pgRestoreCommand).
 */
export async function restoreDatabase(opts: { file: string; target: string; now?: Date }): Promise<RestoreResult> {
  if (isPostgresUrl(opts.target)) throw new BackupError('postgres', 'the database is PostgreSQL: restore a pg_dump file with pg_restore');
  const file = path.resolve(opts.file);
  const target = path.resolve(opts.target);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new BackupError('not_found', `no such file: ${file}`);
  if (!stat.isFile()) throw new BackupError('not_found', `${file} is not a file`);
  if (file === target) throw new BackupError('exists', `${file} is the database itself: give a backup file`);
  if (!hasSqliteHeader(file)) throw new BackupError('not_sqlite', `${file} is not a SQLite database`);
  const exists = fs.existsSync(target);
  // a file that is no SQLite database is not opened: SQLite would delete the -wal beside it
  const sqliteTarget = exists && hasSqliteHeader(target);
  if (sqliteTarget) {
    // refuse early, before the copy and its checks take their time
    if (await readable(target)) await refuseRunningScan(target);
    await foldWhenUnused(target);
  }

  const copy = `${target}.restore-${process.pid}`;
  const sidecars = (f: string) => [`${f}-wal`, `${f}-shm`, `${f}-journal`];
  removeQuietly(copy, ...sidecars(copy));
  try {
    await copyPrivately(file, copy);
    // a backup copied from a live database may carry its WAL: SQLite reads it in
    if (fs.existsSync(`${file}-wal`)) await copyPrivately(`${file}-wal`, `${copy}-wal`);
    const migrated = await checkAndMigrate(copy, file);
    // the last connection's close folded the WAL into the copy: it is one file now
    if ((fs.statSync(`${copy}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0) throw new Error(`${copy}: its WAL was not folded into it`);
    removeQuietly(...sidecars(copy));
    fsyncPath(copy);

    let previous: string | null = null;
    if (exists) {
      // again: nothing opened it meanwhile, and its WAL is in the file
      const folded = sqliteTarget && (await foldWhenUnused(target));
      const at = stamp(opts.now ?? new Date());
      previous = `${target}.before-restore-${at}`;
      for (let n = 2; fs.existsSync(previous); n++) previous = `${target}.before-restore-${at}-${n}`;
      try {
        fs.linkSync(target, previous);
      } catch {
        fs.copyFileSync(target, previous, fs.constants.COPYFILE_EXCL);
        fs.chmodSync(previous, DB_FILE_MODE);
      }
      // a -wal left beside the new file would be replayed into it; an unreadable
      // database's -wal goes with it, as it is
      if (!folded && fs.existsSync(`${target}-wal`)) fs.renameSync(`${target}-wal`, `${previous}-wal`);
      removeQuietly(...sidecars(target));
    }
    fs.renameSync(copy, target);
    fsyncPath(path.dirname(target), true);
    return { file, database: target, previous, migrated };
  } finally {
    removeQuietly(copy, ...sidecars(copy));
  }
}
