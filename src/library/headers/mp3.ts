/**
 * MP3 (MPEG audio) duration from its headers: the frame count of a Xing/Info or VBRI
 * header in the first frame, else, when the first frames all share one bitrate (CBR),
 * the audio bytes (file size minus the ID3v2, APE and ID3v1 tags) over that bitrate,
 * as ffprobe does. A VBR stream without a frame count, free-format bitrate or no frame
 * sync near the start answer null (the caller counts the frames another way).
 */
import type { Source } from './source.js';

/** Bytes after the tags searched for the first frame sync. */
const SYNC_WINDOW = 16 * 1024;
/** Frames checked for one bitrate before a stream without a frame count is taken as CBR. */
const CBR_FRAMES = 24;

const BITRATES = {
  v1: [[0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448], [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384], [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]],
  v2: [[0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256], [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160], [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]],
};
const RATES = [44_100, 48_000, 32_000];

interface Frame { mpeg1: boolean; layer: number; bitrate: number; rate: number; samples: number; length: number; mono: boolean }

/** The frame header at `b[i..i+4]`, or null when it is not a valid one (free format included). */
function frameAt(b: Buffer, i: number): Frame | null {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[i + 1]! >> 3) & 3; // 0 = MPEG 2.5, 2 = MPEG 2, 3 = MPEG 1
  const layer = 4 - ((b[i + 1]! >> 1) & 3); // 1, 2 or 3
  const bitrateIndex = b[i + 2]! >> 4;
  const rateIndex = (b[i + 2]! >> 2) & 3;
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES.v1 : BITRATES.v2)[layer - 1]![bitrateIndex]! * 1000;
  const rate = RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const padding = (b[i + 2]! >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  const length = layer === 1 ? (Math.floor((12 * bitrate) / rate) + padding) * 4 : Math.floor((samples / 8) * bitrate / rate) + padding;
  return { mpeg1, layer, bitrate, rate, samples, length, mono: b[i + 3]! >> 6 === 3 };
}

/** Bytes of the ID3v2 tags at `pos` (0 when none); a file may carry several. */
export function id3v2Length(src: Source, pos = 0): number {
  let total = 0;
  for (;;) {
    const h = src.read(pos + total, 10);
    if (h.length < 10 || h.toString('latin1', 0, 3) !== 'ID3') return total;
    const size = ((h[6]! & 0x7f) << 21) | ((h[7]! & 0x7f) << 14) | ((h[8]! & 0x7f) << 7) | (h[9]! & 0x7f);
    total += 10 + size + (h[5]! & 0x10 ? 10 : 0);
  }
}

/** Bytes of the APEv2 and ID3v1 tags at the end of the file. */
function trailingTags(src: Source): number {
  const tail = src.read(Math.max(0, src.size - 160), 160);
  let end = tail.length;
  if (end >= 128 && tail.toString('latin1', end - 128, end - 125) === 'TAG') end -= 128;
  if (end >= 32 && tail.toString('latin1', end - 32, end - 24) === 'APETAGEX') {
    const apeSize = tail.readUInt32LE(end - 32 + 12); // footer + items
    const hasHeader = (tail.readUInt32LE(end - 32 + 20) & 0x80000000) !== 0;
    return tail.length - end + apeSize + (hasHeader ? 32 : 0);
  }
  return tail.length - end;
}

/** Duration in seconds of an MPEG audio stream after `start` bytes of ID3v2 tags; null when the headers cannot tell. */
export function mp3Duration(src: Source, start: number): number | null {
  const head = src.read(start, SYNC_WINDOW + 4 * 1024);
  let at = -1;
  let frame: Frame | null = null;
  for (let i = head.indexOf(0xff); i >= 0 && i < SYNC_WINDOW; i = head.indexOf(0xff, i + 1)) {
    const f = frameAt(head, i);
    const next = f && frameAt(head, i + f.length);
    if (f && next && next.rate === f.rate && next.layer === f.layer) {
      at = i;
      frame = f;
      break;
    }
  }
  if (!frame) return null;
  const frames = frameCount(head, at, frame);
  if (frames !== null) return frames > 0 ? (frames * frame.samples) / frame.rate : null;
  // No frame count: CBR when the first frames share the first one's bitrate.
  for (let i = at, n = 0; n < CBR_FRAMES; n++) {
    const f = frameAt(head, i);
    if (!f) break;
    if (f.bitrate !== frame.bitrate) return null;
    i += f.length;
  }
  const bytes = src.size - start - at - trailingTags(src);
  return bytes > 0 ? (bytes * 8) / frame.bitrate : null;
}

/** The frame count of a Xing/Info or VBRI header in the frame at `at`; null when there is none. */
function frameCount(b: Buffer, at: number, f: Frame): number | null {
  const sideInfo = f.layer !== 3 ? 0 : f.mpeg1 ? (f.mono ? 17 : 32) : f.mono ? 9 : 17;
  const x = at + 4 + sideInfo;
  const tag = b.toString('latin1', x, x + 4);
  if ((tag === 'Xing' || tag === 'Info') && x + 12 <= b.length) {
    return b.readUInt32BE(x + 4) & 1 ? b.readUInt32BE(x + 8) : null;
  }
  const v = at + 4 + 32;
  if (b.toString('latin1', v, v + 4) === 'VBRI' && v + 18 <= b.length) return b.readUInt32BE(v + 14);
  return null;
}
