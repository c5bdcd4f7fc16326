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

const MULTIBYTE = new Set(['Shift_JIS', 'EUC-JP', 'GB18030', 'Big5', 'EUC-KR', 'ISO-2022-JP']);

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
 * Reads a lyric file (.lrc, .srt, .vtt; any encoding) and answers it as LRC text.
 * Throws the fs error for a missing file and Error for another extension.
 */
export function readLyricFileAsLrc(file: string): string {
  return toLrc(decodeText(fs.readFileSync(file)), path.extname(file));
}
