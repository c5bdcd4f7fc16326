/**
 * `audiolib db copy` on a catalogue larger than one insert batch (1,000 rows), in the one
 * direction the command supports, SQLite to PostgreSQL: 5,500 files of which 3,000 are
 * lyric rows whose `audio_file_id` points at an audio row of the same table, 2,500 of them
 * at a row with a higher id in a later batch (the scanner numbers `01.lrc` before
 * `01.mp3`). The copy must carry every row and link and leave the target's schema as it
 * was (constraints not deferrable, triggers on, sequences past the ids). A copy that fails
 * part-way (a target refusing one row, a source row pointing at a missing row) leaves the
 * target exactly as it was (every table's rows, constraints, triggers, sequences) and says
 * so in one line naming the table and row, exit 1. PostgreSQL only (AUDIOLIB_TEST_DB=pg),
 * but for the usage checks and an unreachable target (exit 2), which need no PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../helpers/server.js';
import { seedWorks } from '../helpers/catalogue-seed.js';
import { PG_MODE, createTestDatabase } from '../helpers/pg.js';
import { migrate, openDb, sqlitePath, type Db } from '../../src/db/index.js';
import { runCli } from './run.js';

const WORKS = 250;
/** Audio rows, ids 2,501-5,000. */
const AUDIO = 2_500;
/** Lyric rows before their audio rows, ids 1-2,500, each pointing into a later batch. */
const LEADING = 2_500;
/** Lyric rows after their audio rows, ids 5,001-5,500. */
const TRAILING = 500;
const FILES = AUDIO + LEADING + TRAILING;

interface FileRow { id: number; work_id: number; relpath: string; type: string; size: number; mtime: number; duration: number | null; audio_file_id: number | null }

/** The files of the seeded catalogue, audio rows first (the order SQLite's immediate foreign keys accept). */
function seededFiles(): FileRow[] {
  const audioId = (k: number) => LEADING + 1 + k;
  const workOf = (k: number) => 10_001 + (k % WORKS);
  const audio = Array.from({ length: AUDIO }, (_, k): FileRow => ({ id: audioId(k), work_id: workOf(k), relpath: `${String(k).padStart(4, '0')}.mp3`, type: 'audio', size: 1000 + k, mtime: 1_700_000_000_000 + k, duration: 60.5 + k, audio_file_id: null }));
  // 7,919 is prime to 2,500: each leading lyric belongs to a different audio row, spread over batches 3 to 5
  const leading = Array.from({ length: LEADING }, (_, j): FileRow => {
    const k = (j * 7919) % AUDIO;
    return { id: 1 + j, work_id: workOf(k), relpath: `${String(k).padStart(4, '0')}.lrc`, type: 'text', size: 10, mtime: 1_700_000_000_000, duration: null, audio_file_id: audioId(k) };
  });
  const trailing = Array.from({ length: TRAILING }, (_, m): FileRow => {
    const k = m * 5;
    return { id: LEADING + AUDIO + 1 + m, work_id: workOf(k), relpath: `${String(k).padStart(4, '0')}.vtt`, type: 'text', size: 10, mtime: 1_700_000_000_000, duration: null, audio_file_id: audioId(k) };
  });
  return [...audio, ...leading, ...trailing];
}

/** A data directory whose SQLite catalogue holds the seeded works and files, inserted directly. */
async function seededSource(): Promise<string> {
  const dir = tempDataDir('audiolib-copy-batches-', 'none'); // SQLite whatever the engine under test
  const db = openDb(sqlitePath(dir));
  try {
    await migrate(db);
    await seedWorks(db, Array.from({ length: WORKS }, (_, i) => ({ id: 10_001 + i, title: `Work ${i + 1}`, circle: { id: 1 + (i % 7), name: `Circle ${1 + (i % 7)}` } })));
    const files = seededFiles();
    await db.transaction(async (trx) => {
      for (let i = 0; i < files.length; i += 500) await trx('files').insert(files.slice(i, i + 500));
    });
  } finally {
    await db.destroy();
  }
  return dir;
}

/** Every file's id, work, path and audio link, by id. */
const filesOf = async (db: Db) => (await db('files').select('id', 'work_id', 'relpath', 'audio_file_id').orderBy('id')).map((r: Record<string, unknown>) => ({ ...r }));

/**
 * All a PostgreSQL database holds that a copy could change: every table's row count and a
 * digest of its rows, the constraints with their deferrability, the user triggers with
 * their enabled state, the sequences' values.
 */
async function snapshot(url: string): Promise<Record<string, unknown>> {
  const db = openDb(url);
  try {
    const out: Record<string, unknown> = {};
    const { rows: tables } = await db.raw(`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`);
    for (const { name } of tables as { name: string }[]) {
      const { rows } = await db.raw(`SELECT count(*) AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM ?? x`, [name]);
      out[`table ${name}`] = rows[0];
    }
    out.constraints = (await db.raw(`SELECT conrelid::regclass::text AS rel, conname, condeferrable, condeferred, convalidated FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`)).rows;
    out.triggers = (await db.raw(`SELECT tgrelid::regclass::text AS rel, tgname, tgenabled FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`)).rows;
    out.sequences = (await db.raw(`SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1`)).rows;
    return out;
  } finally {
    await db.destroy();
  }
}

/** The deferrability of the files -> files link and whether every user trigger is enabled. */
async function schemaState(db: Db): Promise<{ deferrable: unknown; disabled: unknown }> {
  const { rows: [link] } = await db.raw(`SELECT condeferrable AS deferrable FROM pg_constraint WHERE conrelid = 'files'::regclass AND confrelid = 'files'::regclass`);
  const { rows: [triggers] } = await db.raw(`SELECT count(*) FILTER (WHERE tgenabled = 'D') AS disabled FROM pg_trigger WHERE NOT tgisinternal`);
  return { deferrable: link.deferrable, disabled: triggers.disabled };
}

/**
 * The failure line of a copy's stderr, checking that it is the one `audiolib:` line, the
 * last, after progress lines alone, and free of SQL.
 */
function failureOf(stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  expect(lines.slice(0, -1).every((l) => /^cop(ied|ying) \w+: \d+\/\d+$/.test(l)), stderr).toBe(true);
  expect(stderr).not.toMatch(/insert into|select |\$1/i);
  return lines[lines.length - 1]!;
}

describe.skipIf(!PG_MODE)('audiolib db copy across insert batches', () => {
  let srcDir: string;
  let url: string;
  beforeAll(async () => {
    srcDir = await seededSource();
    url = createTestDatabase(false);
  });

  it('copies lyric rows whose audio rows come in a later batch, every row and link equal', async () => {
    const res = await runCli(['--data-dir', srcDir, 'db', 'copy', '--to', url, '--json']);
    expect(res.stderr).not.toMatch(/insert into/i);
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout) as { tables: { table: string; rows: number }[] };
    expect(report.tables.find((t) => t.table === 'files')?.rows).toBe(FILES);
    expect(report.tables.find((t) => t.table === 'works')?.rows).toBe(WORKS);

    const [from, to] = [openDb(sqlitePath(srcDir)), openDb(url)];
    try {
      const copied = await filesOf(to);
      expect(copied).toHaveLength(FILES);
      expect(copied).toEqual(await filesOf(from));
      expect(copied.filter((f) => f.audio_file_id !== null && (f.audio_file_id as number) > (f.id as number))).toHaveLength(LEADING);
      // the schema as the migrations made it: the link not deferrable, every trigger on
      expect(await schemaState(to)).toEqual({ deferrable: 0, disabled: 0 });
      // the id sequence is past the copied ids, and the search index has every work
      const [{ id }] = await to('files').insert({ work_id: 10_001, relpath: 'new.mp3', type: 'audio', size: 1, mtime: 1 }).returning('id');
      expect(id).toBe(FILES + 1);
      expect(Number((await to('work_search').count({ n: '*' }).first())!.n)).toBe(WORKS);
      await to('files').where({ id }).delete();
    } finally {
      await Promise.all([from.destroy(), to.destroy()]);
    }
  });

  it('leaves a target that refuses one row exactly as it was, in one sentence naming the table and row (exit 1)', async () => {
    const to = openDb(url);
    try {
      // a rule of the target's own that the source's row 3,333 breaks
      await to.raw(`ALTER TABLE files ADD CONSTRAINT refuse_one CHECK (id <> 3333) NOT VALID`);
    } finally {
      await to.destroy();
    }
    const before = await snapshot(url);
    expect(before['table files']).toMatchObject({ n: FILES });

    const res = await runCli(['--data-dir', srcDir, 'db', 'copy', '--to', url, '--force']);
    expect(res.code).toBe(1);
    expect(failureOf(res.stderr)).toBe(`audiolib: could not copy table files, row id 3333: the target's check refuse_one refuses it; the target database is unchanged`);
    expect(await snapshot(url)).toEqual(before);

    const json = await runCli(['--data-dir', srcDir, 'db', 'copy', '--to', url, '--force', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ error: expect.stringMatching(/^could not copy table files, row id 3333: /), code: 'failed', exit: 1 });
    expect(await snapshot(url)).toEqual(before);
  });

  describe('a source row pointing at a row that does not exist', () => {
    let brokenDir: string;
    let empty: string;
    beforeAll(async () => {
      brokenDir = tempDataDir('audiolib-copy-broken-', 'none');
      fs.copyFileSync(sqlitePath(srcDir), sqlitePath(brokenDir));
      // SQLite checks no foreign keys unless asked (an older database, a file edited by hand)
      const raw = knexFactory({ client: 'sqlite3', connection: { filename: sqlitePath(brokenDir) }, useNullAsDefault: true });
      try {
        await raw('files').where({ id: 1234 }).update({ audio_file_id: 99_999 });
      } finally {
        await raw.destroy();
      }
      empty = createTestDatabase(true);
    });

    it('is named with its row, and the empty target stays empty with its schema intact (exit 1)', async () => {
      const before = await snapshot(empty);
      const res = await runCli(['--data-dir', brokenDir, 'db', 'copy', '--to', empty]);
      expect(res.code).toBe(1);
      expect(failureOf(res.stderr)).toBe('audiolib: could not copy table files, row id 1234: its audio_file_id 99999 is not in table files; the target database is unchanged');
      expect(await snapshot(empty)).toEqual(before);
      const to = openDb(empty);
      try {
        expect(await schemaState(to)).toEqual({ deferrable: 0, disabled: 0 });
      } finally {
        await to.destroy();
      }
    });
  });
});

describe('audiolib db copy usage', () => {
  it('refuses a target that is not a PostgreSQL URL and a source that is not a SQLite file (exit 2, one line)', async () => {
    const dir = tempDataDir('audiolib-copy-usage-', 'none');
    const notUrl = await runCli(['--data-dir', dir, 'db', 'copy', '--to', path.join(dir, 'other.sqlite3')]);
    expect(notUrl).toMatchObject({ code: 2, stdout: '', stderr: 'audiolib: --to must be a PostgreSQL URL (postgres://user:password@host/db)\n' });
    const pgSource = await runCli(['--data-dir', dir, 'db', 'copy', '--from', 'postgres://u@localhost/db', '--to', 'postgres://u@localhost/other']);
    expect(pgSource).toMatchObject({ code: 2, stderr: 'audiolib: --from must be a SQLite file\n' });
  });

  it('says in one line that a target it cannot reach cannot be opened (exit 2)', async () => {
    const dir = tempDataDir('audiolib-copy-usage-', 'none');
    const db = openDb(sqlitePath(dir));
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
    const res = await runCli(['--data-dir', dir, 'db', 'copy', '--to', 'postgres://audiolib@127.0.0.1:1/nowhere']); // port 1: nobody listens
    expect(res).toMatchObject({ code: 2, stderr: 'audiolib: cannot open the target database: 127.0.0.1:1: connection refused\n' });
  });
});
