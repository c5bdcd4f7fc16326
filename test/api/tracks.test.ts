import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackNode } from '../../src/model/index.js';
import { startMediaFixture, type MediaFixture } from './media-fixture.js';

const RJ01012345 = 1012345;
const RJ299717 = 299717;
const RJ265946 = 265946;

let fx: MediaFixture;
beforeAll(async () => {
  fx = await startMediaFixture((library) => {
    // Names a plain string sort gets wrong: 'part 10' < 'part 2', 'extra 10' < 'extra 2'.
    const work = path.join(library, 'RJ265946 サキュバスアカデミア');
    const short = path.join(work, 'short.mp3');
    for (const rel of ['part 10.mp3', 'part 2.mp3', 'extra 10/a.mp3', 'extra 2/a.mp3']) {
      fs.mkdirSync(path.dirname(path.join(work, rel)), { recursive: true });
      fs.copyFileSync(short, path.join(work, rel));
    }
  });
}, 60_000);
afterAll(async () => { await fx.close(); });

const tree = async (id: number | string) => {
  const res = await fx.get(`/api/tracks/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as TrackNode[];
};
const titles = (nodes: TrackNode[] | undefined) => (nodes ?? []).map((n) => `${n.type}:${n.title}`);
/** Real length of an audio file in seconds, by ffprobe. */
const probe = (file: string) =>
  Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim());

describe('GET /api/tracks/:id', () => {
  it('answers the tree of RJ01012345: the image folder first, then files in natural order with hashes, sizes and durations', async () => {
    const nodes = await tree(RJ01012345);
    expect(titles(nodes)).toEqual([
      'folder:画像',
      'text:01_プロローグ.lrc',
      'audio:01_プロローグ.mp3',
      'audio:02_耳かき.mp3',
      'text:02_耳かき.vtt',
      'audio:03_おやすみ.mp3',
      'text:03_おやすみ.srt',
      'text:readme.txt',
    ]);
    expect(titles(nodes[0]!.children)).toEqual(['image:差分1.png', 'image:表紙.jpg']);

    const dir = await fx.workDir(RJ01012345);
    const work = await fx.srv.services.db('works').where({ id: RJ01012345 }).first('title');
    const audio = nodes.filter((n) => n.type === 'audio');
    expect(audio).toHaveLength(3);
    for (const node of audio) {
      const fileId = await fx.fileId(RJ01012345, node.title);
      const hash = `${RJ01012345}/${fileId}`;
      expect(node).toMatchObject({
        hash,
        workTitle: work.title,
        size: fs.statSync(path.join(dir, node.title)).size,
        mediaStreamUrl: `/api/media/stream/${hash}`,
        mediaDownloadUrl: `/api/media/download/${hash}`,
      });
      expect(Math.abs(node.duration! - probe(path.join(dir, node.title)))).toBeLessThan(0.1);
    }
    const image = nodes[0]!.children![1]!;
    expect(image.hash).toBe(`${RJ01012345}/${await fx.fileId(RJ01012345, '画像/表紙.jpg')}`);
    expect(image.duration).toBeUndefined();
  });

  it('links each audio node to its lyric file', async () => {
    const nodes = await tree(RJ01012345);
    const lyricOf = (title: string) => nodes.find((n) => n.title === title)!.lyric;
    expect(lyricOf('01_プロローグ.mp3')).toBe(`${RJ01012345}/${await fx.fileId(RJ01012345, '01_プロローグ.lrc')}`);
    expect(lyricOf('02_耳かき.mp3')).toBe(`${RJ01012345}/${await fx.fileId(RJ01012345, '02_耳かき.vtt')}`);
    expect(lyricOf('03_おやすみ.mp3')).toBe(`${RJ01012345}/${await fx.fileId(RJ01012345, '03_おやすみ.srt')}`);
  });

  it('answers the single-child chain of RJ299717 as nested folders', async () => {
    const nodes = await tree(RJ299717);
    expect(titles(nodes)).toEqual(['folder:Rain Day ASMR']);
    const inner = nodes[0]!.children!;
    expect(titles(inner)).toEqual(['folder:flac', 'folder:mp3', 'folder:opus', 'image:cover.png']);
    expect(titles(inner[0]!.children)).toEqual(['audio:01 Rain.flac', 'audio:02 Rain.flac']);
    expect(titles(inner[2]!.children)).toEqual(['audio:01 Rain.opus', 'audio:02 Rain.opus']);
    const flac = inner[0]!.children![0]!;
    expect(flac.hash).toBe(`${RJ299717}/${await fx.fileId(RJ299717, 'Rain Day ASMR/flac/01 Rain.flac')}`);
    expect(flac.duration).toBeGreaterThan(0);
  });

  it('sorts numbers in names naturally, folders before files', async () => {
    const nodes = await tree(RJ265946);
    expect(titles(nodes)).toEqual([
      'folder:extra 2',
      'folder:extra 10',
      'audio:long tone 10min.mp3',
      'audio:part 2.mp3',
      'audio:part 10.mp3',
      'audio:short.mp3',
    ]);
    expect(Math.round(nodes[2]!.duration!)).toBe(600);
  });

  it('answers 404 for an unknown or removed work and 400 for a non-numeric id', async () => {
    expect((await fx.get('/api/tracks/999999')).status).toBe(404);
    const bad = await fx.get('/api/tracks/abc');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error?: string }).error).toBeTruthy();

    await fx.srv.services.db('works').where({ id: 173248 }).update({ removed_at: new Date().toISOString() });
    const removed = await fx.get('/api/tracks/173248');
    expect(removed.status).toBe(404);
    expect(await removed.json()).toEqual({ error: 'work not found', code: 'work.notFound' });
    await fx.srv.services.db('works').where({ id: 173248 }).update({ removed_at: null });
    expect((await fx.get('/api/tracks/173248')).status).toBe(200);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await fetch(`${fx.srv.url}/api/tracks/${RJ01012345}`)).status).toBe(401);
    const res = await fetch(`${fx.srv.url}/api/tracks/${RJ01012345}`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(401);
  });
});
