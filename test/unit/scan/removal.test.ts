/**
 * Never lose a library (DESIGN section 4): vanished works are hidden with
 * their user data kept and come back with their folders; the mass-removal guard stops
 * before hiding anything; works deleted by an admin stay hidden.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanError, scanLibrary } from '../../../src/scan/index.js';
import type { Db } from '../../../src/db/index.js';
import { copyLibrary, freshDb } from '../library/helpers.js';

let db: Db;
let lib: string;
const roots = () => [{ name: 'lib', path: lib }];
const visibleIds = async () => (await db('works').whereNull('removed_at').orderBy('id').select('id')).map((w) => w.id);
const RAIN = 'RJ265946 サキュバスアカデミア';

beforeEach(async () => {
  lib = copyLibrary();
  ({ db } = await freshDb());
  await scanLibrary(db, { roots: roots(), maxDepth: 2 });
  await db('reviews').insert({ user_name: 'alice', work_id: 265946, rating: 5, review_text: 'lovely', progress: 'listened' });
  await db('play_history').insert({ user_name: 'alice', work_id: 265946, state: JSON.stringify({ queue: [], index: 0, seconds: 12 }) });
});
afterEach(async () => {
  await db.destroy();
});

describe('mass-removal guard', () => {
  it('stops before hiding anything when the root is gone, naming the counts', async () => {
    fs.renameSync(lib, lib + '-unmounted');
    const err = await scanLibrary(db, { roots: roots(), maxDepth: 2 }).catch((e) => e);
    expect(err).toBeInstanceOf(ScanError);
    expect(err.code).toBe('scan.massRemovalRoot');
    expect(err.params).toMatchObject({ count: 5, total: 5 });
    expect(err.message).toMatch(/would hide 5 of 5 works/);
    expect(err.message).toMatch(/unmounted/);
    expect(err.message).toMatch(/--allow-mass-removal/);
    expect(await visibleIds()).toEqual([173248, 189758, 265946, 299717, 1012345]);
    const run = await db('scan_runs').orderBy('id', 'desc').first();
    expect(run).toMatchObject({ status: 'failed' });
    expect(run.lock_reason).toMatch(/would hide 5 of 5/);
    // the drive comes back: nothing was lost, nothing to restore
    fs.renameSync(lib + '-unmounted', lib);
    expect(await scanLibrary(db, { roots: roots(), maxDepth: 2 })).toMatchObject({ skipped: 5, removed: 0, restored: 0 });
  });

  it('stops when more than 10% would vanish, and hides with allowMassRemoval', async () => {
    fs.rmSync(path.join(lib, RAIN), { recursive: true }); // 1 of 5 = 20%
    await expect(scanLibrary(db, { roots: roots(), maxDepth: 2 })).rejects.toThrow(/would hide 1 of 5 works/);
    expect(await visibleIds()).toContain(265946);
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2, allowMassRemoval: true });
    expect(summary).toMatchObject({ removed: 1, skipped: 4 });
    expect(await visibleIds()).not.toContain(265946);
  });

  it('hides up to 10% without asking', async () => {
    for (let i = 0; i < 6; i++) fs.cpSync(path.join(lib, RAIN), path.join(lib, `RJ90000${i} extra`), { recursive: true });
    await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    fs.rmSync(path.join(lib, 'RJ900000 extra'), { recursive: true }); // 1 of 11
    expect(await scanLibrary(db, { roots: roots(), maxDepth: 2 })).toMatchObject({ removed: 1, skipped: 10 });
    expect((await db('works').where({ id: 900000 }).first()).removed_reason).toBe('missing');
  });

  it('skipCleanup hides nothing', async () => {
    fs.rmSync(path.join(lib, RAIN), { recursive: true });
    expect(await scanLibrary(db, { roots: roots(), maxDepth: 2, skipCleanup: true })).toMatchObject({ removed: 0, skipped: 4 });
    expect(await visibleIds()).toContain(265946);
  });
});

describe('hiding and restoring', () => {
  it('keeps reviews, progress and history of a hidden work and restores it with the same files', async () => {
    const filesBefore = await db('files').where({ work_id: 265946 }).orderBy('id').select('id', 'relpath');
    fs.renameSync(path.join(lib, RAIN), path.join(lib, '..', 'away'));
    await scanLibrary(db, { roots: roots(), maxDepth: 2, allowMassRemoval: true });
    expect(await db('works').where({ id: 265946 }).first()).toMatchObject({ removed_reason: 'missing' });
    expect(await db('reviews').where({ work_id: 265946 }).first()).toMatchObject({ user_name: 'alice', rating: 5, review_text: 'lovely', progress: 'listened' });
    expect(await db('play_history').where({ work_id: 265946 }).first()).toMatchObject({ user_name: 'alice' });

    fs.renameSync(path.join(lib, '..', 'away'), path.join(lib, RAIN));
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect(summary).toMatchObject({ restored: 1, updated: 1, skipped: 4, removed: 0 });
    expect(await db('works').where({ id: 265946 }).first()).toMatchObject({ removed_at: null, removed_reason: null });
    expect(await db('files').where({ work_id: 265946 }).orderBy('id').select('id', 'relpath')).toEqual(filesBefore);
    expect(await db('reviews').where({ work_id: 265946 }).first()).toMatchObject({ rating: 5 });
  });

  it('leaves works deleted by an admin hidden on rescans', async () => {
    await db('works').where({ id: 299717 }).update({ removed_at: db.fn.now(), removed_reason: 'deleted' });
    const summary = await scanLibrary(db, { roots: roots(), maxDepth: 2 });
    expect(summary).toMatchObject({ restored: 0, skipped: 5 });
    expect(await db('works').where({ id: 299717 }).first()).toMatchObject({ removed_reason: 'deleted' });
    expect(await visibleIds()).not.toContain(299717);
  });

  it('only hides works under the scanned roots', async () => {
    const other = path.join(lib, '..', 'other');
    fs.mkdirSync(other);
    fs.renameSync(path.join(lib, RAIN), path.join(other, RAIN));
    // scanning only the other folder finds the moved work and hides nothing under lib
    expect(await scanLibrary(db, { roots: [{ name: 'other', path: other }], maxDepth: 2 })).toMatchObject({ updated: 1, removed: 0 });
    expect(await db('works').where({ id: 265946 }).first()).toMatchObject({ root_folder: 'other', dir: path.join(other, RAIN), removed_at: null });
    expect(await visibleIds()).toHaveLength(5);
  });
});
