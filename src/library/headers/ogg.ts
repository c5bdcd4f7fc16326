/**
 * Ogg Vorbis and Opus duration: the granule position of the stream's last page
 * (samples at the codec's rate) over the rate from the identification header (Vorbis),
 * or 48 kHz (Opus). Other codecs in Ogg (FLAC, Speex) answer null.
 */
import type { Source } from './source.js';

const TAIL = 8 * 1024;
/** An Ogg page is at most 65,307 bytes: the last page starts within this many bytes of the end. */
const MAX_TAIL = 65_536 + TAIL;

/** Duration in seconds of an Ogg Vorbis or Opus file (first page at byte 0); null when unknown. */
export function oggDuration(src: Source): number | null {
  const first = src.read(0, 27 + 255 + 64);
  if (first.length < 28 || first.toString('latin1', 0, 4) !== 'OggS') return null;
  const serial = first.readUInt32LE(14);
  const packet = first.subarray(27 + first[26]!);
  let rate: number;
  if (packet.toString('latin1', 0, 7) === '\x01vorbis' && packet.length >= 16) rate = packet.readUInt32LE(12);
  else if (packet.toString('latin1', 0, 8) === 'OpusHead') rate = 48_000;
  else return null;
  const granule = lastGranule(src, serial);
  return granule !== null && granule > 0 && rate > 0 ? granule / rate : null;
}

/** The granule position of the last page of stream `serial` that ends a packet; null when none is found. */
function lastGranule(src: Source, serial: number): number | null {
  for (let tail = TAIL; ; tail = Math.min(tail * 8, MAX_TAIL)) {
    const from = Math.max(0, src.size - tail);
    const buf = src.read(from, src.size - from);
    for (let i = buf.lastIndexOf('OggS'); i >= 0; i = i > 0 ? buf.lastIndexOf('OggS', i - 1) : -1) {
      if (i + 27 > buf.length || buf[i + 4] !== 0 || buf.readUInt32LE(i + 14) !== serial) continue;
      const low = buf.readUInt32LE(i + 6);
      const high = buf.readInt32LE(i + 10);
      if (high === -1 && low === 0xffffffff) continue; // no packet ends on this page
      return high * 2 ** 32 + low;
    }
    if (from === 0 || tail >= MAX_TAIL) return null;
  }
}
