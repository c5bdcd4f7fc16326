/**
 * The web UI's files (src/server/static.ts) on the wire: the status line of range and
 * conditional answers, the SPA fallback to index.html.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWeb } from '../../src/server/static.js';
import { tempDir } from '../unit/library/helpers.js';
import { rawGet } from './media-fixture.js';

let server: http.Server;
let url: string;
beforeAll(async () => {
  const root = tempDir();
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>audiolib</title>');
  fs.writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log("audiolib");\n');
  const app = new Koa();
  app.use(serveWeb(root));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('serveWeb', () => {
  it('answers a range with 206 Partial Content and a matching ETag with 304 Not Modified', async () => {
    const ranged = await rawGet(url, '/assets/app.js', { range: 'bytes=0-6' });
    expect(`${ranged.status} ${ranged.statusMessage}`).toBe('206 Partial Content');
    expect(ranged.body).toBe('console');
    const whole = await rawGet(url, '/assets/app.js');
    expect(`${whole.status} ${whole.statusMessage}`).toBe('200 OK');
    const again = await rawGet(url, '/assets/app.js', { 'if-none-match': String(whole.headers.etag) });
    expect(`${again.status} ${again.statusMessage}`).toBe('304 Not Modified');
  });

  it('answers index.html for a client route', async () => {
    const res = await rawGet(url, '/works');
    expect(`${res.status} ${res.statusMessage}`).toBe('200 OK');
    expect(res.body).toContain('<title>audiolib</title>');
  });
});
