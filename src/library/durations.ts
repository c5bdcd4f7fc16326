/**
 * Audio durations (DESIGN section 5) with music-metadata. A file that cannot be parsed
 * (empty, broken, unknown container) has no duration: the caller logs a warning and
 * stores null, the scan goes on.
 */
import { parseFile } from 'music-metadata';

/**
 * Reads the duration of an audio file in seconds. Answers `{duration}` (a positive
 * number) or `{duration: null, error}` explaining why none could be read; never throws.
 */
export async function readDuration(file: string): Promise<{ duration: number | null; error?: string }> {
  try {
    const meta = await parseFile(file, { duration: true, skipCovers: true });
    const d = meta.format.duration;
    if (typeof d === 'number' && Number.isFinite(d) && d > 0) return { duration: d };
    return { duration: null, error: 'no duration found (empty or unreadable audio)' };
  } catch (err) {
    return { duration: null, error: (err as Error).message };
  }
}
