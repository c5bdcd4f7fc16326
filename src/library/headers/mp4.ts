/**
 * MP4/M4A duration from the movie header (`moov`/`mvhd`): duration / time scale, the
 * figure ffprobe reports. Fragmented files (no duration in `mvhd`) answer null.
 */
import type { Source } from './source.js';

/** Start and end of the first box of `type` among the boxes from `from` to `to`; null when none. */
function findBox(src: Source, from: number, to: number, type: string): { start: number; end: number } | null {
  for (let pos = from; pos + 8 <= to;) {
    const h = src.read(pos, 16);
    if (h.length < 8) return null;
    let size = h.readUInt32BE(0);
    let header = 8;
    if (size === 1) {
      if (h.length < 16) return null;
      size = Number(h.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) size = to - pos;
    if (size < header) return null;
    if (h.toString('latin1', 4, 8) === type) return { start: pos + header, end: Math.min(pos + size, to) };
    pos += size;
  }
  return null;
}

/** Duration in seconds of an ISO media file (`ftyp` at byte 0); null when unknown. */
export function mp4Duration(src: Source): number | null {
  const moov = findBox(src, 0, src.size, 'moov');
  const mvhd = moov && findBox(src, moov.start, moov.end, 'mvhd');
  if (!mvhd) return null;
  const b = src.read(mvhd.start, 32);
  if (b.length < 32) return null;
  const v1 = b[0] === 1;
  const scale = b.readUInt32BE(v1 ? 20 : 12);
  const duration = v1 ? Number(b.readBigUInt64BE(24)) : b.readUInt32BE(16);
  if (scale === 0 || duration === 0 || (!v1 && duration === 0xffffffff)) return null;
  return duration / scale;
}
