/**
 * The real `audiolib scan` command (DESIGN section 1): output on stdout
 * and stderr and exit codes 0, 1, 2 and 75, run as `node bin/audiolib.js` (needs dist/).
 * With --json a refusal is one JSON document on stdout too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openMigrated } from '../../src/db/index.js';
import { acquireScanLock } from '../../src/scan/index.js';
import { copyLibrary, ffprobeDuration, tempDir } from '../unit/library/helpers.js';

const bin = path.resolve(import.meta.dirname, '..', '..', 'bin', 'audiolib.js');
const run = (dataDir: string, ...args: string[]) => {
  // no metadata fetch here (the DLsite site is out of reach): scan-fetch.test.ts covers it
  const r = spawnSync(process.execPath, [bin, '--data-dir', dataDir, 'scan', '--no-fetch', ...args], { encoding: 'utf8', env: { ...process.env, AUDIOLIB_DATA_DIR: '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('audiolib scan', () => {
  it('--json prints the summary only, on stdout, and exits 0; a rescan skips', () => {
    const lib = copyLibrary();
    const data = tempDir();
    const first = run(data, '--json', lib);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    const summary = JSON.parse(first.stdout);
    expect(summary).toMatchObject({ added: 5, updated: 0, skipped: 0, failed: 0, duplicates: 1, failures: [], removed: 0 });
    expect(summary.duplicateFolders).toEqual([{ code: 'RJ173248', kept: path.join(lib, '[B-bishop]', 'RJ173248 搾精天使ピュアミルク'), duplicate: path.join(lib, 'RJ173248 (copy)') }]);
    expect(JSON.parse(run(data, '--json', lib).stdout)).toMatchObject({ added: 0, skipped: 5 });
  });

  it('a rescan is quick: finds a new file in a sub-folder, skips unchanged works unread; --full also finds a file rewritten in place', async () => {
    const lib = copyLibrary();
    const data = tempDir();
    // folders older than the quick mode's settle time (5 s), as a real library's are
    await new Promise((r) => setTimeout(r, 5200));
    expect(JSON.parse(run(data, '--json', lib).stdout)).toMatchObject({ added: 5 });
    const work = path.join(lib, 'RJ265946 サキュバスアカデミア');
    fs.writeFileSync(path.join(work, 'short.mp3'), fs.readFileSync(path.join(work, 'long tone 10min.mp3'))); // rewritten in place
    fs.copyFileSync(path.join(work, 'long tone 10min.mp3'), path.join(lib, 'RJ299717', 'Rain Day ASMR', 'mp3', 'new.mp3'));
    const durationOf = async (relpath: string) => {
      const db = await openMigrated(data);
      try {
        return (await db('files').where({ relpath }).first('duration'))?.duration as number | undefined;
      } finally {
        await db.destroy();
      }
    };
    const before = await durationOf('short.mp3');
    expect(before).toBeLessThan(10);
    const quick = run(data, lib);
    expect(quick.code).toBe(0);
    expect(quick.stderr).toMatch(/^RJ299717 updated$/m);
    expect(quick.stderr.trim().split('\n').at(-1)).toBe('added 0, updated 1, skipped 4, failed 0, duplicates 1');
    expect(await durationOf('Rain Day ASMR/mp3/new.mp3')).toBeCloseTo(ffprobeDuration(path.join(work, 'long tone 10min.mp3')), 1);
    expect(await durationOf('short.mp3')).toBe(before);
    expect(JSON.parse(run(data, '--json', '--full', lib).stdout)).toMatchObject({ updated: 1, skipped: 4 });
    expect(await durationOf('short.mp3')).toBeCloseTo(ffprobeDuration(path.join(work, 'short.mp3')), 1);
    expect(run(data, '--full', '--lyrics').code).toBe(2);
  });

  it('reads durations (from headers; a WMA with music-metadata in a worker thread) within 0.1 s of ffprobe', async () => {
    const lib = copyLibrary();
    const wma = path.join(lib, 'RJ265946 サキュバスアカデミア', 'bonus.wma');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'wmav2', wma]);
    const data = tempDir();
    expect(run(data, '--json', lib).code).toBe(0);
    const db = await openMigrated(data);
    try {
      const audio = await db('files').join('works', 'works.id', 'files.work_id').where('files.type', 'audio').select('files.relpath', 'files.duration', 'works.dir');
      expect(audio.length).toBe(16);
      expect(audio.find((f) => f.relpath === 'bonus.wma')?.duration).toBeGreaterThan(2.9);
      for (const f of audio) expect(Math.abs(f.duration - ffprobeDuration(path.join(f.dir, f.relpath))), f.relpath).toBeLessThan(0.1);
    } finally {
      await db.destroy();
    }
  });

  it('prints each work, the duplicate and the summary line on stderr', () => {
    const r = run(tempDir(), copyLibrary());
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^RJ01012345 added$/m);
    expect(r.stderr).toMatch(/^duplicate RJ173248: kept .*RJ173248 搾精天使ピュアミルク, skipped .*RJ173248 \(copy\)$/m);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('added 5, updated 0, skipped 0, failed 0, duplicates 1');
  });

  it('exits 1 and names the failing work by its code', () => {
    const lib = copyLibrary();
    const bad = path.join(lib, 'RJ777777 old archive');
    fs.mkdirSync(bad);
    fs.writeFileSync(Buffer.concat([Buffer.from(bad + '/'), Buffer.from([0x82, 0xa0, 0x2e, 0x6d, 0x70, 0x33])]), 'x'); // Shift-JIS 'あ.mp3'
    const r = run(tempDir(), lib);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^failed RJ777777: cannot read .*\.mp3: its name is not valid UTF-8/m);
    expect(r.stderr).toMatch(/added 5, updated 0, skipped 0, failed 1, duplicates 1/);
    const json = run(tempDir(), '--json', lib);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).failures).toEqual([{ code: 'RJ777777', error: expect.stringContaining('not valid UTF-8') }]);
  });

  it('exits 2 on bad usage', () => {
    const data = tempDir();
    const none = run(data);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no folders to scan/);
    const missing = run(data, path.join(data, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/not a folder: .*nope/);
    expect(run(data, '--work', 'hello').code).toBe(2);
    const bogus = run(data, '--bogus');
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toBe("audiolib: unknown option '--bogus' (see audiolib help scan)\n");
    const json = run(data, '--json', '--bogus');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: "unknown option '--bogus' (see audiolib help scan)", code: 'usage', exit: 2 });
  });

  it('scans the configured root folders, one work with --work, and lyrics with --lyrics', () => {
    const lib = copyLibrary();
    const data = tempDir();
    fs.writeFileSync(path.join(data, 'config.json'), JSON.stringify({ rootFolders: [{ name: 'main', path: lib }] }));
    expect(JSON.parse(run(data, '--json').stdout)).toMatchObject({ added: 5 });
    fs.writeFileSync(path.join(lib, 'RJ265946 サキュバスアカデミア', 'short.lrc'), '[00:00.00]x\n');
    expect(JSON.parse(run(data, '--json', '--work', 'rj265946').stdout)).toEqual({ code: 'RJ265946', changed: true, result: 'updated' });
    expect(JSON.parse(run(data, '--json', '--lyrics').stdout)).toMatchObject({ updated: 0, skipped: 5 });
    expect(run(data, '--work', 'RJ999999').code).toBe(2);
  });

  it('skips links leading outside the roots (warning, --json skippedLinks), keeps links between works, and leaves the database 0600', async () => {
    const lib = copyLibrary();
    const outside = fs.realpathSync(tempDir());
    fs.mkdirSync(path.join(outside, 'RJ700001 outside'));
    fs.copyFileSync(path.join(lib, 'RJ265946 サキュバスアカデミア', 'short.mp3'), path.join(outside, 'RJ700001 outside', 'secret.mp3'));
    fs.symlinkSync('/etc', path.join(lib, 'RJ299717', 'etcdir'));
    fs.symlinkSync(path.join(outside, 'RJ700001 outside'), path.join(lib, 'RJ700001 linked'));
    fs.symlinkSync(outside, path.join(lib, 'outside circle'));
    fs.symlinkSync(path.join(lib, 'RJ299717', 'Rain Day ASMR', 'mp3', '01 Rain.mp3'), path.join(lib, 'RJ265946 サキュバスアカデミア', 'other work.mp3'));
    const data = tempDir();
    const r = run(data, '--json', lib);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ added: 5, failed: 0 });
    expect([...summary.skippedLinks].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { work: null, path: path.join(lib, 'outside circle'), target: outside },
      { work: 'RJ700001', path: path.join(lib, 'RJ700001 linked'), target: path.join(outside, 'RJ700001 outside') },
      { work: 'RJ299717', path: path.join(lib, 'RJ299717', 'etcdir'), target: '/etc' },
    ].sort((a, b) => a.path.localeCompare(b.path)));
    // checked before this test opens the database itself
    expect((fs.statSync(path.join(data, 'audiolib.sqlite3')).mode & 0o777).toString(8)).toBe('600');
    const db = await openMigrated(data);
    try {
      expect(await db('works').where({ id: 700001 }).first()).toBeUndefined();
      expect(await db('files').where({ work_id: 299717 }).where('relpath', 'like', 'etcdir%').select()).toEqual([]);
      expect(await db('files').where({ work_id: 265946, relpath: 'other work.mp3' }).first()).toBeTruthy();
    } finally {
      await db.destroy();
    }
    const plain = run(tempDir(), lib);
    expect(plain.stderr).toMatch(/^RJ299717: skipping link etcdir -> \/etc: outside the library roots$/m);
    expect(plain.stderr).toContain(`skipping link ${path.join(lib, 'RJ700001 linked')} -> ${path.join(outside, 'RJ700001 outside')}: outside the library roots`);
  });

  it('stops before hiding a library whose folder vanished, unless --allow-mass-removal', () => {
    const lib = copyLibrary();
    const data = tempDir();
    run(data, lib);
    fs.rmSync(path.join(lib, 'RJ265946 サキュバスアカデミア'), { recursive: true });
    const r = run(data, lib);
    expect(r.code).toBe(1);
    expect(r.stderr.match(/would hide/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/^audiolib: would hide 1 of 5 works .*--allow-mass-removal/m);
    const json = run(data, '--json', lib);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ error: expect.stringMatching(/^would hide 1 of 5 works/), code: 'mass_removal', exit: 1 });
    expect(JSON.parse(run(data, '--json', '--allow-mass-removal', lib).stdout)).toMatchObject({ removed: 1, skipped: 4 });
  });

  it('a work found by a scan of a sub-folder (deeper than the root scan looks) does not make the root scan refuse', async () => {
    const lib = copyLibrary();
    const data = tempDir();
    expect(JSON.parse(run(data, '--json', lib).stdout)).toMatchObject({ added: 5 });
    expect(JSON.parse(run(data, '--json', path.join(lib, 'deep')).stdout)).toMatchObject({ added: 1 }); // deep/a/RJ456789 Deep work
    const again = run(data, '--json', lib);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ skipped: 5, removed: 0 });
    const db = await openMigrated(data);
    try {
      expect(await db('works').where({ id: 456789 }).first('removed_at')).toEqual({ removed_at: null });
    } finally {
      await db.destroy();
    }
    // once the deep folder is really gone, the root scan hides it (1 of 6: allowed with the flag)
    fs.rmSync(path.join(lib, 'deep'), { recursive: true });
    expect(JSON.parse(run(data, '--json', '--allow-mass-removal', lib).stdout)).toMatchObject({ removed: 1 });
  });

  it('refuses to run while another process scans, naming its pid, with exit 75 (EX_TEMPFAIL)', async () => {
    const data = tempDir();
    const db = await openMigrated(data);
    const lock = await acquireScanLock(db, 'metadata');
    try {
      const r = run(data, copyLibrary());
      expect(r.code).toBe(75);
      expect(r.stderr).toMatch(new RegExp(`^audiolib: a scan is already running \\(pid ${process.pid} on `, 'm'));
      const json = run(data, '--json', copyLibrary());
      expect(json.code).toBe(75);
      expect(JSON.parse(json.stdout)).toEqual({ error: expect.stringMatching(new RegExp(`^a scan is already running \\(pid ${process.pid} on `)), code: 'locked', exit: 75 });
    } finally {
      await lock.release('finished');
      await db.destroy();
    }
  });
});
