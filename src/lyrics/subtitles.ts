/**
 * SRT and WebVTT subtitles converted to LRC (spec 000 section 4 "Lyric loading":
 * "srt and vtt lyrics are converted to lrc"). Pure: Node and browser.
 *
 * Each cue becomes one LRC line at its start time (multi-line cue text joined with a
 * space, markup such as `<i>`, `<v Name>` and `{\an8}` removed). When a cue ends before
 * the next one starts (or it is the last cue), an empty line at its end time clears
 * the display.
 */
import { formatLrc, type LrcLine } from './lrc.js';

export interface Cue { start: number; end: number; text: string }

// 00:00:01,500 (srt) / 00:01.500 or 00:00:01.500 (vtt); hours optional for both
const TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})[,.](\d{1,3})`;
const ARROW = new RegExp(`^\\s*${TIME}\\s*-->\\s*${TIME}`);

function seconds(h: string | undefined, m: string, s: string, ms: string): number {
  return (h ? Number(h) * 3600 : 0) + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, '0')) / 1000;
}

/** Removes subtitle markup: HTML-like tags, VTT voice/class tags, ASS override blocks. */
function plain(text: string): string {
  return text.replace(/<[^>]*>/g, '').replace(/\{\\[^}]*\}/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&nbsp;/g, ' ').trim();
}

/**
 * Reads the cues of SRT or WebVTT text: every block whose first or second line is a
 * `start --> end` timing line. Header, NOTE, STYLE and REGION blocks have no timing
 * line and are skipped. Times in seconds; cues sorted by start.
 */
export function parseCues(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).reduce<string[][]>((acc, line) => {
    if (line.trim() === '') acc.push([]);
    else acc[acc.length - 1]!.push(line);
    return acc;
  }, [[]]);
  for (const block of blocks) {
    const at = block.findIndex((l) => ARROW.test(l));
    if (at < 0 || at > 1) continue;
    const m = ARROW.exec(block[at]!)!;
    const start = seconds(m[1], m[2]!, m[3]!, m[4]!);
    const end = seconds(m[5], m[6]!, m[7]!, m[8]!);
    const body = block.slice(at + 1).map(plain).filter(Boolean).join(' ');
    cues.push({ start, end: Math.max(start, end), text: body });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** Turns cues into LRC lines: one at each start, plus an empty one where a gap or the end follows. */
export function cuesToLines(cues: Cue[]): LrcLine[] {
  const lines: LrcLine[] = [];
  cues.forEach((cue, i) => {
    lines.push({ time: cue.start, text: cue.text });
    const next = cues[i + 1];
    if (!next || next.start > cue.end) lines.push({ time: cue.end, text: '' });
  });
  return lines;
}

/** Converts SRT text to LRC text (`[mm:ss.xx]line` per cue). */
export function srtToLrc(text: string): string {
  return formatLrc(cuesToLines(parseCues(text)));
}

/** Converts WebVTT text to LRC text (`[mm:ss.xx]line` per cue). */
export function vttToLrc(text: string): string {
  return formatLrc(cuesToLines(parseCues(text)));
}

/**
 * Any supported lyric text as LRC. `ext` is the file extension with or without the dot,
 * any case: 'lrc' returns the text unchanged, 'srt' and 'vtt' are converted.
 * Throws Error for another extension.
 */
export function toLrc(text: string, ext: string): string {
  switch (ext.replace(/^\./, '').toLowerCase()) {
    case 'lrc': return text;
    case 'srt': return srtToLrc(text);
    case 'vtt': return vttToLrc(text);
    default: throw new Error(`not a lyric format: ${ext}`);
  }
}

/**
 * Guesses the format of lyric text from its content: 'vtt' (WEBVTT header), 'srt'
 * (timing lines with '-->'), 'lrc' (a `[mm:ss` stamp), or null. Used for transcriber
 * output whose extension is unknown.
 */
export function sniffLyricFormat(text: string): 'lrc' | 'srt' | 'vtt' | null {
  const t = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT/.test(t)) return 'vtt';
  if (/^\s*(?:\d+:)?\d{1,2}:\d{1,2}[,.]\d{1,3}\s*-->/m.test(t)) return 'srt';
  if (/^\s*\[\d+:\d{1,2}/m.test(t)) return 'lrc';
  return null;
}
