/**
 * Backups of the SQLite database (src/db/backup.ts) and their schedule
 * (src/server/backup-schedule.ts):
 * - a backup made while another connection keeps writing is a single consistent file
 *   (quick_check ok, every committed row of before it), mode 0600 in a 0700 folder; a
 *   second one within the same second gets its -2 name; an existing file is refused and
 *   left as it was;
 * - pruning keeps the newest N backups by their names' time, and no file of another name;
 * - the schedule's job, driven through a stand-in scheduler, writes a backup a run, keeps
 *   the last backupKeep (read at each run), logs one line a run, skips a run while the
 *   last one runs, and stop() waits for it; an empty or invalid backupCron schedules
 *   nothing; a real one-second cron writes backups too;
 * - a restore brings back the reviews and play history of the backup, keeps the replaced
 *   database as *.before-restore-*, removes its -wal and -shm, migrates an older backup;
 *   it refuses a missing, non-SQLite, damaged, foreign or newer file, a database another
 *   connection has open, and one whose scan lock a live scan holds, each leaving the
 *   database as it was.
 * On PostgreSQL (AUDIOLIB_TEST_DB=pg): a backup of a PostgreSQL database is refused
 * naming pg_dump, the schedule stays off and says so, and the pg_dump and pg_restore
 * command lines hide the password.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrationsDir, openDb, sqlitePath, type Db } from '../../../src/db/index.js';
import { BackupError, backupDatabase, backupFileName, pgDumpCommand, pgRestoreCommand, pruneBackups, restoreDatabase } from '../../../src/backup/backup.js';
import { scheduleBackups, type Scheduler } from '../../../src/server/backup-schedule.js';
import { defaultConfig, type Config } from '../../../src/config/index.js';
import { createUser } from '../../../src/users/index.js';
import { saveReview } from '../../../src/users/reviews.js';
import { deleteHistory, saveHistory } from '../../../src/users/history.js';
import { seedWorks } from '../../helpers/catalogue-seed.js';
import { PG_MODE, createTestDatabase } from '../../helpers/pg.js';

const opened: Db[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new data directory with a migrated SQLite database holding two works, a user, her review of work 1 and her history of work 2. */
async function dataDirWithReviews(): Promise<{ dataDir: string; db: Db }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-backup-'));
  folders.push(dataDir);
  const db = openDb(sqlitePath(dataDir));
  opened.push(db);
  await migrate(db);
  await seedWorks(db, [{ id: 1, title: 'one' }, { id: 2, title: 'two' }]);
  await createUser(db, 'alice', 'password-123', 'user');
  await saveReview(db, 'alice', { work_id: 1, rating: 5, review_text: 'rain', progress: 'listened' }, 'full');
  await saveHistory(db, 'alice', 2, { queue: [{ hash: '2/1', title: '01.mp3' }], index: 0, seconds: 12.5 });
  return { dataDir, db };
}

/** alice's reviews and history as rows. */
async function aliceOf(db: Db) {
  return {
    reviews: await db('reviews').where({ user_name: 'alice' }).orderBy('work_id').select('work_id', 'rating', 'review_text', 'progress'),
    history: (await db('play_history').where({ user_name: 'alice' }).orderBy('work_id').select('work_id', 'state')).map((r: { work_id: number; state: string }) => ({ work_id: r.work_id, state: JSON.parse(r.state) })),
  };
}

const ORIGINAL = {
  reviews: [{ work_id: 1, rating: 5, review_text: 'rain', progress: 'listened' }],
  history: [{ work_id: 2, state: { queue: [{ hash: '2/1', title: '01.mp3' }], index: 0, seconds: 12.5 } }],
};

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** Opens `file` (a SQLite file) for a look and answers the result of `fn`. */
async function look<T>(file: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = openDb(file);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** Expects `promise` to reject with a BackupError of `reason` whose message matches `message`. */
async function refused(promise: Promise<unknown>, reason: string, message: RegExp): Promise<void> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(BackupError);
  expect((err as BackupError).reason).toBe(reason);
  expect((err as BackupError).message).toMatch(message);
}

describe.skipIf(PG_MODE)('backupDatabase (SQLite)', () => {
  it('writes one consistent file while another connection writes, 0600 in a 0700 folder', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const writer = openDb(sqlitePath(dataDir));
    opened.push(writer);
    let written = 0;
    let writing = true;
    const writes = (async () => {
      while (writing) {
        await saveHistory(writer, 'alice', 1, { queue: [{ hash: '1/1', title: 'a.mp3' }], index: 0, seconds: ++written });
      }
    })();
    const now = new Date('2026-03-01T03:30:00Z');
    const first = await backupDatabase(db, { dataDir, now });
    const second = await backupDatabase(db, { dataDir, now }); // the same second: the next name
    writing = false;
    await writes;
    expect(written).toBeGreaterThan(0);
    expect(first.file).toBe(path.join(dataDir, 'backups', 'audiolib-20260301-033000.sqlite3'));
    expect(second.file).toBe(path.join(dataDir, 'backups', 'audiolib-20260301-033000-2.sqlite3'));
    expect(first.bytes).toBe(fs.statSync(first.file).size);
    expect(mode(first.file)).toBe(0o600);
    expect(mode(path.join(dataDir, 'backups'))).toBe(0o700);
    // one file each: no -wal, no partial copy left behind
    expect(fs.readdirSync(path.join(dataDir, 'backups')).sort()).toEqual(['audiolib-20260301-033000-2.sqlite3', 'audiolib-20260301-033000.sqlite3']);
    await look(first.file, async (copy) => {
      expect(await copy.raw('PRAGMA quick_check')).toEqual([{ quick_check: 'ok' }]);
      const alice = await aliceOf(copy);
      expect(alice.reviews).toEqual(ORIGINAL.reviews);
      expect(alice.history.find((h) => h.work_id === 2)).toEqual(ORIGINAL.history[0]);
    });
  });

  it('refuses a file that exists, and leaves it as it was', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const file = path.join(dataDir, 'mine.sqlite3');
    fs.writeFileSync(file, 'keep me');
    await refused(backupDatabase(db, { dataDir, file }), 'exists', /mine\.sqlite3 exists: give a new file name/);
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me');
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('partial'))).toEqual([]);
    // a new name in a folder that does not exist yet: made 0700
    const nested = path.join(dataDir, 'usb', 'deep', 'b.sqlite3');
    expect((await backupDatabase(db, { dataDir, file: nested })).file).toBe(nested);
    expect(mode(path.dirname(nested))).toBe(0o700);
    expect(mode(nested)).toBe(0o600);
  });
});

describe.skipIf(PG_MODE)('pruneBackups and the scheduled backups (SQLite)', () => {
  it('keeps the newest N by the time in their names, and no file of another name is touched', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-prune-'));
    folders.push(dataDir);
    const dir = path.join(dataDir, 'backups');
    fs.mkdirSync(dir);
    const names = ['audiolib-20260101-000000.sqlite3', 'audiolib-20260101-000000-2.sqlite3', 'audiolib-20260101-000000-10.sqlite3', 'audiolib-20251231-235959.sqlite3', 'audiolib-20260102-000000.sqlite3'];
    const others = ['mine.sqlite3', 'audiolib-2026.sqlite3', 'audiolib-20200101-000000.dump'];
    for (const f of [...names, ...others]) fs.writeFileSync(path.join(dir, f), '');
    expect(pruneBackups(dataDir, 3).map((f) => path.basename(f))).toEqual(['audiolib-20251231-235959.sqlite3', 'audiolib-20260101-000000.sqlite3']);
    expect(fs.readdirSync(dir).sort()).toEqual(['audiolib-20260101-000000-10.sqlite3', 'audiolib-20260101-000000-2.sqlite3', 'audiolib-20260102-000000.sqlite3', ...others].sort());
    expect(pruneBackups(path.join(dataDir, 'none'), 3)).toEqual([]);
  });

  it('the job keeps the last backupKeep backups, one log line a run; skips a run while one runs; stop waits', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const config: Config = { ...defaultConfig(), backupCron: '*/5 * * * *', backupKeep: 3 };
    const lines: string[] = [];
    let job: (() => void) | null = null;
    let stopped = false;
    const fake: Scheduler = (expression, run) => {
      expect(expression).toBe('*/5 * * * *');
      job = run;
      return { stop: () => (stopped = true) };
    };
    const schedule = scheduleBackups({ db, dataDir, config }, (line) => lines.push(line), fake);
    expect(schedule.active).toBe(true);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      // runs within one second get -2, -3 ... names: every run is a new file
      job!();
      job!(); // the first is still running: skipped
      await expect.poll(() => lines.length).toBe(2 * (i + 1));
      expect(lines[2 * i]).toBe('scheduled backup skipped: the previous one is still running');
      const done = lines[2 * i + 1]!;
      expect(done).toMatch(/^scheduled backup: \S+audiolib-\d{8}-\d{6}(-\d+)?\.sqlite3 \(\d+\.\d kB in \d+\.\d s\)/);
      made.push(/^scheduled backup: (\S+)/.exec(done)![1]!);
    }
    const kept = fs.readdirSync(path.join(dataDir, 'backups')).sort();
    expect(kept).toHaveLength(3);
    expect(kept).toEqual(made.slice(-3).map((f) => path.basename(f)).sort());
    expect(lines[7]).toMatch(/; deleted 1 older: audiolib-/);
    // backupKeep is read at each run
    config.backupKeep = 1;
    job!();
    await expect.poll(() => lines.length).toBe(11);
    expect(lines[10]).toMatch(/; deleted 3 older: /);
    expect(fs.readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1);
    // stop() ends the schedule after the backup under way
    job!();
    await schedule.stop();
    expect(stopped).toBe(true);
    expect(lines).toHaveLength(12);
    expect(lines[11]).toMatch(/^scheduled backup: /);
  });

  it('a backup that fails logs why, and deletes nothing', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const lines: string[] = [];
    let job: (() => void) | null = null;
    scheduleBackups({ db, dataDir, config: { ...defaultConfig(), backupCron: '0 3 * * *', backupKeep: 1 } }, (l) => lines.push(l), (_e, run) => ((job = run), { stop: () => undefined }));
    fs.writeFileSync(path.join(dataDir, 'backups'), 'a file in the way of the folder');
    job!();
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatch(/^scheduled backup failed: .*backups/);
    expect(fs.readFileSync(path.join(dataDir, 'backups'), 'utf8')).toBe('a file in the way of the folder');
  });

  it('schedules nothing for an empty or invalid backupCron (saying so for the invalid one); a real one-second cron writes backups', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const lines: string[] = [];
    const never: Scheduler = () => { throw new Error('scheduled'); };
    expect(scheduleBackups({ db, dataDir, config: { ...defaultConfig(), backupCron: ' ' } }, (l) => lines.push(l), never).active).toBe(false);
    expect(lines).toEqual([]);
    expect(scheduleBackups({ db, dataDir, config: { ...defaultConfig(), backupCron: '61 * * * *' } }, (l) => lines.push(l), never).active).toBe(false);
    expect(lines).toEqual(['backupCron: not a cron expression: 61 * * * * (no scheduled backups)']);
    const real = scheduleBackups({ db, dataDir, config: { ...defaultConfig(), backupCron: '* * * * * *', backupKeep: 2 } }, (l) => lines.push(l));
    try {
      await expect.poll(() => lines.filter((l) => l.startsWith('scheduled backup: ')).length, { timeout: 5000, interval: 100 }).toBeGreaterThanOrEqual(1);
    } finally {
      await real.stop();
    }
    expect(fs.readdirSync(path.join(dataDir, 'backups')).every((f) => /^audiolib-\d{8}-\d{6}(-\d+)?\.sqlite3$/.test(f))).toBe(true);
  });

  it('names backups by UTC time', () => {
    expect(backupFileName(new Date('2026-12-31T23:59:58.900Z'))).toBe('audiolib-20261231-235958.sqlite3');
    expect(backupFileName(new Date('2026-01-02T03:04:05Z'), 3)).toBe('audiolib-20260102-030405-3.sqlite3');
  });
});

describe.skipIf(PG_MODE)('restoreDatabase (SQLite)', () => {
  it('brings back the reviews and history of the backup, keeps the replaced database with its WAL folded in, removes its -wal and -shm', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const { file } = await backupDatabase(db, { dataDir });
    await saveReview(db, 'alice', { work_id: 1, rating: 1, review_text: 'changed', progress: null }, 'full');
    await deleteHistory(db, 'alice', 2);
    await saveReview(db, 'alice', { work_id: 2, rating: 3 }, 'given');
    const changed = await aliceOf(db);
    expect(changed).not.toEqual(ORIGINAL);
    // the files as a server killed now leaves them: the changes in the -wal, a -shm beside
    const crashed = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-crashed-'));
    folders.push(crashed);
    const target = sqlitePath(crashed);
    for (const suffix of ['', '-wal', '-shm']) fs.copyFileSync(`${sqlitePath(dataDir)}${suffix}`, `${target}${suffix}`);
    expect(fs.statSync(`${target}-wal`).size).toBeGreaterThan(0);

    const result = await restoreDatabase({ file, target, now: new Date('2026-03-01T12:00:00Z') });
    expect(result).toEqual({ file, database: target, previous: `${target}.before-restore-20260301-120000`, migrated: [] });
    expect(fs.readdirSync(crashed).sort()).toEqual(['audiolib.sqlite3', 'audiolib.sqlite3.before-restore-20260301-120000']);
    expect(mode(target)).toBe(0o600);
    expect(await look(target, aliceOf)).toEqual(ORIGINAL);
    // the replaced database holds every change: its WAL was folded into it first
    expect(await look(result.previous!, aliceOf)).toEqual(changed);
    expect(mode(result.previous!)).toBe(0o600);
    // the backup was only read
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    // again at the same time: a second name for the replaced one
    const again = await restoreDatabase({ file, target, now: new Date('2026-03-01T12:00:00Z') });
    expect(again.previous).toBe(`${target}.before-restore-20260301-120000-2`);
  });

  it('migrates a backup of an older schema', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const old = path.join(dataDir, 'old.sqlite3');
    const { file } = await backupDatabase(db, { dataDir, file: old });
    const last = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.js')).sort().at(-1)!;
    await look(file, async (copy) => {
      await copy.migrate.down({ directory: migrationsDir, loadExtensions: ['.js'] });
      expect(await copy('knex_migrations').where({ name: last }).first()).toBeUndefined();
    });
    const before = sha(file);
    await db.destroy();
    opened.splice(opened.indexOf(db), 1);
    const result = await restoreDatabase({ file, target: sqlitePath(dataDir) });
    expect(result.migrated).toEqual([last]);
    expect(sha(file)).toBe(before); // the older file stays older
    expect(await look(sqlitePath(dataDir), aliceOf)).toEqual(ORIGINAL);
  });

  it('refuses a missing, non-SQLite, damaged, foreign or newer file, leaving the database as it was', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const { file: good } = await backupDatabase(db, { dataDir });
    await db.destroy();
    opened.splice(opened.indexOf(db), 1);
    const target = sqlitePath(dataDir);
    const before = sha(target);
    const at = (name: string) => path.join(dataDir, name);

    await refused(restoreDatabase({ file: at('nope.sqlite3'), target }), 'not_found', /^no such file: .*nope\.sqlite3$/);
    fs.writeFileSync(at('text.sqlite3'), 'not a database at all');
    await refused(restoreDatabase({ file: at('text.sqlite3'), target }), 'not_sqlite', /text\.sqlite3 is not a SQLite database$/);
    fs.writeFileSync(at('empty.sqlite3'), '');
    await refused(restoreDatabase({ file: at('empty.sqlite3'), target }), 'not_sqlite', /empty\.sqlite3 is not a SQLite database$/);
    // pages after the first overwritten: the header reads, the tables do not
    const bytes = fs.readFileSync(good);
    for (let i = 4096; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff;
    fs.writeFileSync(at('damaged.sqlite3'), bytes);
    await refused(restoreDatabase({ file: at('damaged.sqlite3'), target }), 'damaged', /damaged\.sqlite3 is damaged: /);
    fs.writeFileSync(at('cut.sqlite3'), fs.readFileSync(good).subarray(0, Math.floor(fs.statSync(good).size / 2)));
    await refused(restoreDatabase({ file: at('cut.sqlite3'), target }), 'damaged', /cut\.sqlite3 is damaged: /);
    await look(at('foreign.sqlite3'), (other) => other.raw('CREATE TABLE notes (id INTEGER)'));
    await refused(restoreDatabase({ file: at('foreign.sqlite3'), target }), 'not_audiolib', /foreign\.sqlite3 is a SQLite database but not an audiolib one/);
    fs.copyFileSync(good, at('newer.sqlite3'));
    await look(at('newer.sqlite3'), (newer) => newer('knex_migrations').insert({ name: '29990101000000_from_the_future.js', batch: 99, migration_time: new Date().toISOString() }));
    await refused(restoreDatabase({ file: at('newer.sqlite3'), target }), 'newer', /newer\.sqlite3 was made by a newer audiolib \(migration 29990101000000_from_the_future\.js is unknown here\)/);
    await refused(restoreDatabase({ file: target, target }), 'exists', /is the database itself/);

    expect(sha(target)).toBe(before);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('.restore-') || f.includes('before-restore'))).toEqual([]);
    expect(await look(target, aliceOf)).toEqual(ORIGINAL);
  });

  it('refuses while another connection has the database open, or a live scan holds the scan lock', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const { file } = await backupDatabase(db, { dataDir });
    const target = sqlitePath(dataDir);
    // db (an idle pool, as a running server's) has it open
    await refused(restoreDatabase({ file, target }), 'in_use', /audiolib\.sqlite3 is in use: stop audiolib serve/);
    // a running scan of this process (alive, fresh heartbeat), its connection closed
    const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
    await db('scan_runs').insert({ kind: 'scan', status: 'running', pid: process.pid, host: os.hostname(), started_at: now, heartbeat_at: now });
    await db.destroy();
    opened.splice(opened.indexOf(db), 1);
    await refused(restoreDatabase({ file, target }), 'scan_running', /a scan is already running \(pid \d+ on .*\): wait for it to end/);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('.restore-') || f.includes('before-restore'))).toEqual([]);
    await look(target, (again) => again('scan_runs').update({ status: 'finished' }));
    expect((await restoreDatabase({ file, target })).previous).not.toBeNull();
  });

  it('replaces a database that is itself damaged, keeping it and its -wal aside', async () => {
    const { dataDir, db } = await dataDirWithReviews();
    const { file } = await backupDatabase(db, { dataDir });
    await db.destroy();
    opened.splice(opened.indexOf(db), 1);
    const target = sqlitePath(dataDir);
    fs.writeFileSync(target, Buffer.alloc(8192, 0x5a));
    fs.writeFileSync(`${target}-wal`, 'old wal');
    const result = await restoreDatabase({ file, target });
    expect(fs.readFileSync(result.previous!)).toEqual(Buffer.alloc(8192, 0x5a));
    expect(fs.readFileSync(`${result.previous!}-wal`, 'utf8')).toBe('old wal');
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
    expect(await look(target, aliceOf)).toEqual(ORIGINAL);
  });
});

describe.runIf(PG_MODE)('backups on PostgreSQL', () => {
  it('a backup is refused naming pg_dump; the schedule stays off and says so', async () => {
    const db = openDb(createTestDatabase());
    opened.push(db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-pgbackup-'));
    folders.push(dataDir);
    await refused(backupDatabase(db, { dataDir }), 'postgres', /PostgreSQL: back it up with pg_dump/);
    expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
    const lines: string[] = [];
    const schedule = scheduleBackups({ db, dataDir, config: { ...defaultConfig(), backupCron: '* * * * * *' } }, (l) => lines.push(l), () => { throw new Error('scheduled'); });
    expect(schedule.active).toBe(false);
    expect(lines).toEqual(['backupCron: the database is PostgreSQL: no scheduled backups (back it up with pg_dump; `audiolib db backup` prints the command)']);
    await refused(restoreDatabase({ file: path.join(dataDir, 'x.dump'), target: 'postgres://a@localhost/b' }), 'postgres', /pg_restore/);
  });

  it('the pg_dump and pg_restore commands hide the password and quote for the shell', () => {
    const url = "postgres://audiolib:s3cr'et@db.example:5433/audiolib";
    expect(pgDumpCommand(url, '/data/backups/a.dump')).toBe("pg_dump --format=custom --file=/data/backups/a.dump 'postgres://audiolib:***@db.example:5433/audiolib'");
    expect(pgDumpCommand('postgres://u@h/d?host=/run/my pg', "/tmp/it's.dump")).toBe("pg_dump --format=custom --file='/tmp/it'\\''s.dump' 'postgres://u@h/d?host=/run/my pg'");
    expect(pgRestoreCommand(url, '/data/a.dump')).toBe("pg_restore --clean --if-exists --no-owner --dbname='postgres://audiolib:***@db.example:5433/audiolib' /data/a.dump");
  });
});
