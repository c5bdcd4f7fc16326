/**
 * Library root folders of the admin home (spec 001 section 2): add (existing
 * directory only), rename, remove through /api/config/roots, saved to config.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, libraryDir, startTestServer, type TestServer } from '../../helpers/server.js';

let srv: TestServer;
let admin: string;
beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.login();
});
afterAll(async () => { await srv.close(); });

const roots = (method: string, body?: unknown) => call(srv, method, '/api/config/roots', admin, body);
const onDisk = () => JSON.parse(fs.readFileSync(path.join(srv.dataDir, 'config.json'), 'utf8')).rootFolders;

describe('/api/config/roots', () => {
  it('starts empty', async () => {
    expect((await roots('GET')).body).toEqual({ rootFolders: [] });
  });

  it('refuses a missing path, a file, and blank names', async () => {
    const missing = await roots('POST', { name: 'gone', path: path.join(libraryDir, 'no-such-folder') });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('path does not exist');
    const file = await roots('POST', { name: 'file', path: path.join(libraryDir, 'misc', 'not a work.mp3') });
    expect(file.status).toBe(400);
    expect(file.body.error).toContain('not a directory');
    const blank = await roots('POST', { name: '  ', path: libraryDir });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toContain('name');
    expect((await roots('GET')).body.rootFolders).toEqual([]);
  });

  it('adds, renames and removes roots, saving each change', async () => {
    const added = await roots('POST', { name: 'fixtures', path: libraryDir });
    expect(added.status).toBe(200);
    expect(added.body.rootFolders).toEqual([{ name: 'fixtures', path: libraryDir }]);
    // a relative path is stored absolute
    const rel = path.relative(process.cwd(), path.join(libraryDir, 'misc'));
    expect((await roots('POST', { name: 'misc', path: rel })).body.rootFolders[1]).toEqual({ name: 'misc', path: path.join(libraryDir, 'misc') });
    expect(onDisk()).toHaveLength(2);

    const sameName = await roots('POST', { name: 'fixtures', path: path.join(libraryDir, 'deep') });
    expect(sameName.status).toBe(409);
    const samePath = await roots('POST', { name: 'again', path: libraryDir + '/' });
    expect(samePath.status).toBe(409);

    const renamed = await roots('PUT', { name: 'fixtures', newName: 'main library' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.rootFolders[0]).toEqual({ name: 'main library', path: libraryDir });
    expect((await roots('PUT', { name: 'misc', newName: 'main library' })).status).toBe(409);
    expect((await roots('PUT', { name: 'nothing', newName: 'x-name' })).status).toBe(404);

    const removed = await roots('DELETE', { name: 'misc' });
    expect(removed.status).toBe(200);
    expect(removed.body.rootFolders).toEqual([{ name: 'main library', path: libraryDir }]);
    expect((await roots('DELETE', { name: 'misc' })).status).toBe(404);
    expect(onDisk()).toEqual([{ name: 'main library', path: libraryDir }]);
    expect((await call(srv, 'GET', '/api/config/admin', admin)).body.config.rootFolders).toEqual([{ name: 'main library', path: libraryDir }]);
  });
});
