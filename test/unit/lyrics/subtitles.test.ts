import { describe, expect, it } from 'vitest';
import { parseLrc, sniffLyricFormat, srtToLrc, toLrc, vttToLrc } from '../../../src/lyrics/index.js';
import { readFixture } from './fixtures.js';

describe('srtToLrc / vttToLrc', () => {
  it('converts the fixture .vtt: one line per cue, a clearing line at the end', () => {
    expect(vttToLrc(readFixture('02_耳かき.vtt'))).toBe('[00:00.00]右の耳から、\n[00:01.50]耳かきをしていきますね。\n[00:04.00]\n');
  });

  it('converts the fixture .srt', () => {
    expect(srtToLrc(readFixture('03_おやすみ.srt'))).toBe('[00:00.00]おやすみなさい。\n[00:01.50]\n');
  });

  it('joins multi-line cues, removes markup, skips NOTE/STYLE blocks and cue settings, clears gaps only', () => {
    const vtt = 'WEBVTT - title\n\nNOTE a comment\n--> not a cue\n\nSTYLE\n::cue { color: red }\n\nintro\n00:01.000 --> 00:02.000 align:start\n<v Mio>Hello</v>\n<i>there</i>\n\n00:02.000 --> 00:03.500\nnext\n\n01:00:00.000 --> 01:00:01.000\nlate &amp; last\n';
    expect(parseLrc(vttToLrc(vtt))).toEqual([
      { time: 1, text: 'Hello there' },
      { time: 2, text: 'next' },
      { time: 3.5, text: '' },
      { time: 3600, text: 'late & last' },
      { time: 3601, text: '' },
    ]);
    const srt = '1\r\n00:00:02,500 --> 00:00:04,000\r\n{\\an8}<b>top</b>\r\n\r\n2\r\n00:00:00,000 --> 00:00:01,000\r\nfirst\r\n';
    expect(srtToLrc(srt)).toBe('[00:00.00]first\n[00:01.00]\n[00:02.50]top\n[00:04.00]\n');
  });
});

describe('toLrc and sniffLyricFormat', () => {
  it('picks the converter by extension, with or without the dot, any case', () => {
    const lrc = readFixture('01_プロローグ.lrc');
    expect(toLrc(lrc, 'lrc')).toBe(lrc);
    expect(toLrc(readFixture('03_おやすみ.srt'), '.SRT')).toContain('[00:00.00]おやすみなさい。');
    expect(toLrc(readFixture('02_耳かき.vtt'), 'vtt')).toContain('[00:01.50]耳かき');
    expect(() => toLrc('x', 'txt')).toThrow(/not a lyric format/);
  });
  it('recognises the three formats by content', () => {
    expect(sniffLyricFormat(readFixture('01_プロローグ.lrc'))).toBe('lrc');
    expect(sniffLyricFormat(readFixture('02_耳かき.vtt'))).toBe('vtt');
    expect(sniffLyricFormat(readFixture('03_おやすみ.srt'))).toBe('srt');
    expect(sniffLyricFormat('just words')).toBeNull();
  });
});
