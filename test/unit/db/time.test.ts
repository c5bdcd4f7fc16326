/**
 * The one time format (src/db/time.ts): what `dbTime` writes, what `readTime` makes of each
 * text an engine may answer, and the migration that rewrites SQLite's
 * 'YYYY-MM-DD HH:MM:SS' text of older rows (20261230000100_one_time_format.js): on SQLite
 * the text is rewritten; on PostgreSQL the timestamptz column already held the moment, and
 * both read back the same. Both engines (AUDIOLIB_TEST_DB=pg).
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrationsDir, openMigrated, type Db } from '../../../src/db/index.js';
import { dbTime, readTime } from '../../../src/db/time.js';
import { tempDataDir } from '../../helpers/server.js';

const LAST = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.js')).sort().at(-1)!;

let db: Db | null = null;
afterEach(async () => {
  await db?.destroy();
  db = null;
});

describe('dbTime and readTime', () => {
  it('write ISO 8601 UTC with milliseconds and read every stored form as it', () => {
    expect(dbTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(dbTime(new Date('2026-11-27T19:30:00.5Z'))).toBe('2026-11-27T19:30:00.500Z');
    expect(dbTime()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(readTime('2026-11-27 19:30:00')).toBe('2026-11-27T19:30:00.000Z');
    expect(readTime('2026-11-27T19:30:00.123Z')).toBe('2026-11-27T19:30:00.123Z');
    expect(readTime('2026-11-27T19:30:00')).toBe('2026-11-27T19:30:00.000Z');
    expect(readTime(new Date(Date.UTC(2026, 10, 27)))).toBe('2026-11-27T00:00:00.000Z');
    expect(readTime(1000)).toBe('1970-01-01T00:00:01.000Z');
    expect(readTime('1000')).toBe('1970-01-01T00:00:01.000Z');
    expect(readTime('not a time')).toBe('not a time');
    expect(readTime(null)).toBeUndefined();
  });
});

describe(`migration ${LAST}`, () => {
  it("rewrites SQLite's text of older rows to the one format and leaves the others", async () => {
    expect(LAST).toBe('20261230000100_one_time_format.js');
    db = await openMigrated(tempDataDir());
    await db.migrate.down({ directory: migrationsDir, loadExtensions: ['.js'] });
    // rows as the scan wrote them before: SQLite's text; one hidden by the admin in ISO text
    await db('works').insert([
      { id: 1, title: 'hidden by a scan', created_at: '2026-11-20 08:00:00', updated_at: '2026-11-21 09:30:15', removed_at: '2026-11-22 10:45:30', removed_reason: 'missing' },
      { id: 2, title: 'hidden by the admin', created_at: '2026-11-20 08:00:00', updated_at: '2026-11-20 08:00:00', removed_at: '2026-11-22T10:45:30.250Z', removed_reason: 'deleted' },
      { id: 3, title: 'visible', created_at: '2026-11-20 08:00:00', updated_at: '2026-11-20 08:00:00' },
    ]);
    await db('scan_runs').insert({ kind: 'scan', status: 'finished', started_at: '2026-11-22 10:40:00', finished_at: '2026-11-22 10:45:31' });
    expect(await migrate(db)).toEqual([LAST]);
    const works = await db('works').orderBy('id').select('id', 'created_at', 'updated_at', 'removed_at');
    expect(works.map((w) => ({ ...w, created_at: String(w.created_at), updated_at: String(w.updated_at), removed_at: w.removed_at === null ? null : String(w.removed_at) }))).toEqual([
      { id: 1, created_at: '2026-11-20T08:00:00.000Z', updated_at: '2026-11-21T09:30:15.000Z', removed_at: '2026-11-22T10:45:30.000Z' },
      { id: 2, created_at: '2026-11-20T08:00:00.000Z', updated_at: '2026-11-20T08:00:00.000Z', removed_at: '2026-11-22T10:45:30.250Z' },
      { id: 3, created_at: '2026-11-20T08:00:00.000Z', updated_at: '2026-11-20T08:00:00.000Z', removed_at: null },
    ]);
    const run = await db('scan_runs').first('started_at', 'finished_at');
    expect([String(run.started_at), String(run.finished_at)]).toEqual(['2026-11-22T10:40:00.000Z', '2026-11-22T10:45:31.000Z']);
  });
});
