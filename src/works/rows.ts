/**
 * Plain reads of the work aggregate's rows (`works` and `files`) for the writers around
 * it: the scan, the crawler, the trial catalogue. The catalogue's reads (lists, one work,
 * who sees a work: src/catalogue) are not here.
 */
import type { Db } from '../db/index.js';

/** The columns of `works` the scanner reads. */
export interface WorkRow {
  id: number; code_prefix: string; title: string; root_folder: string | null; dir: string | null;
  cover_file_id: number | null; lyric_status: string; status: number; metadata_source: string;
  removed_at: string | null; removed_reason: string | null;
}
const WORK_COLUMNS = ['id', 'code_prefix', 'title', 'root_folder', 'dir', 'cover_file_id', 'lyric_status', 'status', 'metadata_source', 'removed_at', 'removed_reason'];

/** The columns of `files` the scanner reads. */
export interface FileRow { id: number; work_id: number; relpath: string; type: string; size: number; mtime: number; duration: number | null; audio_file_id: number | null }
const FILE_COLUMNS = ['id', 'work_id', 'relpath', 'type', 'size', 'mtime', 'duration', 'audio_file_id'];

/** A works row as the crawler needs it. */
export interface MetadataTarget { id: number; code_prefix: string; title: string }

/** Every work row (hidden and trial ones included), as the scanner reads it. */
export async function allWorkRows(db: Db): Promise<WorkRow[]> {
  return db('works').select(WORK_COLUMNS);
}

/** Work `id`'s row as the scanner reads it; undefined when there is none. */
export async function workRow(db: Db, id: number): Promise<WorkRow | undefined> {
  return db('works').where({ id }).first(WORK_COLUMNS);
}

/** The file rows of the works `workIds` (one query; the caller bounds the list), in no order. */
export async function fileRowsOf(db: Db, workIds: readonly number[]): Promise<FileRow[]> {
  return workIds.length === 0 ? [] : db('files').whereIn('work_id', workIds as number[]).select(FILE_COLUMNS);
}

/** Whether work `id` has any file row (a trial work whose files are there). */
export async function hasFiles(db: Db, id: number): Promise<boolean> {
  return (await db('files').where({ work_id: id }).first('id')) !== undefined;
}

/** The ids among `ids` that have a works row, whatever its status (read 500 a query). */
export async function knownWorkIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const known = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of (await db('works').whereIn('id', ids.slice(i, i + 500)).select('id')) as { id: number }[]) known.add(r.id);
  }
  return known;
}

/** `{id, code_prefix}` of the works of `ids` that exist (one query), in no order. */
export async function workPrefixes(db: Db, ids: readonly number[]): Promise<{ id: number; code_prefix: string }[]> {
  return ids.length ? db('works').whereIn('id', ids as number[]).select('id', 'code_prefix') : [];
}

/** Ids of every work not hidden (`removed_at` null), library and trial alike, ascending. */
export async function unhiddenWorkIds(db: Db): Promise<number[]> {
  return (await db('works').whereNull('removed_at').orderBy('id').pluck('id')) as number[];
}

/**
 * Ids of the works whose metadata is still to fetch: `metadata_status` 'pending' (never
 * fetched) or 'failed' (to retry), not hidden (`removed_at` null). Ascending ids.
 */
export async function pendingMetadataWorkIds(db: Db): Promise<number[]> {
  const rows = await db('works').whereIn('metadata_status', ['pending', 'failed']).whereNull('removed_at').orderBy('id').select('id');
  return rows.map((r: { id: number }) => r.id);
}

/** The works rows of `ids` that exist, in the order of `ids`, each once (read in chunks of 500). */
export async function metadataTargets(db: Db, ids: readonly number[]): Promise<MetadataTarget[]> {
  const byId = new Map<number, MetadataTarget>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows: MetadataTarget[] = await db('works').whereIn('id', ids.slice(i, i + 500)).select('id', 'code_prefix', 'title');
    for (const row of rows) byId.set(row.id, row);
  }
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}
