/**
 * The string width fast path of the TUI bundle (src/tui/simple-text.ts, plugin
 * stringWidthFastPath of scripts/tui-vite.config.js): for text isSimpleText accepts, the
 * sum of the characters' East Asian widths is string-width's own answer.
 */
import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { isSimpleText } from '../../src/tui/simple-text.js';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** What the fast path answers: the characters' East Asian widths, added. */
const fastWidth = (text: string, ambiguousIsNarrow: boolean) => [...text].reduce((w, c) => w + eastAsianWidth(c.codePointAt(0)!, { ambiguousAsWide: !ambiguousIsNarrow }), 0);
const hangulJamo = (cp: number) => (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xd7b0 && cp <= 0xd7ff);
const notSimple = /[\p{Grapheme_Extend}\p{Mc}\p{Cc}\p{Cf}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Extended_Pictographic}\p{Default_Ignorable_Code_Point}\p{Regional_Indicator}]/u;

describe('isSimpleText', () => {
  const accepted = Array.from({ length: 0x10000 }, (_, cp) => String.fromCodePoint(cp)).filter(isSimpleText);

  it('accepts only characters that are one visible grapheme on their own, no emoji, and string-width agrees with their East Asian width', () => {
    expect(accepted.length).toBeGreaterThan(30000);
    for (const c of accepted) {
      const cp = c.codePointAt(0)!;
      expect(notSimple.test(c) || hangulJamo(cp), `U+${cp.toString(16)}`).toBe(false);
      expect([...graphemes.segment(`a${c}${c}a`)].length, `U+${cp.toString(16)} joins its neighbours`).toBe(4);
      expect(stringWidth(c), `U+${cp.toString(16)}`).toBe(fastWidth(c, true));
      expect(stringWidth(c, { ambiguousIsNarrow: false }), `U+${cp.toString(16)} (ambiguous as wide)`).toBe(fastWidth(c, false));
    }
  });

  it('measures titles, lists and box drawing as string-width does', () => {
    const texts = ['海辺Cleaning FestivalのHealing 第20話', '【ASMR】ｶﾀｶﾅ耳かき ～癒やし～ ★4.5 ♪', '■ ▸ … · ‖ › — ≡ ↑ ↓ ¥1,320', '┌─┐│└┘ 한국어 Ελληνικά Кириллица'];
    for (const t of texts) {
      expect(isSimpleText(t), t).toBe(true);
      expect(stringWidth(t), t).toBe(fastWidth(t, true));
    }
    const rng = (() => { let s = 7; return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31; })();
    for (let i = 0; i < 200; i++) {
      const t = Array.from({ length: 30 }, () => accepted[Math.floor(rng() * accepted.length)]).join('');
      expect(stringWidth(t), t).toBe(fastWidth(t, true));
      expect([...graphemes.segment(t)].length).toBe([...t].length);
    }
  });

  it('leaves emoji, combining marks, jamo, controls and the empty string to the full path', () => {
    for (const t of ['', 'ok ❤️', 'か\u3099', 'e\u0301', '\u1100\u1161', 'a\tb', 'flag 🇯🇵', '▶ play', 'soft\u00ADhyphen', 'ｶﾞ']) expect(isSimpleText(t), JSON.stringify(t)).toBe(false);
  });
});
