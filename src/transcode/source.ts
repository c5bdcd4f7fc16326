/**
 * The stored audio a stream is planned on (plan.ts): a resolved media file with its
 * duration, as the scanner recorded it (`files.duration`), else read by ffprobe.
 */
import type { Db } from '../db/index.js';
import type { MediaFile } from '../library/media.js';
import type { SourceAudio } from './plan.js';
import { probeDuration } from './process.js';

/** `file` (resolved by src/library/media.ts) as a SourceAudio: name, size in bytes, duration in seconds (null when neither the scan nor ffprobe knows it). */
export async function sourceAudio(db: Db, file: MediaFile): Promise<SourceAudio> {
  const row = await db('files').where({ id: file.fileId, work_id: file.workId }).first<{ duration: number | string | null } | undefined>('duration');
  const stored = row?.duration === null || row?.duration === undefined ? null : Number(row.duration);
  const duration = stored && stored > 0 ? stored : await probeDuration(file.path);
  return { name: file.name, size: file.size, duration };
}
