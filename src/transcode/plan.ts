/**
 * Whether and how a stream is transcoded (README.md "When a stream is transcoded"): the
 * request's `format` and `maxBitRate`, the player's defaults, and the stored file's
 * format and average bit rate decide. Pure: no I/O.
 */
import { DEFAULT_BIT_RATE, MIN_BIT_RATE, TARGETS, isTranscodeFormat, storedFormat, type TranscodeFormat } from './formats.js';

/** What a caller asks: `format` 'raw', a target or anything else (ignored); `maxBitRate` in kbit/s, 0 or absent = no limit. */
export interface TranscodeRequest {
  format?: string;
  maxBitRate?: number;
}

/** The stored audio: file name (its extension tells the format), size in bytes, duration in seconds (null: unknown). */
export interface SourceAudio {
  name: string;
  size: number;
  duration: number | null;
}

/**
 * A stored file counts as at or under a bit rate up to this factor above it: its average
 * is taken over the whole file, tags and cover pictures included (a 64 kbit/s MP3 with
 * its tags averages 64.3).
 */
export const RATE_ALLOWANCE = 1.05;

/** The answer: the file as stored, or a transcode to `format` at `bitRate` kbit/s. */
export type StreamPlan = { transcode: false } | { transcode: true; format: TranscodeFormat; bitRate: number };

/** The average bit rate of the stored file in kbit/s (size over duration), or null when its duration is unknown. */
export function sourceBitRate(source: SourceAudio): number | null {
  return source.duration && source.duration > 0 ? (source.size * 8) / source.duration / 1000 : null;
}

/**
 * Decides a stream's answer. `request` is the call's own parameters, `player` the
 * player's stored defaults (the call's values come first; of two bit rates the lower
 * wins). Rules, in order:
 * - format `raw` (asked, or the player's default when the call names none): as stored;
 * - neither a target format nor a bit rate: as stored;
 * - the file already in the target format (or none asked) and at or under the bit rate
 *   (or no bit rate asked; 5% above counts as under, RATE_ALLOWANCE): as stored;
 * - otherwise a transcode to the format (default mp3) at the bit rate (default 192),
 *   clamped to 32 kbit/s and the encoder's highest (opus 256).
 */
export function planStream(source: SourceAudio, request: TranscodeRequest, player: TranscodeRequest = {}): StreamPlan {
  const asked = request.format === 'raw' || isTranscodeFormat(request.format) ? request.format : undefined;
  const format = asked ?? (player.format === 'raw' || isTranscodeFormat(player.format) ? player.format : undefined);
  if (format === 'raw') return { transcode: false };
  const rates = [request.maxBitRate, player.maxBitRate].filter((r): r is number => typeof r === 'number' && r > 0);
  const limit = rates.length ? Math.min(...rates) : 0;
  if (!format && !limit) return { transcode: false };
  const stored = storedFormat(source.name);
  const rate = sourceBitRate(source);
  const underLimit = !limit || (rate !== null && rate <= limit * RATE_ALLOWANCE);
  if ((!format || format === stored) && underLimit) return { transcode: false };
  const target = format ?? 'mp3';
  const bitRate = Math.max(MIN_BIT_RATE, Math.min(limit || DEFAULT_BIT_RATE, TARGETS[target].max));
  return { transcode: true, format: target, bitRate };
}
