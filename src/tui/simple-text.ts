/**
 * Text whose width needs no grapheme segmentation (bench/README.md "tui"): the
 * first string width of a non-ASCII title (string-width's `/^\p{RGI_Emoji}$/v`, compiled at
 * its first use) cost about 40 ms of the TUI's start. The TUI bundle's build
 * (scripts/tui-vite.config.js, plugin stringWidthFastPath) makes string-width answer the
 * sum of its own East Asian widths, character by character, for text this module accepts:
 * the answer string-width's full path gives (test/tui/simple-text.test.ts checks every
 * character here against it).
 *
 * Accepted: characters that are a whole grapheme on their own whatever surrounds them
 * (no combining mark, joiner, variation selector, prepended mark, control, format
 * character, conjoining Hangul jamo), visible, and not emoji (no Extended_Pictographic):
 * ASCII, Latin, Greek and Cyrillic letters, punctuation, arrows, mathematical operators,
 * box drawing and geometric shapes, and the CJK and Japanese ranges (kana, ideographs,
 * fullwidth and halfwidth forms, Hangul syllables).
 */
const SIMPLE = new RegExp(`^[${[
  '\\u0020-\\u007E', '\\u00A0-\\u00A8', '\\u00AA-\\u00AC', '\\u00AF-\\u02FF', '\\u0370-\\u0377', '\\u037A-\\u037F', '\\u0384-\\u038A', '\\u038C',
  '\\u038E-\\u03A1', '\\u03A3-\\u0482', '\\u048A-\\u04FF',
  '\\u2010-\\u2027', '\\u2030-\\u203B', '\\u203D-\\u2048', '\\u204A-\\u205E', '\\u2190-\\u2193', '\\u219A-\\u21A8', '\\u21AB-\\u21FF', '\\u2200-\\u22FF',
  '\\u2500-\\u25A9', '\\u25AC-\\u25B5', '\\u25B7-\\u25BF', '\\u25C1-\\u25FA', '\\u2605\\u2606\\u2661\\u266A\\u266B',
  '\\u3000-\\u3029', '\\u3031-\\u303C', '\\u303E\\u303F', '\\u3041-\\u3096', '\\u309B-\\u30FF', '\\u3105-\\u312F', '\\u3131-\\u3163', '\\u3165-\\u318E', '\\u3190-\\u31E3',
  '\\u31F0-\\u321E', '\\u3220-\\u3296', '\\u3298', '\\u329A-\\u33FF', '\\u3400-\\u4DBF', '\\u4E00-\\u9FFF', '\\uAC00-\\uD7A3', '\\uF900-\\uFA6D', '\\uFA70-\\uFAD9',
  '\\uFE30-\\uFE4F', '\\uFF01-\\uFF9D', '\\uFFE0-\\uFFE6', '\\uFFE8-\\uFFEE',
].join('')}]*$`);

/** True when string-width may measure `text` character by character (see above); false for anything else, '' included. */
export function isSimpleText(text: string): boolean {
  return text.length > 0 && SIMPLE.test(text);
}
