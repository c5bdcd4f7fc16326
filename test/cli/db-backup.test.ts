/**
 * `audiolib db backup` and `audiolib db restore` (man/audiolib-db.1), run as the built CLI:
 * - SQLite: reviews and play history written through the API; a backup taken while the
 *   server runs on the same data directory (and a listener keeps saving history); the
 *   review changed and the history deleted; a restore refused while the server runs;
 *   the server stopped, the backup restored; the server started again answers the
 *   original review and history, and the tokens of before still sign in;
 * - refusals, each one line `audiolib: ...` with exit 2 (and one JSON document with
 *   --json): a backup FILE that exists (left as it was), a restore FILE that is missing,
 *   not a SQLite database or damaged (the database left as it was);
 * - PostgreSQL: `db backup` copies nothing, exits 2 and prints the pg_dump command for the
 *   configured database, with the password of the URL hidden; the printed command, run,
 *   writes a dump; `db restore` names pg_restore.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { seedWorks, userToken } from '../helpers/catalogue-seed.js';
import { PG_MODE, tcpTestUrl, TEST_ROLE_PASSWORD } from '../helpers/pg.js';
import { loadConfig } from '../../src/config/index.js';
import { sqlitePath } from '../../src/db/index.js';
import { runCli } from './run.js';

const W1 = 1001;
const W2 = 1002;
const REVIEW = { user_name: 'alice', work_id: W1, rating: 5, review_text: '雨の音', progress: 'listened' };
const STATE = { queue: [{ hash: `${W2}/1`, title: '01.mp3' }], index: 0, seconds: 12.5 };

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** alice's review of W1 and her history of W2 as the API answers them (null when absent). */
async function aliceSees(srv: TestServer, token: string) {
  const reviews = await callApi(srv, 'GET', '/api/review', token);
  const history = await callApi(srv, 'GET', '/api/histroy', token);
  expect(reviews.status).toBe(200);
  expect(history.status).toBe(200);
  const review = reviews.body.works.find((w: { id: number }) => w.id === W1);
  const played = history.body.works.find((w: { id: number }) => w.id === W2);
  return {
    review: review ? { rating: review.userRating, text: review.review_text, progress: review.progress } : null,
    history: played ? played.state : null,
  };
}

describe.skipIf(PG_MODE)('audiolib db backup and db restore (SQLite)', () => {
  let dataDir: string;
  let srv: TestServer | null = null;
  let alice: string;
  beforeAll(async () => {
    dataDir = tempDataDir('audiolib-backup-cli-');
    srv = await startTestServer({ dataDir });
    await seedWorks(srv.services.db, [{ id: W1, title: 'rain' }, { id: W2, title: 'sea' }]);
    alice = await userToken(srv, 'alice', 'user');
    expect((await callApi(srv, 'PUT', '/api/review?starOnly=false', alice, REVIEW)).status).toBe(200);
    expect((await callApi(srv, 'PUT', '/api/histroy', alice, { work_id: W2, state: STATE })).status).toBe(200);
  });
  afterAll(async () => { await srv?.close(); });

  it('backs up while the server runs, restores with it stopped: the reviews and history of the backup come back', async () => {
    const original = await aliceSees(srv!, alice);
    expect(original).toEqual({ review: { rating: 5, text: '雨の音', progress: 'listened' }, history: STATE });

    // a listener keeps saving history of another work while the backup runs
    let saving = true;
    let saves = 0;
    const listener = (async () => {
      while (saving) {
        expect((await callApi(srv!, 'PUT', '/api/histroy', alice, { work_id: W1, state: { ...STATE, seconds: ++saves } })).status).toBe(200);
      }
    })();
    const backup = await runCli(['--data-dir', dataDir, 'db', 'backup', '--json']);
    saving = false;
    await listener;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const report = JSON.parse(backup.stdout) as { file: string; database: string; bytes: number; ms: number };
    expect(report.database).toBe(sqlitePath(dataDir));
    expect(path.dirname(report.file)).toBe(path.join(dataDir, 'backups'));
    expect(path.basename(report.file)).toMatch(/^audiolib-\d{8}-\d{6}\.sqlite3$/);
    expect(report.bytes).toBe(fs.statSync(report.file).size);
    expect(mode(report.file)).toBe(0o600);
    expect(mode(path.join(dataDir, 'backups'))).toBe(0o700);
    expect(fs.readdirSync(path.join(dataDir, 'backups'))).toEqual([path.basename(report.file)]);

    // the human form: one line on stderr
    const human = await runCli(['--data-dir', dataDir, 'db', 'backup', path.join(dataDir, 'second.sqlite3')]);
    expect(human.code).toBe(0);
    expect(human.stdout).toBe('');
    expect(human.stderr).toMatch(/^backed up \S+audiolib\.sqlite3 to \S+second\.sqlite3 \(\d+\.\d [kMG]B in \d+\.\d s\)\n$/);

    // after the backup: the review changed, the history deleted
    expect((await callApi(srv!, 'PUT', '/api/review?starOnly=false', alice, { ...REVIEW, rating: 2, review_text: 'changed my mind', progress: 'postponed' })).status).toBe(200);
    expect((await callApi(srv!, 'DELETE', `/api/histroy?work_id=${W2}`, alice)).status).toBe(200);
    expect(await aliceSees(srv!, alice)).toEqual({ review: { rating: 2, text: 'changed my mind', progress: 'postponed' }, history: null });

    // not while the server has the database open
    const busy = await runCli(['--data-dir', dataDir, 'db', 'restore', report.file, '--json']);
    expect(busy.code).toBe(2);
    expect(JSON.parse(busy.stdout)).toEqual({ error: expect.stringMatching(/audiolib\.sqlite3 is in use: stop audiolib serve/), code: 'in_use', exit: 2 });
    expect(busy.stderr).toMatch(/^audiolib: the database \S+ is in use: stop audiolib serve .*\n$/);
    expect(await aliceSees(srv!, alice)).toEqual({ review: { rating: 2, text: 'changed my mind', progress: 'postponed' }, history: null });

    await srv!.close();
    srv = null;
    const restored = await runCli(['--data-dir', dataDir, 'db', 'restore', report.file, '--json']);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const result = JSON.parse(restored.stdout) as { file: string; database: string; previous: string; migrated: string[] };
    expect(result).toEqual({ file: report.file, database: sqlitePath(dataDir), previous: expect.stringMatching(/audiolib\.sqlite3\.before-restore-\d{8}-\d{6}$/), migrated: [] });
    expect(mode(result.previous)).toBe(0o600);
    expect(fs.existsSync(`${sqlitePath(dataDir)}-wal`)).toBe(false);

    srv = await startTestServer({ dataDir });
    // the token of before signs in: the secret is the data directory's, not the backup's
    expect(await aliceSees(srv, alice)).toEqual(original);
  });

  it('refuses a backup FILE that exists, and a missing, non-SQLite or damaged restore FILE, each with one line and exit 2', async () => {
    const existing = path.join(dataDir, 'taken.sqlite3');
    fs.writeFileSync(existing, 'mine');
    const taken = await runCli(['--data-dir', dataDir, 'db', 'backup', existing]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toBe(`audiolib: ${existing} exists: give a new file name (a backup never replaces a file)\n`);
    expect(fs.readFileSync(existing, 'utf8')).toBe('mine');
    const takenJson = await runCli(['--data-dir', dataDir, 'db', 'backup', existing, '--json']);
    expect(JSON.parse(takenJson.stdout)).toEqual({ error: `${existing} exists: give a new file name (a backup never replaces a file)`, code: 'exists', exit: 2 });

    // the restore refusals need the server stopped, else the database in use comes first
    await srv?.close();
    srv = null;
    const good = path.join(dataDir, 'good.sqlite3');
    expect((await runCli(['--data-dir', dataDir, 'db', 'backup', good])).code).toBe(0);
    const damaged = path.join(dataDir, 'damaged.sqlite3');
    const bytes = fs.readFileSync(good);
    for (let i = 4096; i < bytes.length; i++) bytes[i] = (i * 13) & 0xff;
    fs.writeFileSync(damaged, bytes);
    const text = path.join(dataDir, 'notes.txt');
    fs.writeFileSync(text, 'not a database');
    const before = sha(sqlitePath(dataDir));
    const cases: [string, string, RegExp][] = [
      [path.join(dataDir, 'nope.sqlite3'), 'not_found', /^audiolib: no such file: \S+nope\.sqlite3\n$/],
      [text, 'not_sqlite', /^audiolib: \S+notes\.txt is not a SQLite database\n$/],
      [damaged, 'damaged', /^audiolib: \S+damaged\.sqlite3 is damaged: .+\n$/],
    ];
    for (const [file, code, line] of cases) {
      const res = await runCli(['--data-dir', dataDir, 'db', 'restore', file]);
      expect(res.code, file).toBe(2);
      expect(res.stderr, file).toMatch(line);
      const json = await runCli(['--data-dir', dataDir, 'db', 'restore', file, '--json']);
      expect(JSON.parse(json.stdout), file).toEqual({ error: expect.any(String), code, exit: 2 });
    }
    expect(sha(sqlitePath(dataDir))).toBe(before);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('.restore-'))).toEqual([]);
  });
});

/** The folder of pg_dump: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  return path.join(root, fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

describe.runIf(PG_MODE)('audiolib db backup and db restore (PostgreSQL)', () => {
  it('copies nothing, exits 2 and prints the pg_dump command for the configured database; the command works', async () => {
    const dataDir = tempDataDir('audiolib-backup-pg-');
    const url = loadConfig(dataDir).db;
    const res = await runCli(['--data-dir', dataDir, 'db', 'backup']);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    const m = /^audiolib: the database is PostgreSQL: back it up with pg_dump: (pg_dump .+)\n$/.exec(res.stderr);
    expect(m, res.stderr).not.toBeNull();
    const command = m![1]!;
    expect(command).toMatch(new RegExp(`^pg_dump --format=custom --file=${path.join(dataDir, 'backups')}/audiolib-\\d{8}-\\d{6}\\.dump '`));
    expect(command).toContain(`'${url}'`);
    expect(fs.readdirSync(path.join(dataDir, 'backups'))).toEqual([]); // made for the command; nothing copied
    expect(mode(path.join(dataDir, 'backups'))).toBe(0o700);
    // the line runs as printed
    execFileSync('sh', ['-c', command], { env: { ...process.env, PATH: `${pgBin()}:${process.env.PATH}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    const [dump] = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(fs.readFileSync(path.join(dataDir, 'backups', dump!)).subarray(0, 5).toString()).toBe('PGDMP');

    const json = await runCli(['--data-dir', dataDir, 'db', 'backup', path.join(dataDir, 'mine.dump'), '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: expect.stringContaining('pg_dump'), code: 'postgres', exit: 2, command: `pg_dump --format=custom --file=${path.join(dataDir, 'mine.dump')} '${url}'` });

    const restore = await runCli(['--data-dir', dataDir, 'db', 'restore', path.join(dataDir, 'mine.dump')]);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toBe(`audiolib: the database is PostgreSQL: restore a pg_dump file with pg_restore: pg_restore --clean --if-exists --no-owner --dbname='${url}' ${path.join(dataDir, 'mine.dump')}\n`);
  });

  it('hides the password of the URL', async () => {
    const dataDir = tempDataDir('audiolib-backup-pgpw-');
    const url = tcpTestUrl(new URL(loadConfig(dataDir).db).pathname.slice(1), TEST_ROLE_PASSWORD);
    const res = await runCli(['--data-dir', dataDir, '--db', url, 'db', 'backup', '--json']);
    expect(res.code).toBe(2);
    expect(res.stdout + res.stderr).not.toContain(TEST_ROLE_PASSWORD);
    const { command, error } = JSON.parse(res.stdout) as { command: string; error: string };
    expect(command).toContain(`'${url.replace(`:${encodeURIComponent(TEST_ROLE_PASSWORD)}@`, ':***@')}'`);
    expect(error).toContain('replace *** with the password');
  });
});
