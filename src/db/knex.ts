/**
 * Knex factory (DESIGN sections 1 and 3, src/db/README.md): SQLite (WAL, foreign keys,
 * busy timeout, synchronous=NORMAL, prepared statements kept per
 * connection: sqlite-client.ts), its files readable by their owner only (0600, like
 * config.json), or PostgreSQL for a postgres:// URL (session time zone UTC; 64-bit
 * integers and numerics read as numbers, booleans as 1/0, timestamps as ISO 8601 text,
 * so the domains see the same shapes on both engines; named prepared statements:
 * pg-client.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import type pg from 'pg';
import { ConfigError, describeOsError, loadConfig } from '../config/index.js';
import { dialectOf, isPostgresUrl } from './dialect/index.js';
import { requirePg, withAdvisoryLock } from './dialect/session.js';
import { hideDbPassword } from './url.js';
import { PreparedSqliteClient } from './sqlite-client.js';
import { RESTORE_ADVICE, markDamage } from './damage.js';
import { BUSY_TIMEOUT_MS } from './sqlite-transaction.js';
import { preparedPgClient } from './pg-client.js';
import { dbTime } from './time.js';

export type Db = Knex;

/** Folder holding the knex migrations (repo root `migrations/`, same from src/ and dist/). */
export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Default database file inside a data directory. */
export const sqlitePath = (dataDir: string) => path.join(dataDir, 'audiolib.sqlite3');

/** Owner-only mode of the database file and of its -wal and -shm files. */
export const DB_FILE_MODE = 0o600;

/**
 * Makes a SQLite database file owner-only before SQLite opens it: an absent file is
 * created empty (an empty file is an empty database) with DB_FILE_MODE, an existing one
 * and the -wal and -shm files an earlier run left are chmod-ed. SQLite creates its -wal
 * and -shm files with the database file's mode, so they follow. Best effort: a path
 * that cannot be created or changed is left for SQLite to open (or refuse) as before.
 */
function restrictDbFiles(file: string): void {
  if (file === '' || file === ':memory:' || file.startsWith('file:')) return;
  try {
    fs.closeSync(fs.openSync(file, 'a', DB_FILE_MODE));
  } catch {
    return;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(f, DB_FILE_MODE);
    } catch {
      // absent (-wal, -shm) or not ours to change
    }
  }
}

let pgTypesSet = false;

/** Reads PostgreSQL values in the shapes SQLite gives: int8 and numeric as numbers, booleans as 1/0, timestamps as ISO text (once per process). */
function setPgTypeParsers(): void {
  if (pgTypesSet) return;
  pgTypesSet = true;
  const { types } = requirePg();
  const toNumber = (v: string) => Number(v);
  types.setTypeParser(types.builtins.INT8, toNumber);
  types.setTypeParser(types.builtins.NUMERIC, toNumber);
  types.setTypeParser(types.builtins.BOOL, (v: string) => (v === 't' ? 1 : 0));
  for (const oid of [types.builtins.TIMESTAMPTZ, types.builtins.TIMESTAMP]) {
    const parse = types.getTypeParser(oid);
    types.setTypeParser(oid, (v: string) => dbTime(parse(v) as Date));
  }
}

/**
 * Plans for a catalogue held in memory: random_page_cost 1.1 instead of PostgreSQL's 4
 * (which assumes spinning disks), for this session, unless the server's administrator set
 * it. With 4 the planner read 20 works by id through a scan of every circle and, for each
 * work, of every tag (hash joins): 3.0 ms a statement, against 1.2 with index lookups
 * (bench/README.md "PostgreSQL's pool and plans").
 */
const CACHED_PAGE_COST = `SELECT set_config('random_page_cost', '1.1', false) FROM pg_settings WHERE name = 'random_page_cost' AND source = 'default'`;

/**
 * Connections to PostgreSQL per process: two per core of this machine (four at least).
 * More busy backends than cores only contend: with 8 on this 2-core machine the database
 * spent 5.9 ms of CPU on each of the players' random lists, against 3.8 with 4, and its
 * p99 was 121 ms against 87 (bench/README.md "PostgreSQL's pool and plans").
 */
const PG_POOL_MAX = Math.max(4, 2 * os.availableParallelism());

/**
 * How long a pooled PostgreSQL connection may stay idle before it is closed (ms). A new
 * connection costs its first request the connection, a new backend process and that
 * backend's empty caches: the first page after 35 s without requests took 47-50 ms with
 * knex's default of 30 s, 17-20 ms on connections kept open (bench/catalogue/idle.js,
 * bench/README.md "PostgreSQL's pool and plans"). Five minutes keeps them through a listener's pauses.
 */
const PG_IDLE_MS = 5 * 60_000;

/** Opens a PostgreSQL database (see openDb). */
function openPostgres(url: string): Db {
  setPgTypeParsers();
  return knexFactory({
    client: preparedPgClient(),
    connection: url,
    // a lost or refused connection rejects the query, and its caller reports it (a scan in
    // one line, src/scan/lock.ts); knex would also print each failed attempt with its
    // stack ('Acquire connection error: ...') and each dead pooled connection ('Connection Error: ...')
    log: { warn: (message: string) => { if (!/^(Acquire connection error|Connection Error)/.test(message)) process.stderr.write(`knex: ${message}\n`); } },
    pool: {
      min: 0,
      max: PG_POOL_MAX,
      idleTimeoutMillis: PG_IDLE_MS,
      afterCreate(conn: pg.Client, done: (err: Error | null, conn: unknown) => void) {
        conn.query(`SET TIME ZONE 'UTC'; ${CACHED_PAGE_COST}`).then(() => done(null, conn), (err: Error) => done(err, conn));
      },
    },
  });
}

/**
 * Opens a database. `target` is a SQLite file path (made owner-only, 0600) or a
 * postgres:// URL. Returns a knex instance; call `db.destroy()` when done.
 */
export function openDb(target: string): Db {
  if (isPostgresUrl(target)) return openPostgres(target);
  restrictDbFiles(target);
  const db = knexFactory({
    client: PreparedSqliteClient as unknown as typeof knexFactory.Client,
    connection: { filename: target },
    useNullAsDefault: true,
    // a connection that cannot be opened rejects the query, and its caller reports it;
    // knex would also print the raw driver text ('Acquire connection error: ...')
    log: { warn: (message: string) => { if (!message.startsWith('Acquire connection error')) process.stderr.write(`knex: ${message}\n`); } },
    pool: {
      min: 1,
      max: 4,
      afterCreate(conn: { run: (sql: string, cb: (err: Error | null) => void) => void; close: (cb: () => void) => void }, done: (err: Error | null, conn: unknown) => void) {
        const pragmas = ['PRAGMA journal_mode = WAL', 'PRAGMA synchronous = NORMAL', 'PRAGMA foreign_keys = ON', `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`];
        // knex forgets a connection whose set-up failed without closing it: closed here, so a
        // damaged file refused at open is not kept open (and locked) by this process
        const failed = (err: Error) => conn.close(() => done(err, conn));
        const next = (i: number): void => {
          if (i === pragmas.length) return done(null, conn);
          conn.run(pragmas[i]!, (err) => (err ? failed(err) : next(i + 1)));
        };
        next(0);
      },
    },
  });
  // a query that meets a damaged page names the file, so the command can say which (damage.ts)
  const file = path.resolve(target);
  db.on('query-error', (err: unknown) => markDamage(err, file));
  return db;
}

/**
 * True when the database has run exactly the migrations of migrationsDir (the names in
 * knex's knex_migrations table are the folder's .js files): then knex's own check, which
 * takes and frees its lock table in two write transactions among about ten queries, has
 * nothing to do (bench/README.md "tui": part of the TUI's start). False on any doubt (no
 * table yet, a name missing on either side, a query that fails): knex then migrates, or
 * reports the problem, as before.
 */
async function isAtLatest(db: Db): Promise<boolean> {
  try {
    const files = fs.readdirSync(migrationsDir).filter((name) => path.extname(name) === '.js');
    const done = new Set((await db('knex_migrations').select('name')).map((row: { name: string }) => row.name));
    return done.size === files.length && files.every((name) => done.has(name));
  } catch {
    return false;
  }
}

/** The advisory lock key of migrations on PostgreSQL ('migrate!' as a 64-bit integer). */
const MIGRATE_LOCK_KEY = 0x6d69677261746521n;

/**
 * Runs every pending migration. Returns the names applied in this call. On PostgreSQL,
 * instances starting together migrate one after the other (an advisory lock), where
 * knex's own lock table would fail the later ones.
 */
export async function migrate(db: Db): Promise<string[]> {
  if (await isAtLatest(db)) return [];
  const run = async () => (await db.migrate.latest({ directory: migrationsDir, loadExtensions: ['.js'] }))[1] as string[];
  return dialectOf(db).name === 'postgres' ? withAdvisoryLock(db, MIGRATE_LOCK_KEY, run) : run();
}

/** Why a database cannot be opened, in words: the folder, the file's kind, or the driver's cause. */
function openProblem(file: string, err: unknown): string {
  if (isPostgresUrl(file)) return describeOsError(err);
  const dir = path.dirname(path.resolve(file));
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!fs.existsSync(dir)) return `the folder ${dir} does not exist`;
  if (stat?.isDirectory()) return 'it is a folder';
  const code = (err as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') return 'it is not a SQLite database';
  if (code === 'SQLITE_CORRUPT') return `the database file is damaged: ${RESTORE_ADVICE}`;
  if (code === 'SQLITE_READONLY') return 'the file is read-only';
  if (code === 'SQLITE_CANTOPEN') {
    try {
      fs.accessSync(stat ? file : dir, fs.constants.R_OK | fs.constants.W_OK);
    } catch (access) {
      return `${stat ? 'the file' : `the folder ${dir}`}: ${describeOsError(access)}`;
    }
    return 'the file cannot be opened';
  }
  return describeOsError(err).replace(/^SQLITE_\w+: /, '');
}

/**
 * Which database a command or server of `dataDir` uses: `dbUrl` (--db), else the
 * environment's AUDIOLIB_DB, else the config key `db`, else the data directory's SQLite
 * file. Throws ConfigError when config.json does not validate.
 */
export function resolveDbTarget(dataDir: string, dbUrl?: string): string {
  return dbUrl || process.env.AUDIOLIB_DB || loadConfig(dataDir).db || sqlitePath(dataDir);
}

/**
 * Opens the database of resolveDbTarget(dataDir, dbUrl) and migrates it. Throws ConfigError
 * (CLI exit 2) naming the file and the cause when it cannot be opened or migrated.
 */
export async function openMigrated(dataDir: string, dbUrl?: string): Promise<Db> {
  const target = resolveDbTarget(dataDir, dbUrl);
  const db = openDb(target);
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    const name = isPostgresUrl(target) ? hideDbPassword(target) : path.resolve(target);
    throw new ConfigError(`cannot open the database ${name}: ${openProblem(target, err)}`);
  }
  return db;
}
