/**
 * The words of a failed `db copy` (src/db/copy/failure.ts): each PostgreSQL refusal a row
 * can meet said without SQL, knex's statement prefix removed from any other message, long
 * values clipped, rows named by id or key, and the whole one sentence.
 */
import { describe, expect, it } from 'vitest';
import { CopyError, driverMessage, reasonOf, rowLabel } from '../../../src/db/copy/failure.js';

/** A PostgreSQL error as knex hands it on: the statement in front of the driver's message, the fields beside. */
const pgError = (message: string, fields: Record<string, string>) => Object.assign(new Error(`insert into "files" ("id") values ($1), ($2) - ${message}`), fields);

describe('db copy failure messages', () => {
  it('says each refusal of a row in words', () => {
    expect(reasonOf(pgError('insert or update on table "files" violates foreign key constraint "files_work_id_foreign"', { code: '23503', detail: 'Key (work_id)=(7) is not present in table "works".', constraint: 'files_work_id_foreign' }))).toBe('its work_id 7 is not in table works');
    expect(reasonOf(pgError('duplicate key value violates unique constraint "files_pkey"', { code: '23505', detail: 'Key (id)=(5) already exists.' }))).toBe('its id 5 is already in the target');
    expect(reasonOf(pgError('null value in column "relpath" of relation "files" violates not-null constraint', { code: '23502', column: 'relpath' }))).toBe('its relpath is empty and the target requires a value');
    expect(reasonOf(pgError('new row for relation "files" violates check constraint "refuse_one"', { code: '23514', constraint: 'refuse_one' }))).toBe("the target's check refuse_one refuses it");
    expect(reasonOf(pgError('value too long for type character varying(8)', { code: '22001' }))).toBe("a value does not fit the target's column (value too long for type character varying(8))");
    const long = 'x'.repeat(500);
    expect(reasonOf(pgError('duplicate key', { code: '23505', detail: `Key (relpath)=(${long}) already exists.` })).length).toBeLessThan(120);
  });

  it('keeps the driver message and drops the statement knex puts before it', () => {
    expect(driverMessage(pgError('Connection terminated unexpectedly', {}))).toBe('Connection terminated unexpectedly');
    expect(driverMessage(new Error('select * from "works" where "id" in (1, 2) - SQLITE_BUSY: database is locked'))).toBe('SQLITE_BUSY: database is locked');
    expect(driverMessage(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(driverMessage(new Error(`insert into "files" ${'($1), '.repeat(5000)}`))).toBe('the database refused a statement');
  });

  it('names a row by id, else by its key columns, in one sentence', () => {
    expect(rowLabel({ id: 3333, work_id: 1 }, ['id'])).toBe('id 3333');
    expect(rowLabel({ work_id: 5, tag_id: 3 }, ['work_id', 'tag_id'])).toBe('(work_id 5, tag_id 3)');
    expect(rowLabel({ name: 'x' }, [])).toBeNull();
    const err = new CopyError('files', 'id 3333', "the target's check refuse_one refuses it");
    expect(err.message).toBe("could not copy table files, row id 3333: the target's check refuse_one refuses it; the target database is unchanged");
    expect(new CopyError(null, null, 'Connection terminated unexpectedly (while rebuilding the search index)').message).toBe('could not copy the database: Connection terminated unexpectedly (while rebuilding the search index); the target database is unchanged');
  });
});
