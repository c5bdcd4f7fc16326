import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, readLyricFileAsLrc } from '../../../src/lyrics/decode.js';
import { fixture } from './fixtures.js';

describe('decodeText', () => {
  it('decodes the fixture Shift-JIS readme (CRLF kept)', () => {
    const text = decodeText(fs.readFileSync(fixture('readme.txt')));
    expect(text).toBe('お読みください\r\n本作品は雨音と耳かきの音声作品です。\r\nトラック構成：プロローグ、耳かき、おやすみ\r\n');
  });
  it('decodes short Shift-JIS lyrics that detectors take for a European code page', () => {
    const bytes = iconv.encode('[00:00.00]はじめまして。\n', 'Shift_JIS');
    expect(decodeText(bytes)).toBe('[00:00.00]はじめまして。\n');
    expect(decodeText(iconv.encode('01_プロローグ', 'Shift_JIS'))).toBe('01_プロローグ');
  });
  it('decodes GBK Chinese, UTF-8 with and without BOM, and UTF-16 with BOM', () => {
    expect(decodeText(iconv.encode('[00:01.00]晚安，好好休息吧。', 'GB18030'))).toBe('[00:01.00]晚安，好好休息吧。');
    expect(decodeText(Buffer.from('\uFEFF耳かき', 'utf8'))).toBe('耳かき');
    expect(decodeText(Buffer.from('耳かき', 'utf8'))).toBe('耳かき');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('耳かき', 'utf16le')]))).toBe('耳かき');
  });
});

describe('readLyricFileAsLrc', () => {
  it('reads a Shift-JIS .srt as LRC', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lyric-'));
    const file = path.join(dir, 'a.srt');
    fs.writeFileSync(file, iconv.encode('1\r\n00:00:01,000 --> 00:00:02,000\r\nおやすみなさい。\r\n', 'Shift_JIS'));
    expect(readLyricFileAsLrc(file)).toBe('[00:01.00]おやすみなさい。\n[00:02.00]\n');
    expect(readLyricFileAsLrc(fixture('02_耳かき.vtt'))).toContain('[00:01.50]');
  });
});
