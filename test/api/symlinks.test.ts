/**
 * Symlinks and the library roots (src/library/README.md "Symlinks"), through the real
 * scanner and the real server: links leading outside every configured root are neither
 * listed nor served; links between works, across roots too, are listed and play.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackNode } from '../../src/model/index.js';
import { scanLibrary, type ScanSummary } from '../../src/scan/index.js';
import { callApi, libraryDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';

const RJ299717 = 299717;
const RJ265946 = 265946;
const RJ400001 = 400001;
const RJ700001 = 700001;
const SHORT = 'short.mp3';

let base: string;
let library: string;
let outside: string;
let work265946: string;
let srv: TestServer;
let token: string;
let summary: ScanSummary;

beforeAll(async () => {
  base = tempDataDir('audiolib-links-');
  library = path.join(base, 'library');
  const second = path.join(base, 'second');
  outside = path.join(base, 'outside');
  fs.cpSync(libraryDir, library, { recursive: true });
  work265946 = path.join(library, 'RJ265946 サキュバスアカデミア');
  const short = path.join(work265946, SHORT);
  // a second configured root with one work, and a folder that is no root
  fs.mkdirSync(path.join(second, 'RJ400001 second root'), { recursive: true });
  fs.copyFileSync(short, path.join(second, 'RJ400001 second root', 'tone.mp3'));
  fs.mkdirSync(path.join(outside, 'RJ700001 outside'), { recursive: true });
  fs.copyFileSync(short, path.join(outside, 'RJ700001 outside', 'secret.mp3'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'not for listeners');

  // leading outside every root: a folder link to /etc in a work, a work folder, a file
  fs.symlinkSync('/etc', path.join(library, 'RJ299717', 'etcdir'));
  fs.symlinkSync(path.join(outside, 'RJ700001 outside'), path.join(library, 'RJ700001 linked'));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(work265946, 'secret.txt'));
  // staying inside the roots: another work's file, a file of a work in the second root
  fs.symlinkSync(path.join(library, 'RJ299717', 'Rain Day ASMR', 'mp3', '01 Rain.mp3'), path.join(work265946, 'other work.mp3'));
  fs.symlinkSync(path.join(second, 'RJ400001 second root', 'tone.mp3'), path.join(work265946, 'second root.mp3'));

  srv = await startTestServer({ config: { rootFolders: [{ name: 'library', path: library }, { name: 'second', path: second }] } });
  // the scan the server's scan manager runs: the configured roots
  const { config, db } = srv.services;
  summary = await scanLibrary(db, { roots: config.rootFolders, maxDepth: config.scannerMaxRecursionDepth });
  token = await srv.login();
}, 60_000);
afterAll(async () => {
  await srv.close();
  fs.rmSync(base, { recursive: true, force: true });
});

const get = (urlPath: string, headers: Record<string, string> = {}) => fetch(`${srv.url}${urlPath}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
const titles = (nodes: TrackNode[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children ?? []).map((t) => `${n.title}/${t}`)]);
const tree = async (id: number) => {
  const res = await get(`/api/tracks/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as TrackNode[];
};
const fileId = async (workId: number, relpath: string): Promise<number> => {
  const row = await srv.services.db('files').where({ work_id: workId, relpath }).first('id');
  if (!row) throw new Error(`no file ${workId}/${relpath}`);
  return row.id as number;
};

describe('links leading outside the library roots', () => {
  it('are not listed in the track tree: a folder link to /etc, a file link', async () => {
    const names = titles(await tree(RJ299717));
    expect(names).toContain('Rain Day ASMR/mp3/01 Rain.mp3');
    expect(names.filter((n) => n.startsWith('etcdir'))).toEqual([]);
    expect(names.some((n) => /passwd|hostname/.test(n))).toBe(false);
    expect(titles(await tree(RJ265946))).not.toContain('secret.txt');
  });

  it('a work folder that is a link to a folder outside the roots is not catalogued', async () => {
    expect((await get(`/api/tracks/${RJ700001}`)).status).toBe(404);
    expect(await srv.services.db('works').where({ id: RJ700001 }).first()).toBeUndefined();
  });

  it('are reported in the scan summary with the work, the link and its real target', () => {
    const real = (p: string) => fs.realpathSync(p);
    expect([...summary.skippedLinks].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { work: 'RJ265946', path: path.join(work265946, 'secret.txt'), target: real(path.join(outside, 'secret.txt')) },
      { work: 'RJ299717', path: path.join(library, 'RJ299717', 'etcdir'), target: '/etc' },
      { work: 'RJ700001', path: path.join(library, 'RJ700001 linked'), target: real(path.join(outside, 'RJ700001 outside')) },
    ]);
  });

  it('are not served: a catalogued file whose work folder is a link outside, a link re-pointed after the scan', async () => {
    // a catalogue written before the rule: the work folder link and its file are in the database
    const db = srv.services.db;
    await db('works').insert({ id: RJ700001, title: 'outside', root_folder: 'library', dir: path.join(library, 'RJ700001 linked'), status: 3 });
    const [row] = await db('files').insert({ work_id: RJ700001, relpath: 'secret.mp3', type: 'audio', size: 1, mtime: 0 }).returning('id');
    const id = typeof row === 'object' ? row.id : row;
    expect((await get(`/api/media/stream/${RJ700001}/${id}`, { range: 'bytes=0-9' })).status).toBe(404);
    expect((await get(`/api/media/download/${RJ700001}/${id}`)).status).toBe(404);
    await db('works').where({ id: RJ700001 }).delete();

    // a link inside the roots when scanned, pointed outside afterwards
    const link = path.join(work265946, 'other work.mp3');
    const hash = `${RJ265946}/${await fileId(RJ265946, 'other work.mp3')}`;
    fs.unlinkSync(link);
    fs.symlinkSync(path.join(outside, 'RJ700001 outside', 'secret.mp3'), link);
    try {
      expect((await get(`/api/media/stream/${hash}`, { range: 'bytes=0-9' })).status).toBe(404);
    } finally {
      fs.unlinkSync(link);
      fs.symlinkSync(path.join(library, 'RJ299717', 'Rain Day ASMR', 'mp3', '01 Rain.mp3'), link);
    }
  });

  it('rescanning one work (POST /api/work/scan/:id) skips a new link leading outside', async () => {
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(library, 'RJ299717', 'Rain Day ASMR', 'notes.txt'));
    const res = await callApi(srv, 'POST', `/api/work/scan/${RJ299717}`, token);
    expect(res.status).toBe(200);
    expect(titles(await tree(RJ299717))).not.toContain('Rain Day ASMR/notes.txt');
  });
});

describe('links staying inside the library roots', () => {
  it("list and play another work's file, and a file of a work in another root", async () => {
    const names = titles(await tree(RJ265946));
    expect(names).toEqual(expect.arrayContaining(['other work.mp3', 'second root.mp3', SHORT]));
    const cases: [string, string][] = [
      ['other work.mp3', path.join(library, 'RJ299717', 'Rain Day ASMR', 'mp3', '01 Rain.mp3')],
      ['second root.mp3', path.join(base, 'second', 'RJ400001 second root', 'tone.mp3')],
    ];
    for (const [name, target] of cases) {
      const res = await get(`/api/media/stream/${RJ265946}/${await fileId(RJ265946, name)}`, { range: 'bytes=0-99' });
      expect(res.status, name).toBe(206);
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(target).subarray(0, 100)), name).toBe(true);
    }
    expect((await tree(RJ400001)).map((n) => n.title)).toEqual(['tone.mp3']);
  });

  it('stay listed when the work is rescanned alone (POST /api/work/scan/:id)', async () => {
    const res = await callApi(srv, 'POST', `/api/work/scan/${RJ265946}`, token);
    expect(res.status).toBe(200);
    expect(titles(await tree(RJ265946))).toEqual(expect.arrayContaining(['other work.mp3', 'second root.mp3']));
  });
});
