/**
 * Scanning a library built in a temp dir with the odd cases of real disks:
 * duplicate codes, symlinks (a loop, a broken one, links leading outside the
 * library roots), empty and broken audio,
 * upper-case extensions, names with `#`, `%`, quotes and emoji, 8-digit lower-case
 * codes, unreadable work folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanLibrary, type ScanEvent, type ScanSummary } from '../../../src/scan/index.js';
import type { Db } from '../../../src/db/index.js';
import { freshDb, makeTone, tempDir } from './helpers.js';

let db: Db;
let lib: string;
let summary: ScanSummary;
const events: ScanEvent[] = [];

beforeAll(async () => {
  lib = path.join(tempDir(), 'odd');
  const w = (...parts: string[]) => path.join(lib, ...parts);
  makeTone(w('RJ111111 first', 'a.mp3'));
  makeTone(w('RJ111111 second copy', 'b.mp3'));
  // upper-case extensions and a lyric with upper-case extension
  makeTone(w('rj01234567 lower code', 'TRACK 01.MP3'));
  fs.writeFileSync(w('rj01234567 lower code', 'TRACK 01.LRC'), '[00:00.00]hi\n');
  fs.writeFileSync(w('rj01234567 lower code', 'COVER.JPG'), 'not really a jpeg');
  // odd characters
  const odd = `RJ222222 #1 100% "quoted" 'single' 🎧`;
  makeTone(w(odd, '#track %20 "q" 🎧.mp3'));
  fs.writeFileSync(w(odd, '#track %20 "q" 🎧.mp3.vtt'), 'WEBVTT\n');
  // empty and broken audio
  fs.mkdirSync(w('RJ333333 broken'), { recursive: true });
  fs.writeFileSync(w('RJ333333 broken', 'empty.mp3'), '');
  fs.writeFileSync(w('RJ333333 broken', 'garbage.flac'), Buffer.alloc(4096, 7));
  makeTone(w('RJ333333 broken', 'good.ogg'));
  // symlinks: a circle folder of another configured root reached through a link, a loop, a broken link
  makeTone(w('..', 'elsewhere', 'RJ444444 linked', 'x.mp3'));
  fs.symlinkSync(path.join(lib, '..', 'elsewhere'), w('link-to-elsewhere'));
  fs.mkdirSync(w('loopy'));
  fs.symlinkSync(lib, w('loopy', 'back-to-root'));
  fs.symlinkSync(w('nowhere'), w('broken-link'));
  makeTone(w('RJ555555 inner loop', 'y.mp3'));
  fs.symlinkSync('..', w('RJ555555 inner loop', 'parent'));
  fs.symlinkSync(w('missing.mp3'), w('RJ555555 inner loop', 'dangling.mp3'));
  // links leading outside every root: a work folder, a folder and a file inside a work
  makeTone(w('..', 'outside', 'RJ888888 elsewhere', 'o.mp3'));
  fs.symlinkSync(w('..', 'outside', 'RJ888888 elsewhere'), w('RJ888888 linked out'));
  fs.symlinkSync('/etc', w('RJ555555 inner loop', 'etc'));
  fs.symlinkSync(w('..', 'outside', 'RJ888888 elsewhere', 'o.mp3'), w('RJ555555 inner loop', 'o.mp3'));
  // a work folder that vanishes between discovery and its sync, so it cannot be read
  makeTone(w('RJ666666 going away', 'z.mp3'));
  ({ db } = await freshDb());
  summary = await scanLibrary(db, {
    roots: [{ name: 'odd', path: lib }],
    libraryRoots: [{ path: w('..', 'elsewhere') }],
    maxDepth: 2,
    onEvent: (e) => {
      events.push(e);
      if (e.type === 'log' && /^found \d+ work folders/.test(e.log.message)) fs.rmSync(w('RJ666666 going away'), { recursive: true });
    },
  });
});

afterAll(async () => {
  await db.destroy();
});

const filesOf = (id: number) => db('files').where({ work_id: id }).orderBy('relpath').select();

describe('odd folders', () => {
  it('keeps the first folder of a duplicated code', async () => {
    expect(summary.duplicateFolders).toEqual([{ code: 'RJ111111', kept: path.join(lib, 'RJ111111 first'), duplicate: path.join(lib, 'RJ111111 second copy') }]);
    expect((await filesOf(111111)).map((f) => f.relpath)).toEqual(['a.mp3']);
  });

  it('reads 8-digit lower-case codes and upper-case extensions', async () => {
    const work = await db('works').where({ id: 1234567 }).first();
    expect(work).toMatchObject({ code_prefix: 'RJ', title: 'lower code', lyric_status: 'local' });
    const files = await filesOf(1234567);
    expect(files.map((f) => [f.relpath, f.type])).toEqual([['COVER.JPG', 'image'], ['TRACK 01.LRC', 'text'], ['TRACK 01.MP3', 'audio']]);
    expect(files[2].duration).toBeGreaterThan(0.9);
    expect(files[1].audio_file_id).toBe(files[2].id);
    expect(work.cover_file_id).toBe(files[0].id);
  });

  it('keeps names with #, %, quotes and emoji as they are', async () => {
    const work = await db('works').where({ id: 222222 }).first();
    expect(work.title).toBe(`#1 100% "quoted" 'single' 🎧`);
    const files = await filesOf(222222);
    expect(files.map((f) => f.relpath)).toEqual(['#track %20 "q" 🎧.mp3', '#track %20 "q" 🎧.mp3.vtt']);
    expect(files[1].audio_file_id).toBe(files[0].id);
  });

  it('stores empty and broken audio without a duration and logs a warning on the work', async () => {
    const files = Object.fromEntries((await filesOf(333333)).map((f) => [f.relpath, f]));
    expect(files['empty.mp3']).toMatchObject({ type: 'audio', size: 0, duration: null });
    expect(files['garbage.flac']).toMatchObject({ type: 'audio', duration: null });
    expect(files['good.ogg'].duration).toBeGreaterThan(0.9);
    const warnings = events.filter((e) => e.type === 'task' && e.code === 'RJ333333' && e.log.level === 'warn');
    expect(warnings.map((e) => (e as { log: { message: string } }).log.message).join('\n')).toMatch(/empty\.mp3[\s\S]*garbage\.flac|garbage\.flac[\s\S]*empty\.mp3/);
  });

  it('follows directory links into another root, skips loops and broken links with a log', async () => {
    expect((await db('works').where({ id: 444444 }).first()).dir).toBe(path.join(lib, 'link-to-elsewhere', 'RJ444444 linked'));
    expect((await filesOf(555555)).map((f) => f.relpath)).toEqual(['y.mp3']);
    const logs = events.flatMap((e) => (e.type === 'log' || e.type === 'task' ? [e.log.message] : []));
    expect(logs.some((m) => m.includes('broken link') && m.includes('broken-link'))).toBe(true);
    expect(logs.some((m) => m.includes('broken link') && m.includes('dangling.mp3'))).toBe(true);
    expect(logs.some((m) => m.includes('symlink loop') && m.includes('parent'))).toBe(true);
  });

  it('skips links whose real path lies outside every library root, with a warning and in the summary', async () => {
    const outside = fs.realpathSync(path.join(lib, '..', 'outside', 'RJ888888 elsewhere'));
    expect(await db('works').where({ id: 888888 }).first()).toBeUndefined();
    expect((await filesOf(555555)).map((f) => f.relpath)).toEqual(['y.mp3']);
    expect([...summary.skippedLinks].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { work: 'RJ555555', path: path.join(lib, 'RJ555555 inner loop', 'etc'), target: '/etc' },
      { work: 'RJ555555', path: path.join(lib, 'RJ555555 inner loop', 'o.mp3'), target: path.join(outside, 'o.mp3') },
      { work: 'RJ888888', path: path.join(lib, 'RJ888888 linked out'), target: outside },
    ]);
    const warnings = events.flatMap((e) => (e.type === 'log' || e.type === 'task') && e.log.level === 'warn' ? [e.log.message] : []);
    expect(warnings).toContain('skipping link etc -> /etc: outside the library roots');
    expect(warnings).toContain(`skipping link ${path.join(lib, 'RJ888888 linked out')} -> ${outside}: outside the library roots`);
  });

  it('reports a work whose folder cannot be read as failed by its code and goes on', async () => {
    expect(summary.failures.map((f) => f.code)).toEqual(['RJ666666']);
    expect(summary.failures[0]!.error).toMatch(/ENOENT/);
    expect(summary.failed).toBe(1);
    expect(await db('works').where({ id: 666666 }).first()).toBeUndefined();
    const failed = events.filter((e) => e.type === 'result' && e.code === 'RJ666666');
    expect(failed).toEqual([{ type: 'result', phase: 'scan', id: 666666, code: 'RJ666666', result: 'failed', logs: [expect.objectContaining({ code: 'scan.newFolder' }), expect.objectContaining({ level: 'error', message: expect.stringMatching(/ENOENT/) })] }]);
  });

  it('counts the rest as added', async () => {
    expect(summary.added).toBe(6);
    expect(summary.duplicates).toBe(1);
  });
});
