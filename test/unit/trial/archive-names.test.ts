/**
 * Names of trial archives (src/trial/archive.ts unpackZip, src/lyrics/decode.ts
 * decodeAllAs): archives built here as Japanese archivers write them (Shift-JIS names
 * without the UTF-8 flag), unpacked into a temporary folder, and the files a listener
 * would see listed by name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { unpackZip } from '../../../src/trial/archive.js';
import { decodeAllAs } from '../../../src/lyrics/decode.js';
import { writeZip, type ZipEntry } from '../../helpers/zip.js';

const LIMITS = { maxBytes: 1_000_000, maxEntries: 100 };
const sjis = (name: string) => iconv.encode(name, 'Shift_JIS');
const gbk = (name: string) => iconv.encode(name, 'GB18030');

/** Builds an archive of `entries`, unpacks it into a new folder; answers the folder's files and folders (relative, '/'-separated, sorted). */
async function unpacked(entries: ZipEntry[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audiolib-zip-'));
  const zip = path.join(dir, 'archive.zip');
  writeZip(zip, entries);
  const out = path.join(dir, 'out');
  await unpackZip(zip, out, LIMITS);
  const list = fs.readdirSync(out, { recursive: true, withFileTypes: true })
    .map((d) => path.relative(out, path.join(d.parentPath, d.name)).split(path.sep).join('/') + (d.isDirectory() ? '/' : ''));
  fs.rmSync(dir, { recursive: true, force: true });
  return list.sort();
}

describe('trial archive names', () => {
  it('keeps half-width katakana of Shift-JIS names, in file and folder names, and two such names apart', async () => {
    const files = await unpacked([
      { name: sjis('ﾎﾞｲｽ/') },
      { name: sjis('ﾎﾞｲｽ/01_ｵﾏｹ.mp3'), data: 'track' },
      { name: sjis('ｵﾏｹ.mp3'), data: 'omake' },
      { name: sjis('ｵﾏｸ.mp3'), data: 'other' },
    ]);
    expect(files).toEqual(['ﾎﾞｲｽ/', 'ﾎﾞｲｽ/01_ｵﾏｹ.mp3', 'ｵﾏｸ.mp3', 'ｵﾏｹ.mp3'].sort());
  });

  it('decodes an archive whose names mix half-width katakana and kanji with one encoding', async () => {
    const files = await unpacked([
      { name: sjis('体験版/') },
      { name: sjis('体験版/ｵﾏｹ.mp3'), data: 'a' },
      { name: sjis('体験版/本編ﾄﾗｯｸ.mp3'), data: 'b' },
    ]);
    expect(files).toEqual(['体験版/', '体験版/ｵﾏｹ.mp3', '体験版/本編ﾄﾗｯｸ.mp3'].sort());
  });

  it('still reads Chinese (GBK) names as Chinese, and flagged UTF-8 names as UTF-8', async () => {
    expect(await unpacked([{ name: gbk('试听版/') }, { name: gbk('试听版/晚安.mp3'), data: 'a' }])).toEqual(['试听版/', '试听版/晚安.mp3']);
    expect(await unpacked([{ name: 'ボイス/', data: undefined }, { name: 'ボイス/ｵﾏｹ.mp3', data: 'a' }, { name: sjis('ｵﾏｹ.mp3'), data: 'b' }]))
      .toEqual(['ｵﾏｹ.mp3', 'ボイス/', 'ボイス/ｵﾏｹ.mp3'].sort());
  });

  it('decodeAllAs names the one encoding it used', () => {
    expect(decodeAllAs([sjis('ｵﾏｹ.mp3'), sjis('ﾎﾞｲｽ/')])).toEqual({ texts: ['ｵﾏｹ.mp3', 'ﾎﾞｲｽ/'], encoding: 'Shift_JIS' });
    expect(decodeAllAs([Buffer.from('readme.txt'), Buffer.from('耳かき.mp3')]).encoding).toBe('UTF-8');
  });
});
