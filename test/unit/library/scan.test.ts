/**
 * The scanner on a copy of the fixture library:
 * works found, titles, files, durations against ffprobe, lyric links, covers,
 * duplicates, incremental rescans.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanLibrary, type ScanEvent } from '../../../src/scan/index.js';
import type { Db } from '../../../src/db/index.js';
import { copyLibrary, ffprobeDuration, freshDb } from './helpers.js';

let db: Db;
let lib: string;
const roots = () => [{ name: 'lib', path: lib }];

beforeEach(async () => {
  lib = copyLibrary();
  ({ db } = await freshDb());
});
afterEach(async () => {
  await db.destroy();
});

const filesOf = (workId: number) => db('files').where({ work_id: workId }).orderBy('relpath').select();

describe('first scan of the fixture library', () => {
  it('finds the works, reports the duplicate, skips code-less and too-deep folders', async () => {
    const events: ScanEvent[] = [];
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2, onEvent: (e) => events.push(e) });
    expect(summary).toMatchObject({ added: 5, updated: 0, skipped: 0, failed: 0, duplicates: 1, removed: 0, restored: 0 });
    expect(summary.duplicateFolders).toEqual([{ code: 'RJ173248', kept: path.join(lib, '[B-bishop]', 'RJ173248 搾精天使ピュアミルク'), duplicate: path.join(lib, 'RJ173248 (copy)') }]);
    const works = await db('works').orderBy('id').select('id', 'code_prefix', 'title', 'root_folder', 'dir', 'status', 'removed_at');
    expect(works.map((w) => w.id)).toEqual([173248, 189758, 265946, 299717, 1012345]);
    expect(Object.fromEntries(works.map((w) => [w.id, w.title]))).toEqual({
      173248: '搾精天使ピュアミルク',
      189758: '[B-bishop] 機械人形',
      265946: 'サキュバスアカデミア',
      299717: 'RJ299717',
      1012345: '【癒やし】雨音と耳かきの夜',
    });
    for (const w of works) expect(w).toMatchObject({ code_prefix: 'RJ', root_folder: 'lib', status: 3, removed_at: null });
    expect(works.find((w) => w.id === 173248)!.dir).toBe(path.join(lib, '[B-bishop]', 'RJ173248 搾精天使ピュアミルク'));
    // the too-deep work and the misc folder's audio are not in the catalogue
    expect(await db('works').where({ id: 456789 }).first()).toBeUndefined();
    expect(await db('files').where('relpath', 'like', '%not a work%').first()).toBeUndefined();
    // events: one added result per work, the duplicate, main logs
    expect(events.filter((e) => e.type === 'result').map((e) => (e as { code: string }).code).sort()).toEqual(['RJ01012345', 'RJ173248', 'RJ189758', 'RJ265946', 'RJ299717']);
    expect(events.some((e) => e.type === 'duplicate' && e.code === 'RJ173248')).toBe(true);
  });

  it('stores one row per file with type, size, mtime and durations within 0.1 s of ffprobe', async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    const rows = await db('files').join('works', 'works.id', 'files.work_id').select('files.*', 'works.dir');
    const onDisk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? onDisk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const works = await db('works').select('id', 'dir');
    expect(rows.length).toBe(works.reduce((n, w) => n + onDisk(w.dir).length, 0));
    for (const row of rows) {
      const file = path.join(row.dir, ...row.relpath.split('/'));
      const st = fs.statSync(file);
      expect(row.size).toBe(st.size);
      expect(row.mtime).toBe(Math.floor(st.mtimeMs));
      if (row.type === 'audio') {
        expect(row.duration, row.relpath).not.toBeNull();
        expect(Math.abs(row.duration - ffprobeDuration(file)), row.relpath).toBeLessThan(0.1);
      } else {
        expect(row.duration).toBeNull();
      }
    }
    const types = Object.fromEntries((await filesOf(189758)).map((f) => [f.relpath, f.type]));
    expect(types).toEqual({ 'WAV/part 1.wav': 'audio', 'WAV/part 2.wav': 'audio', 'bonus.zip': 'other', 'manual.pdf': 'other' });
    const long = (await filesOf(265946)).find((f) => f.relpath === 'long tone 10min.mp3');
    expect(long.duration).toBeGreaterThan(599.9);
  });

  it('links lyric files to their audio, sets lyric_status and the cover', async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    const files = await filesOf(1012345);
    const byId = new Map(files.map((f) => [f.id, f.relpath]));
    const links = Object.fromEntries(files.filter((f) => f.audio_file_id !== null).map((f) => [f.relpath, byId.get(f.audio_file_id)]));
    expect(links).toEqual({ '01_プロローグ.lrc': '01_プロローグ.mp3', '02_耳かき.vtt': '02_耳かき.mp3', '03_おやすみ.srt': '03_おやすみ.mp3' });
    const work = await db('works').where({ id: 1012345 }).first();
    expect(work.lyric_status).toBe('local');
    expect(byId.get(work.cover_file_id)).toBe('画像/表紙.jpg');
    const rain = await db('works').where({ id: 299717 }).first();
    expect((await db('files').where({ id: rain.cover_file_id }).first()).relpath).toBe('Rain Day ASMR/cover.png');
    expect((await db('works').where({ id: 299717 }).first()).lyric_status).toBe('');
    expect((await db('works').where({ id: 265946 }).first()).cover_file_id).toBeNull();
  });

  it('keeps an AI lyric status part', async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    await db('works').where({ id: 1012345 }).update({ lyric_status: 'ai' });
    await db('works').where({ id: 299717 }).update({ lyric_status: 'ai' });
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect((await db('works').where({ id: 1012345 }).first()).lyric_status).toBe('ai_local');
    expect((await db('works').where({ id: 299717 }).first()).lyric_status).toBe('ai');
  });

  it('finds the deep work with a larger depth', async () => {
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 3 });
    expect(summary.added).toBe(6);
    expect((await db('works').where({ id: 456789 }).first()).title).toBe('Deep work');
  });
});

describe('incremental rescans', () => {
  it('keeps rows and durations of unchanged files and reports skipped', async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    const before = await db('files').orderBy('id').select();
    // a duration the scanner would not write itself proves the file was not re-read
    await db('files').where({ id: before[0].id }).update({ duration: 1234.5 });
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect(summary).toMatchObject({ added: 0, updated: 0, skipped: 5, failed: 0, duplicates: 1 });
    const after = await db('files').orderBy('id').select();
    expect(after.map((f) => [f.id, f.relpath])).toEqual(before.map((f) => [f.id, f.relpath]));
    expect(after[0].duration).toBe(1234.5);
  });

  it('updates a changed file, adds a new one and deletes a vanished one; lyric tasks stay', async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    const dir = path.join(lib, 'RJ01012345 【癒やし】雨音と耳かきの夜');
    const before = await filesOf(1012345);
    const readme = before.find((f) => f.relpath === 'readme.txt');
    const lrc = before.find((f) => f.relpath === '01_プロローグ.lrc');
    await db('lyric_tasks').insert({ work_id: 1012345, file_id: lrc.id, audio_path: '01_プロローグ.mp3', status: 3 });
    fs.appendFileSync(path.join(dir, 'readme.txt'), 'more text\n');
    fs.writeFileSync(path.join(dir, 'extra.md'), '# notes\n');
    fs.rmSync(path.join(dir, '01_プロローグ.lrc'));
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect(summary).toMatchObject({ added: 0, updated: 1, skipped: 4 });
    const after = await filesOf(1012345);
    const readmeAfter = after.find((f) => f.relpath === 'readme.txt');
    expect(readmeAfter.id).toBe(readme.id);
    expect(readmeAfter.size).toBe(fs.statSync(path.join(dir, 'readme.txt')).size);
    expect(after.find((f) => f.relpath === 'extra.md')).toMatchObject({ type: 'text' });
    expect(after.find((f) => f.relpath === '01_プロローグ.lrc')).toBeUndefined();
    expect(await db('lyric_tasks').where({ work_id: 1012345 }).count({ n: '*' }).first()).toEqual({ n: 1 });
    // the other lyrics still link
    expect(after.filter((f) => f.audio_file_id !== null).map((f) => f.relpath)).toEqual(['02_耳かき.vtt', '03_おやすみ.srt']);
  });

  it('follows a work folder that moved, keeping its file ids', async () => {
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    const before = await filesOf(265946);
    fs.mkdirSync(path.join(lib, 'circle'));
    fs.renameSync(path.join(lib, 'RJ265946 サキュバスアカデミア'), path.join(lib, 'circle', 'RJ265946 サキュバスアカデミア'));
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect(summary).toMatchObject({ updated: 1, removed: 0 });
    expect((await db('works').where({ id: 265946 }).first()).dir).toBe(path.join(lib, 'circle', 'RJ265946 サキュバスアカデミア'));
    expect((await filesOf(265946)).map((f) => f.id)).toEqual(before.map((f) => f.id));
  });
});
