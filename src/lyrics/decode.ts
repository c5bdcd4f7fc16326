/**
 * Text encodings of lyric and readme files (DESIGN section 3: chardet + iconv-lite):
 * libraries of Japanese works hold Shift-JIS, GBK and Big5 files beside UTF-8 ones.
 * Node only.
 */
import fs from 'node:fs';
import path from 'node:path';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { toLrc } from './subtitles.js';

/**
 * Text files up to this size (bytes) are decoded to be read: the media stream answers them
 * as UTF-8 (larger ones as stored), the TUI's pager in local mode shows them (larger ones
 * are refused).
 */
export const TEXT_DECODE_LIMIT = 8 * 1024 * 1024;

const MULTIBYTE = new Set(['Shift_JIS', 'EUC-JP', 'GB18030', 'Big5', 'EUC-KR', 'ISO-2022-JP']);

/** Private-use characters: what GB18030 makes of byte pairs no Chinese text holds (a Shift-JIS name read as GBK). */
const PRIVATE_USE = /[\uE000-\uF8FF]/;

/** A decoding is plausible when it has no replacement characters and few half-width katakana (GBK read as Shift-JIS). */
function plausible(text: string): boolean {
  if (text.includes('\uFFFD')) return false;
  const nonAscii = text.replace(/[\x00-\x7f]/g, '').length;
  const halfwidth = (text.match(/[\uff61-\uff9f]/g) ?? []).length;
  return halfwidth <= nonAscii * 0.1;
}

/**
 * Decodes a text file's bytes to a string (decodeTextAs without the encoding's name).
 */
export function decodeText(buffer: Uint8Array): string {
  return decodeTextAs(buffer).text;
}

/**
 * Decodes a text file's bytes to a string and names the encoding read ('UTF-8',
 * 'UTF-16LE', 'Shift_JIS', 'GB18030', ...).
 * Order: a BOM (UTF-8, UTF-16 LE/BE); valid UTF-8; chardet's guess when it is a CJK
 * multi-byte encoding with confidence >= 50; then Shift_JIS, GB18030, Big5, whichever
 * decodes plausibly first (short files fool detectors, and this library is mostly
 * Japanese); then chardet's guess; else latin1. The BOM is not part of the result.
 */
export function decodeTextAs(buffer: Uint8Array): { text: string; encoding: string } {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return { text: buf.subarray(3).toString('utf8'), encoding: 'UTF-8' };
  if (buf[0] === 0xff && buf[1] === 0xfe) return { text: iconv.decode(buf.subarray(2), 'utf-16le'), encoding: 'UTF-16LE' };
  if (buf[0] === 0xfe && buf[1] === 0xff) return { text: iconv.decode(buf.subarray(2), 'utf-16be'), encoding: 'UTF-16BE' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buf), encoding: 'UTF-8' };
  } catch {
    // not UTF-8: guess below
  }
  const guess = chardet.analyse(buf)[0];
  const candidates: string[] = [];
  if (guess && guess.confidence >= 50 && MULTIBYTE.has(guess.name)) candidates.push(guess.name);
  candidates.push('Shift_JIS', 'GB18030', 'Big5');
  for (const enc of candidates) {
    if (!iconv.encodingExists(enc)) continue;
    const text = iconv.decode(buf, enc);
    if (plausible(text)) return { text, encoding: enc };
  }
  if (guess && iconv.encodingExists(guess.name)) return { text: iconv.decode(buf, guess.name), encoding: guess.name };
  return { text: buf.toString('latin1'), encoding: 'ISO-8859-1' };
}

/**
 * Decodes byte strings that share one encoding (the entry names of one archive, which its
 * archiver wrote in one code page) with one encoding detected from all of them together,
 * answered with its name. Order: UTF-8 when every one is valid UTF-8; else, among chardet's
 * guess for the whole (a CJK multi-byte encoding, confidence >= 50), Shift_JIS, GB18030
 * and Big5, the first that decodes every one without a replacement or private-use
 * character and plausibly (few half-width katakana), else the first that decodes every one without a
 * replacement character (names of half-width katakana alone, `ｵﾏｹ.mp3`, are Shift-JIS that
 * GB18030 cannot read whole); else chardet's guess; else latin1. One encoding for all keeps
 * two names apart that per-name guesses could both garble into the same text.
 */
export function decodeAllAs(buffers: readonly Uint8Array[]): { texts: string[]; encoding: string } {
  const bufs = buffers.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength));
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    return { texts: bufs.map((b) => utf8.decode(b)), encoding: 'UTF-8' };
  } catch {
    // not UTF-8: guess below
  }
  const joined = Buffer.concat(bufs.flatMap((b) => [b, Buffer.from('\n')]));
  const guess = chardet.analyse(joined)[0];
  const candidates = new Set<string>();
  if (guess && guess.confidence >= 50 && MULTIBYTE.has(guess.name)) candidates.add(guess.name);
  for (const enc of ['Shift_JIS', 'GB18030', 'Big5']) candidates.add(enc);
  const whole: { texts: string[]; encoding: string }[] = [];
  for (const enc of candidates) {
    if (!iconv.encodingExists(enc)) continue;
    const texts = bufs.map((b) => iconv.decode(b, enc));
    if (texts.some((t) => t.includes('\uFFFD') || PRIVATE_USE.test(t))) continue;
    if (plausible(texts.join('\n'))) return { texts, encoding: enc };
    whole.push({ texts, encoding: enc });
  }
  if (whole[0]) return whole[0];
  const fallback = guess && iconv.encodingExists(guess.name) ? guess.name : 'ISO-8859-1';
  return { texts: bufs.map((b) => iconv.decode(b, fallback)), encoding: fallback };
}

/**
 * Reads a lyric file (.lrc, .srt, .vtt; any encoding) and answers it as LRC text.
 * Throws the fs error for a missing file and Error for another extension.
 */
export function readLyricFileAsLrc(file: string): string {
  return toLrc(decodeText(fs.readFileSync(file)), path.extname(file));
}
