/** enableGzip (spec 001 section 3): JSON answers of 1 KiB or more are gzipped for clients that accept it; the switch applies live. */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, startTestServer, type TestServer } from '../../helpers/server.js';

let srv: TestServer;
let admin: string;
beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.login();
});
afterAll(async () => { await srv.close(); });

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${srv.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('enableGzip', () => {
  it('gzips a large JSON answer for a client that accepts gzip, and only then', async () => {
    const auth = { authorization: `Bearer ${admin}` };
    const zipped = await rawGet('/api/config/admin', { ...auth, 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    const json = JSON.parse(zlib.gunzipSync(zipped.body).toString());
    expect(json.config.listenPort).toBe(8888);

    const plain = await rawGet('/api/config/admin', { ...auth, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(json);
    // small answers stay as they are
    const small = await rawGet('/api/auth/me', { ...auth, 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('turned off, answers are sent as they are, at once', async () => {
    expect((await call(srv, 'PUT', '/api/config/admin', admin, { config: { enableGzip: false } })).body.restartRequired).toEqual([]);
    const res = await rawGet('/api/config/admin', { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).config.enableGzip).toBe(false);
  });
});
