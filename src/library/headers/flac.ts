/**
 * FLAC duration from the STREAMINFO block (always the first metadata block): total
 * samples / sample rate. Null when the stream does not say its length (0 samples).
 */
import type { Source } from './source.js';

/** Duration in seconds of a native FLAC stream whose "fLaC" marker starts at byte `start`; null when unknown. */
export function flacDuration(src: Source, start: number): number | null {
  const b = src.read(start, 4 + 4 + 34);
  if (b.length < 42 || b.toString('latin1', 0, 4) !== 'fLaC' || (b[4]! & 0x7f) !== 0) return null;
  const info = b.subarray(8);
  const rate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const samples = (info[13]! & 0x0f) * 2 ** 32 + info.readUInt32BE(14);
  return rate > 0 && samples > 0 ? samples / rate : null;
}
