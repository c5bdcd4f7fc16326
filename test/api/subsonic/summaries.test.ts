/**
 * The albums' song counts and durations and a search's songs (src/subsonic/tracks.ts, kept
 * with the catalogue's works) follow the library: a rescan that adds a track to a work shows it on that album and in the search,
 * a change to another work leaves every album's figures right, and a work whose folder
 * vanished leaves the lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubsonicAPI } from 'subsonic-api';
import { scanLibrary } from '../../../src/scan/index.js';
import { RJ01012345, RJ265946, startSubsonicFixture, type SubsonicFixture } from './fixture.js';

let fx: SubsonicFixture;
let api: SubsonicAPI;
beforeAll(async () => {
  fx = await startSubsonicFixture();
  api = fx.client('token');
});
afterAll(async () => { await fx?.close(); });

/** Every album's [id, songCount, duration] of getAlbumList2 newest. */
async function albums(): Promise<[string, number | undefined, number | undefined][]> {
  const answer = await api.getAlbumList2({ type: 'newest', size: 500 });
  return (answer.albumList2.album ?? []).map((a) => [a.id, a.songCount, a.duration]);
}
/** Scans the library copy again (one work of six may vanish: past the 10% guard). */
const ok3 = (answer: Awaited<ReturnType<SubsonicAPI['search3']>>) => answer.searchResult3;
const rescan = () => scanLibrary(fx.srv.services.db, { roots: [{ name: 'library', path: fx.library }], maxDepth: 2, allowMassRemoval: true });
/** A work's audio files' total duration in whole seconds, as the files table has it. */
async function storedSeconds(workId: number): Promise<number> {
  const [row] = await fx.srv.services.db('files').where({ work_id: workId, type: 'audio' }).sum({ d: 'duration' });
  return Math.round(Number(row?.d ?? 0));
}

describe("albums' song counts", () => {
  it('show a track a rescan added, and stay right for the other albums', async () => {
    const songsOf = async () => (ok3(await api.search3({ query: 'サキュバス', songCount: 50 })).song ?? []).map((t) => t.title);
    expect(await songsOf()).toHaveLength(2);
    const before = await albums();
    const succubus = before.find(([id]) => id === `al-${RJ265946}`)!;
    expect(succubus[1]).toBe(2);
    const dir = await fx.workDir(RJ265946);
    fs.copyFileSync(path.join(dir, 'short.mp3'), path.join(dir, 'short again.mp3'));
    expect((await rescan()).failed).toBe(0);
    const after = await albums();
    expect(after.find(([id]) => id === `al-${RJ265946}`)).toEqual([`al-${RJ265946}`, 3, await storedSeconds(RJ265946)]);
    expect(after.filter(([id]) => id !== `al-${RJ265946}`)).toEqual(before.filter(([id]) => id !== `al-${RJ265946}`));
    expect((await songsOf()).sort()).toEqual(['long tone 10min', 'short', 'short again']);
  });

  it('leave a work whose folder vanished out, and show it again when it is back', async () => {
    const dir = await fx.workDir(RJ01012345);
    const away = path.join(path.dirname(fx.library), 'away'); // outside the library: a folder renamed inside it is the same work moved
    fs.renameSync(dir, away);
    try {
      await rescan();
      expect((await albums()).map(([id]) => id)).not.toContain(`al-${RJ01012345}`);
    } finally {
      fs.renameSync(away, dir);
    }
    await rescan();
    expect((await albums()).find(([id]) => id === `al-${RJ01012345}`)?.[1]).toBeGreaterThan(0);
  });
});
