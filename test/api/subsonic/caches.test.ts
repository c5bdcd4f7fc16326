/**
 * What the players' API keeps per catalogue version in the catalogue's cache
 * (src/catalogue/README.md "Caches": the artists' index and names, the folder index, the
 * genres' song counts, the unknown artist's works, the works with a cover) follows a write
 * that another connection (a scan or the CLI in another process, another instance) made
 * after it was read: the next call answers the new value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigrated, type Db } from '../../../src/db/index.js';
import { RJ189758, RJ299717, startSubsonicFixture, type SubsonicFixture } from './fixture.js';

let fx: SubsonicFixture;
let writer: Db; // another process's connection
beforeAll(async () => {
  fx = await startSubsonicFixture();
  writer = await openMigrated(fx.srv.dataDir);
});
afterAll(async () => {
  await writer?.destroy();
  await fx?.close();
});

type Node = Record<string, unknown> & { id?: string; name?: string; value?: string; albumCount?: number; coverArt?: string };

/** The `subsonic-response` of `method` called as listener with an API key, JSON form (status ok checked). */
async function rest(method: string, params: Record<string, string> = {}): Promise<Record<string, any>> {
  const { text } = await fx.raw(method, { ...fx.keyParams, f: 'json', ...params });
  const answer = JSON.parse(text)['subsonic-response'];
  expect(answer.status).toBe('ok');
  return answer;
}

/** Every entry of an index answer ({index: [{artist: [...]}]}). */
const entries = (index: { artist?: Node[] }[] | undefined): Node[] => (index ?? []).flatMap((i) => i.artist ?? []);

/** The circle of work `id` (its id and name). */
async function circleOf(id: number): Promise<{ id: number; name: string }> {
  const row = await writer('works as w').join('circles as c', 'c.id', 'w.circle_id').where('w.id', id).first('c.id', 'c.name');
  expect(row).toBeDefined();
  return { id: Number(row.id), name: row.name };
}

describe("the players' lists kept per catalogue version", () => {
  it('getArtists and search3 show a circle renamed by another connection at the next call', async () => {
    const circle = await circleOf(RJ189758);
    const renamed = `${circle.name} renamed elsewhere`;
    expect(entries((await rest('getArtists')).artists.index).map((a) => a.name)).toContain(circle.name);
    expect((await rest('search3', { query: 'renamed elsewhere' })).searchResult3.artist ?? []).toEqual([]);
    await writer('circles').where({ id: circle.id }).update({ name: renamed });
    try {
      const names = entries((await rest('getArtists')).artists.index).map((a) => a.name);
      expect(names).toContain(renamed);
      expect(names).not.toContain(circle.name);
      expect(((await rest('search3', { query: 'renamed elsewhere' })).searchResult3.artist ?? []).map((a: Node) => a.name)).toEqual([renamed]);
    } finally {
      await writer('circles').where({ id: circle.id }).update({ name: circle.name });
    }
  });

  it('getIndexes shows a title changed by another connection at the next call', async () => {
    const titles = async () => entries((await rest('getIndexes')).indexes.index).map((a) => a.name);
    const { title } = await writer('works').where({ id: RJ299717 }).first('title');
    expect(await titles()).toContain(title);
    await writer('works').where({ id: RJ299717 }).update({ title: 'Retitled by another process' });
    try {
      expect(await titles()).toContain('Retitled by another process');
      expect(await titles()).not.toContain(title);
    } finally {
      await writer('works').where({ id: RJ299717 }).update({ title });
    }
  });

  it("getGenres counts a work tagged by another connection at the next call", async () => {
    const tag = await writer('work_tags as wt').join('tags as t', 't.id', 'wt.tag_id').where('wt.work_id', RJ189758).first('t.id', 't.name');
    expect(tag).toBeDefined();
    const genre = async () => ((await rest('getGenres')).genres.genre as Node[]).find((g) => g.value === tag.name);
    const before = await genre();
    expect(before).toBeDefined();
    await writer('work_tags').insert({ work_id: RJ299717, tag_id: tag.id });
    try {
      const after = await genre();
      expect(after!.albumCount).toBe(before!.albumCount! + 1);
      expect(Number(after!.songCount)).toBeGreaterThan(Number(before!.songCount));
    } finally {
      await writer('work_tags').where({ work_id: RJ299717, tag_id: tag.id }).del();
    }
  });

  it("the unknown artist's works leave it when another connection gives the work a circle", async () => {
    const unknownAlbums = async () => ((await rest('getArtist', { id: 'ar-unknown' })).artist.album as Node[]).map((a) => a.id);
    expect(await unknownAlbums()).toContain(`al-${RJ299717}`);
    const circle = await circleOf(RJ189758);
    await writer('works').where({ id: RJ299717 }).update({ circle_id: circle.id });
    try {
      expect(await unknownAlbums()).not.toContain(`al-${RJ299717}`);
      expect(((await rest('getArtist', { id: `ar-c${circle.id}` })).artist.album as Node[]).map((a) => a.id)).toContain(`al-${RJ299717}`);
    } finally {
      await writer('works').where({ id: RJ299717 }).update({ circle_id: null });
    }
  });

  it('an album names its cover once another connection gives the work its own image', async () => {
    const image = await writer('files').where({ work_id: RJ299717, type: 'image' }).first('id');
    expect(image).toBeDefined();
    const coverArt = async () => (await rest('getAlbum', { id: `al-${RJ299717}` })).album.coverArt;
    const own = await writer('works').where({ id: RJ299717 }).first('cover_file_id');
    await writer('works').where({ id: RJ299717 }).update({ cover_file_id: null });
    try {
      expect(await coverArt()).toBeUndefined();
      await writer('works').where({ id: RJ299717 }).update({ cover_file_id: image.id });
      expect(await coverArt()).toBe(`al-${RJ299717}`);
    } finally {
      await writer('works').where({ id: RJ299717 }).update({ cover_file_id: own.cover_file_id });
    }
  });
});
