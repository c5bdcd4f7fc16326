/**
 * Quick rescans (src/library/README.md "Quick rescans"): a work whose folders kept their
 * change times is skipped without being read; anything that adds, removes or renames an
 * entry of any of its folders, however deep, is picked up; a file rewritten in place is
 * picked up only by a full scan (the documented limit); works holding links and folders
 * changed within the settle time are always read; vanished works keep their users' data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanLibrary, type ScanOptions } from '../../../src/scan/index.js';
import type { Db } from '../../../src/db/index.js';
import { ffprobeDuration, freshDb, makeTone, tempDir } from './helpers.js';

let db: Db;
let lib: string;
let tones: string;
const A = 'RJ111111 quick one';
const B = 'RJ222222 quick two';
const C = 'RJ333333 quick three';
const inA = (...p: string[]) => path.join(lib, 'circle', A, ...p);
/** A quick scan whose listings save their folder times at once (no settle time). */
const quick = (more: Partial<ScanOptions> = {}) => scanLibrary(db, { roots: [{ name: 'lib', path: lib }], maxDepth: 2, quick: true, folderSettleMs: 0, ...more });
const full = () => scanLibrary(db, { roots: [{ name: 'lib', path: lib }], maxDepth: 2 });
const fileRow = (workId: number, relpath: string) => db('files').where({ work_id: workId, relpath }).first('id', 'duration', 'size');
const relpaths = async (workId: number) => (await db('files').where({ work_id: workId }).orderBy('relpath').select('relpath')).map((r) => r.relpath);
const savedWorks = async () => (await db('work_folders').orderBy('work_id').select('work_id')).map((r) => Number(r.work_id));
/** A tone of `seconds` made once per length (ffmpeg is slow), copied to `file`. */
function tone(file: string, seconds: number): void {
  const made = path.join(tones, `${seconds}.mp3`);
  if (!fs.existsSync(made)) makeTone(made, seconds);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(made, file);
}
const settle = () => new Promise((r) => setTimeout(r, 30));

beforeEach(async () => {
  const root = tempDir();
  lib = path.join(root, 'library');
  tones = path.join(root, 'tones');
  tone(inA('disc1', 'mp3', '01 intro.mp3'), 1);
  tone(inA('disc1', 'mp3', '02 main.mp3'), 1);
  fs.mkdirSync(inA('extras'), { recursive: true }); // an empty folder
  tone(path.join(lib, 'circle', B, 'b.mp3'), 1);
  tone(path.join(lib, C, 'c.mp3'), 1);
  ({ db } = await freshDb());
  await settle();
  expect(await quick()).toMatchObject({ added: 3, skipped: 0, failed: 0 });
});
afterEach(async () => {
  await db.destroy();
});

describe('quick rescan', () => {
  it('skips every unchanged work and writes nothing', async () => {
    expect(await savedWorks()).toEqual([111111, 222222, 333333]);
    const before = { works: await db('works').orderBy('id').select(), files: await db('files').orderBy('id').select(), folders: await db('work_folders').orderBy('work_id').select() };
    expect(await quick()).toMatchObject({ added: 0, updated: 0, skipped: 3, failed: 0 });
    expect({ works: await db('works').orderBy('id').select(), files: await db('files').orderBy('id').select(), folders: await db('work_folders').orderBy('work_id').select() }).toEqual(before);
  });

  it('picks up a new file in a deep sub-folder, a new folder in an empty one, a removed and a renamed file', async () => {
    tone(inA('disc1', 'mp3', '03 outro.mp3'), 2);
    tone(inA('extras', 'bonus', 'bonus.mp3'), 1);
    expect(await quick()).toMatchObject({ updated: 1, skipped: 2 });
    expect(await relpaths(111111)).toEqual(['disc1/mp3/01 intro.mp3', 'disc1/mp3/02 main.mp3', 'disc1/mp3/03 outro.mp3', 'extras/bonus/bonus.mp3']);
    expect((await fileRow(111111, 'disc1/mp3/03 outro.mp3'))!.duration).toBeCloseTo(ffprobeDuration(inA('disc1', 'mp3', '03 outro.mp3')), 1);
    await settle();
    fs.rmSync(inA('extras', 'bonus', 'bonus.mp3'));
    fs.renameSync(inA('disc1', 'mp3', '01 intro.mp3'), inA('disc1', 'mp3', '01 prologue.mp3'));
    expect(await quick()).toMatchObject({ updated: 1, skipped: 2 });
    expect(await relpaths(111111)).toEqual(['disc1/mp3/01 prologue.mp3', 'disc1/mp3/02 main.mp3', 'disc1/mp3/03 outro.mp3']);
  });

  it('picks up a file replaced through a rename (a new file written beside it, then moved over it)', async () => {
    const file = inA('disc1', 'mp3', '02 main.mp3');
    tone(inA('disc1', 'mp3', '.02 main.mp3.part'), 3);
    fs.renameSync(inA('disc1', 'mp3', '.02 main.mp3.part'), file);
    expect(await quick()).toMatchObject({ updated: 1, skipped: 2 });
    expect((await fileRow(111111, 'disc1/mp3/02 main.mp3'))!.duration).toBeCloseTo(ffprobeDuration(file), 1);
    expect(ffprobeDuration(file)).toBeGreaterThan(2.5);
  });

  it('misses a file rewritten in place (documented), which a full scan picks up', async () => {
    const file = inA('disc1', 'mp3', '02 main.mp3');
    const { id, duration } = (await fileRow(111111, 'disc1/mp3/02 main.mp3'))!;
    tone(path.join(tones, 'copy.mp3'), 3);
    fs.writeFileSync(file, fs.readFileSync(path.join(tones, 'copy.mp3'))); // same inode, same folder entries
    expect(await quick()).toMatchObject({ updated: 0, skipped: 3 });
    expect(await fileRow(111111, 'disc1/mp3/02 main.mp3')).toMatchObject({ id, duration });
    expect(await full()).toMatchObject({ updated: 1, skipped: 2 });
    const row = (await fileRow(111111, 'disc1/mp3/02 main.mp3'))!;
    expect(row.id).toBe(id);
    expect(row.duration).toBeCloseTo(ffprobeDuration(file), 1);
    expect(row.duration).toBeGreaterThan(2.5);
  });

  it('always reads a work that holds a link (its target may change elsewhere)', async () => {
    fs.symlinkSync(path.join(lib, C, 'c.mp3'), path.join(lib, 'circle', B, 'linked.mp3'));
    expect(await quick()).toMatchObject({ updated: 1, skipped: 2 });
    expect(await savedWorks()).toEqual([111111, 333333]);
    tone(path.join(tones, 'copy.mp3'), 3);
    fs.writeFileSync(path.join(lib, C, 'c.mp3'), fs.readFileSync(path.join(tones, 'copy.mp3'))); // the target, rewritten in place
    expect(await quick()).toMatchObject({ updated: 1, skipped: 2 }); // B (read: it holds a link); C's own change is the documented miss
    expect((await fileRow(222222, 'linked.mp3'))!.duration).toBeGreaterThan(2.5);
  });

  it('saves no folder times for folders changed within the settle time, so the next quick scan reads them', async () => {
    const { db: other } = await freshDb();
    try {
      const opts = { roots: [{ name: 'lib', path: lib }], maxDepth: 2, quick: true };
      tone(inA('disc1', 'mp3', '03 outro.mp3'), 1); // disc1/mp3 changed just now
      expect(await scanLibrary(other, opts)).toMatchObject({ added: 3 });
      // the default settle time (5 s): the work just changed saves nothing, the others neither (made < 5 s ago)
      expect(await other('work_folders').count({ n: '*' }).first()).toMatchObject({ n: 0 });
      tone(path.join(tones, 'copy.mp3'), 3);
      fs.writeFileSync(inA('disc1', 'mp3', '03 outro.mp3'), fs.readFileSync(path.join(tones, 'copy.mp3')));
      expect(await scanLibrary(other, opts)).toMatchObject({ updated: 1, skipped: 2 });
      expect((await other('files').where({ work_id: 111111, relpath: 'disc1/mp3/03 outro.mp3' }).first('duration'))!.duration).toBeGreaterThan(2.5);
    } finally {
      await other.destroy();
    }
  });

  it('reads a work whose folder moved, and hides a vanished work keeping its reviews and history', async () => {
    await db('reviews').insert({ user_name: 'alice', work_id: 333333, rating: 4, review_text: 'nice', progress: 'listened' });
    await db('play_history').insert({ user_name: 'alice', work_id: 333333, state: JSON.stringify({ queue: [], index: 0, seconds: 7 }) });
    fs.renameSync(path.join(lib, 'circle', B), path.join(lib, B));
    fs.rmSync(path.join(lib, C), { recursive: true });
    expect(await quick({ allowMassRemoval: true })).toMatchObject({ updated: 1, skipped: 1, removed: 1 });
    expect(await db('works').where({ id: 222222 }).first('dir')).toEqual({ dir: path.join(lib, B) });
    expect(await db('works').where({ id: 333333 }).first('removed_reason')).toEqual({ removed_reason: 'missing' });
    expect(await db('reviews').where({ work_id: 333333 }).select('user_name', 'rating')).toEqual([{ user_name: 'alice', rating: 4 }]);
    expect(await db('play_history').where({ work_id: 333333 }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
    // the folder comes back (its saved times are those of the old folder): restored and read
    tone(path.join(lib, C, 'c.mp3'), 2);
    expect(await quick()).toMatchObject({ updated: 1, restored: 1, skipped: 2 });
    expect((await fileRow(333333, 'c.mp3'))!.duration).toBeGreaterThan(1.5);
    expect(await db('reviews').where({ work_id: 333333 }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('restores works hidden while their drive was away, though their folders kept their times', async () => {
    const away = path.join(path.dirname(lib), 'unmounted');
    fs.renameSync(lib, away);
    fs.mkdirSync(lib);
    expect(await quick({ allowMassRemoval: true })).toMatchObject({ removed: 3 });
    fs.rmdirSync(lib);
    fs.renameSync(away, lib);
    expect(await quick()).toMatchObject({ updated: 3, restored: 3, skipped: 0 });
    expect(await db('works').whereNull('removed_at').count({ n: '*' }).first()).toMatchObject({ n: 3 });
  });

  it('a full scan neither reads nor saves folder times', async () => {
    await db('work_folders').delete();
    tone(path.join(tones, 'copy.mp3'), 3);
    fs.writeFileSync(inA('disc1', 'mp3', '02 main.mp3'), fs.readFileSync(path.join(tones, 'copy.mp3')));
    expect(await full()).toMatchObject({ updated: 1, skipped: 2 });
    expect(await savedWorks()).toEqual([]);
  });
});
