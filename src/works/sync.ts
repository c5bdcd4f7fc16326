/**
 * The scan's writes of one work and its files (src/library/work.ts `syncWork` calls them
 * inside its transaction, in this order): the work row, the file rows, the lyric links,
 * then the derived cover and lyric status. Every time written is `dbTime`'s.
 */
import type { Knex } from 'knex';
import { dbTime } from '../db/time.js';

/** The work row's columns a sync sets (src/library/work.ts workFieldsOf); a restore clears removed_at and removed_reason. */
export interface SyncedWorkFields {
  dir?: string; root_folder?: string; code_prefix?: string; title?: string; status?: number;
  removed_at?: null; removed_reason?: null;
}

/** A new file row (size in bytes, mtime in ms since the epoch, duration in seconds for audio). */
export interface NewFileRow { work_id: number; relpath: string; type: string; size: number; mtime: number; duration: number | null }

/** Whether work `id` has a row with `status` (a trial folder's sync checks its status has not moved). */
export async function hasStatus(trx: Knex.Transaction, id: number, status: number): Promise<boolean> {
  return (await trx('works').where({ id, status }).first('id')) !== undefined;
}

/** Inserts work `id` found by a scan with `fields`, created and updated now. */
export async function insertScannedWork(trx: Knex.Transaction, id: number, fields: SyncedWorkFields): Promise<void> {
  const now = dbTime();
  await trx('works').insert({ id, ...fields, created_at: now, updated_at: now });
}

/** Updates work `id`'s `fields` (none: only updated_at) and marks it updated now. */
export async function updateScannedWork(trx: Knex.Transaction, id: number, fields: SyncedWorkFields): Promise<void> {
  await trx('works').where({ id }).update({ ...fields, updated_at: dbTime() });
}

/** Sets work `id`'s cover file and lyric status as derived from its files, updated now. */
export async function setDerived(trx: Knex.Transaction, id: number, coverFileId: number | null, lyricStatus: string): Promise<void> {
  await trx('works').where({ id }).update({ cover_file_id: coverFileId, lyric_status: lyricStatus, updated_at: dbTime() });
}

/** Deletes the file rows `ids` (500 a statement). Lyric tasks stay: they do not cascade. */
export async function deleteFileRows(trx: Knex.Transaction, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await trx('files').whereIn('id', ids.slice(i, i + 500) as number[]).delete();
}

/** Updates file row `id` after its file changed on disk. */
export async function updateFileRow(trx: Knex.Transaction, id: number, fields: { size: number; mtime: number; type: string; duration: number | null }): Promise<void> {
  await trx('files').where({ id }).update(fields);
}

/** Inserts file rows (at most a few hundred: the caller chunks them); answers their ids by relpath. */
export async function insertFileRows(trx: Knex.Transaction, rows: readonly NewFileRow[]): Promise<{ id: number; relpath: string }[]> {
  return trx('files').insert(rows, ['id', 'relpath']);
}

/**
 * Sets `audio_file_id` of file rows: each pair is [lyric file id, its audio file id or
 * null]. One statement per 200 rows (`CASE id WHEN lyric THEN audio ...`, plain SQL on
 * either engine).
 */
export async function linkFiles(trx: Knex.Transaction, links: ReadonlyArray<readonly [number, number | null]>): Promise<void> {
  for (let i = 0; i < links.length; i += 200) {
    const chunk = links.slice(i, i + 200);
    const cases = chunk.map(() => 'WHEN ? THEN CAST(? AS INTEGER)').join(' ');
    const audioId = trx.raw(`CASE id ${cases} END`, chunk.flatMap(([id, audio]) => [id, audio]));
    await trx('files').whereIn('id', chunk.map(([id]) => id)).update({ audio_file_id: audioId });
  }
}
