/**
 * WAV duration from the `fmt ` and `data` chunks: data bytes / bytes per second, for
 * PCM and float samples (what ffprobe reports). Other codecs (ADPCM, MP3 in WAV), RF64
 * and a data chunk of unknown size answer null.
 */
import type { Source } from './source.js';

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

/** Duration in seconds of a RIFF/WAVE file; null when it cannot be read from the chunks. */
export function wavDuration(src: Source): number | null {
  let byteRate = 0;
  let pos = 12;
  while (pos + 8 <= src.size) {
    const h = src.read(pos, 8 + 26);
    if (h.length < 8) return null;
    const id = h.toString('latin1', 0, 4);
    const size = h.readUInt32LE(4);
    if (id === 'fmt ') {
      if (h.length < 8 + 16) return null;
      const format = h.readUInt16LE(8);
      const codec = format === EXTENSIBLE && h.length >= 8 + 26 ? h.readUInt16LE(8 + 24) : format;
      if (codec !== PCM && codec !== FLOAT) return null;
      byteRate = h.readUInt32LE(8 + 8);
    } else if (id === 'data') {
      if (byteRate === 0 || size === 0xffffffff) return null;
      const bytes = Math.min(size, src.size - pos - 8);
      return bytes > 0 ? bytes / byteRate : null;
    }
    pos += 8 + size + (size & 1);
  }
  return null;
}
