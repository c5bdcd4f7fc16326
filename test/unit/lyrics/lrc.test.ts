import { describe, expect, it } from 'vitest';
import { currentLineIndex, formatLrc, formatLrcTime, parseLrc, parseLrcTags } from '../../../src/lyrics/index.js';
import { readFixture } from './fixtures.js';

describe('parseLrc', () => {
  it('reads the fixture .lrc: tags left out, times in seconds, Japanese text kept', () => {
    const text = readFixture('01_プロローグ.lrc');
    expect(parseLrc(text)).toEqual([
      { time: 0, text: 'はじめまして。' },
      { time: 1.8, text: '今夜はゆっくり休んでください。' },
    ]);
    expect(parseLrcTags(text)).toEqual({ ti: 'プロローグ' });
  });

  it('gives one line per timestamp when a line carries several, sorted by time', () => {
    const lines = parseLrc('[00:10.00][00:01.50]chorus\n[00:05.00]verse\n');
    expect(lines).toEqual([
      { time: 1.5, text: 'chorus' },
      { time: 5, text: 'verse' },
      { time: 10, text: 'chorus' },
    ]);
  });

  it('applies [offset:] in milliseconds (positive shows lyrics earlier), never below 0', () => {
    expect(parseLrc('[offset:+500]\n[00:02.00]a\n[00:00.20]b').map((l) => l.time)).toEqual([0, 1.5]);
    expect(parseLrc('[offset:-250]\n[00:01.00]a').map((l) => l.time)).toEqual([1.25]);
  });

  it('reads the timestamp forms: [m:ss], one to three fraction digits, [mm:ss:xx], hours, minutes over 59', () => {
    const lines = parseLrc('[1:02]a\n[00:03.5]b\n[00:04.123]c\n[00:05:25]d\n[1:00:00.00]e\n[75:00.00]f');
    expect(lines.map((l) => l.time)).toEqual([3.5, 4.123, 5.25, 62, 3600, 4500]);
  });

  it('keeps empty timed lines, drops untimed and blank lines, strips word stamps, accepts BOM and CRLF', () => {
    const lines = parseLrc('\uFEFF[ar:someone]\r\nplain text\r\n\r\n[00:01.00]<00:01.00>he<00:01.50>llo\r\n[00:02.00]\r\n');
    expect(lines).toEqual([{ time: 1, text: 'hello' }, { time: 2, text: '' }]);
  });

  it('round-trips through formatLrc', () => {
    const lines = [{ time: 0, text: 'a' }, { time: 61.25, text: 'b' }];
    expect(formatLrc(lines)).toBe('[00:00.00]a\n[01:01.25]b\n');
    expect(parseLrc(formatLrc(lines))).toEqual(lines);
    expect(formatLrcTime(3599.999)).toBe('60:00.00');
  });
});

describe('currentLineIndex', () => {
  const lines = parseLrc('[00:01.00]a\n[00:02.00]b\n[00:02.00]b2\n[00:05.00]c');
  it('answers -1 before the first line and with no lines', () => {
    expect(currentLineIndex(lines, 0.5)).toBe(-1);
    expect(currentLineIndex([], 10)).toBe(-1);
  });
  it('answers the last line at or before the time', () => {
    expect(currentLineIndex(lines, 1)).toBe(0);
    expect(currentLineIndex(lines, 1.99)).toBe(0);
    expect(currentLineIndex(lines, 2)).toBe(2);
    expect(currentLineIndex(lines, 4.9)).toBe(2);
    expect(currentLineIndex(lines, 500)).toBe(3);
  });
});
