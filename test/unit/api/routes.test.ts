/**
 * The API table (src/api/routes): the server's routers register exactly its routes, the
 * clients' URLs are built from it, and no client spells an `/api/` path by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathOf, type AnyRoute } from '../../../src/api/route.js';
import { API_PREFIX, routes, trackMediaPath } from '../../../src/api/routes/index.js';
import { mediaPath } from '../../../src/model/index.js';
import { routers } from '../../../src/server/routes/index.js';

/** Every route object of the table, however deeply it is nested. */
function tableRoutes(node: unknown, out: AnyRoute[] = []): AnyRoute[] {
  if (node && typeof node === 'object') {
    if ('method' in node && 'path' in node) out.push(node as AnyRoute);
    else for (const child of Object.values(node)) tableRoutes(child, out);
  }
  return out;
}

const key = (method: string, p: string) => `${method} ${p}`;

describe('the API table', () => {
  it('is what the server registers: every method and path of the routers is a route of the table, and every route is registered', () => {
    const table = new Set(tableRoutes(routes).flatMap((r) => [r.path, ...r.also].map((p) => key(r.method, p))));
    const registered = new Set(routers.flatMap((router) => router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => key(m, String(layer.path))))));
    expect([...registered].filter((k) => !table.has(k))).toEqual([]);
    expect([...table].filter((k) => !registered.has(k))).toEqual([]);
  });

  it('keeps every path under /api', () => {
    for (const r of tableRoutes(routes)) for (const p of [r.path, ...r.also]) expect(p.startsWith(`${API_PREFIX}/`), p).toBe(true);
  });

  it('fills path parameters, URI-encoded, and refuses a missing one', () => {
    expect(pathOf(routes.library.vaWorks, { id: 'a b/c' })).toBe('/api/vas/a%20b%2Fc/works');
    expect(pathOf(routes.playlists.removeEntry, { id: 3, entryId: 12 })).toBe('/api/playlists/3/entries/12');
    expect(pathOf(routes.trial.setStatus, { id: 173248 })).toBe('/api/fake/173248/');
    expect(() => pathOf(routes.library.work, {})).toThrow(/:id/);
  });

  it('gives a track the media paths the server answers in its tree (mediaPath), in the library and the trial catalogue', () => {
    for (const hash of ['123456/7', 'rj123456/7', 'RJ123456/7']) {
      expect(trackMediaPath('stream', hash)).toBe(mediaPath('stream', hash));
      expect(trackMediaPath('download', hash)).toBe(mediaPath('download', hash));
      expect(trackMediaPath('checkLrc', hash)).toBe(mediaPath('check-lrc', hash));
      expect(trackMediaPath('smallImage', hash)).toBe(mediaPath('small-img', hash));
      expect(trackMediaPath('transcode', hash)).toBe(mediaPath('transcode', hash));
    }
  });
});

describe('the clients', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const sources = (dir: string): string[] => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(dir, f));

  it('spell no /api/ path: the web UI, the TUI and the translate worker call through the table', () => {
    const spelled = ['web/src', 'src/tui', 'src/translate'].flatMap(sources).flatMap((file) =>
      fs.readFileSync(path.join(root, file), 'utf8').split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && /['"`]\/api\b/.test(line))
        .map((line) => `${file}: ${line.trim()}`));
    expect(spelled).toEqual([]);
  });
});
