/**
 * Writes of the columns the crawler and the lyric tasks own in a work row: its metadata
 * (src/metadata/save.ts decides them), its dynamic info, and the 'ai' part of its
 * lyric status (src/lyrics). Every time written is `dbTime`'s.
 */
import type { Db } from '../db/index.js';
import { dbTime } from '../db/time.js';
import { withLyricPart } from '../model/index.js';

/** The dynamic info columns (spec 000 section 3's names; JSON text for the detail and the rank). */
export interface DynamicColumns {
  dl_count: number; rate_average_2dp: number; rate_count: number; rate_count_detail: string;
  review_count: number; price: number; rank: string;
}

/** The metadata columns of a work row a crawl sets; absent ones stay as they are. */
export interface MetadataColumns extends Partial<DynamicColumns> {
  nsfw: boolean;
  metadata_source: 'dlsite' | 'hvdb';
  metadata_status: 'ok' | 'failed';
  metadata_error: string | null;
  title?: string;
  circle_id?: number | null;
  release?: string | null;
  series?: string | null;
  cover_status?: 'fetched';
}

/** Sets work `workId`'s metadata columns, marking it updated now (in the caller's transaction with its names and links). */
export async function saveMetadataColumns(db: Db, workId: number, columns: MetadataColumns): Promise<void> {
  await db('works').where('id', workId).update({ ...columns, updated_at: dbTime() });
}

/** Marks work `workId`'s metadata 'failed' with `error` (its first 2,000 characters); nothing else changes. */
export async function markMetadataFailed(db: Db, workId: number, error: string): Promise<void> {
  await db('works').where('id', workId).update({ metadata_status: 'failed', metadata_error: error.slice(0, 2000) });
}

/** Sets work `workId`'s dynamic info, marking it updated now. */
export async function saveDynamicColumns(db: Db, workId: number, columns: DynamicColumns): Promise<void> {
  await db('works').where('id', workId).update({ ...columns, updated_at: dbTime() });
}

/**
 * Sets the 'ai' part of work `workId`'s lyric_status (present when `served`), leaving its
 * 'local' part; no write when it does not change. A work not in the catalogue is left alone.
 */
export async function setAiLyricPart(db: Db, workId: number, served: boolean): Promise<void> {
  const work = await db('works').where({ id: workId }).first('lyric_status');
  if (!work) return;
  const next = withLyricPart(String(work.lyric_status ?? ''), 'ai', served);
  if (next !== work.lyric_status) await db('works').where({ id: workId }).update({ lyric_status: next });
}
