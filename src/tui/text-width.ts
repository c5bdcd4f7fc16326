/**
 * Cutting text to a number of terminal columns by display width, with string-width (the
 * width Ink measures rows with): a double-width character that would cross the edge is
 * left out whole. Ink's own truncation keeps it when the cut falls inside it, one column
 * too wide, so the line wraps and pushes the screen down.
 */
import stringWidth from 'string-width';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** `text` cut to at most `columns` display columns, ending with '…' when cut. */
export function cutToWidth(text: string, columns: number): string {
  if (columns <= 0) return '';
  if (stringWidth(text) <= columns) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = stringWidth(segment);
    if (used + w > columns - 1) break;
    out += segment;
    used += w;
  }
  return out + '…';
}
