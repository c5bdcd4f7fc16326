/**
 * The crawler's HTTP client against the fake store: retries, timeouts, final statuses,
 * abort, the parallelism bound and the HTTP proxy.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, HttpClient, httpClientFromConfig, proxyUri } from '../../../src/metadata/http.js';
import { defaultConfig } from '../../../src/config/index.js';
import { startFakeStore, type FakeStore } from '../../helpers/fake-store.js';

const PAGE = '/maniax/work/=/product_id/RJ173248.html';
let store: FakeStore;

beforeAll(async () => {
  store = await startFakeStore();
});
afterAll(async () => {
  await store.close();
});

const client = (over: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) => new HttpClient({ retry: 5, retryDelay: 10, maxParallelism: 4, proxy: null, ...over });

describe('HttpClient', () => {
  it('retries a failing server and answers once it recovers', async () => {
    const c = client();
    const path = '/maniax/work/=/product_id/RJ189758.html';
    store.failTimes(path, 2, 503);
    const retries: Array<[number, number | null]> = [];
    const html = await c.getText(store.url + path, { timeout: 5000, onRetry: (attempt, err) => void retries.push([attempt, err.status]) });
    expect(html).toContain('意地悪な機械人形に完全支配される音声');
    expect(store.count(path)).toBe(3);
    expect(retries).toEqual([
      [2, 503],
      [3, 503],
    ]);
    await c.close();
  });

  it('gives up on a server that never answers after `retry` timed-out attempts', async () => {
    const c = client({ retry: 3, retryDelay: 0 });
    const path = '/maniax/work/=/product_id/RJ265946.html?hang';
    store.hang('?hang');
    const err = (await c.get(store.url + path, { timeout: 150 }).catch((e: unknown) => e)) as FetchError;
    expect(err).toBeInstanceOf(FetchError);
    expect(err.message).toMatch(/timed out after 150 ms/);
    expect(err.status).toBeNull();
    expect(err.attempts).toBe(3);
    expect(store.count('?hang')).toBe(3);
    await c.close();
  });

  it('stops at the last attempt of an error status, and at once on a 404', async () => {
    const c = client({ retry: 2, retryDelay: 0 });
    store.failTimes('/always-503', 10, 503);
    const e503 = (await c.get(`${store.url}/always-503`, { timeout: 2000 }).catch((e: unknown) => e)) as FetchError;
    expect([e503.status, e503.attempts, store.count('/always-503')]).toEqual([503, 2, 2]);

    const e404 = (await c.get(`${store.url}/maniax/work/=/product_id/RJ999999.html`, { timeout: 2000 }).catch((e: unknown) => e)) as FetchError;
    expect(e404.notFound).toBe(true);
    expect(store.count('RJ999999')).toBe(1);
    await c.close();
  });

  it('rejects with the abort reason and makes no further attempt', async () => {
    const c = client({ retry: 5, retryDelay: 0 });
    store.hang('?abort');
    const controller = new AbortController();
    const pending = c.get(`${store.url}${PAGE}?abort`, { timeout: 60_000, signal: controller.signal });
    while (store.count('?abort') < 1) await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('scan killed'));
    await expect(pending).rejects.toThrow('scan killed');
    expect(store.count('?abort')).toBe(1);
    await c.close();
  });

  it('keeps at most maxParallelism requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const server = http.createServer((_req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('ok');
      }, 200);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const c = client({ maxParallelism: 2 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.getText(url, { timeout: 5000 })));
    expect(answers).toEqual(Array(8).fill('ok'));
    expect(most).toBe(2);
    await c.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('goes through the configured HTTP proxy', async () => {
    const tunnels: string[] = [];
    const proxy = http.createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = net.connect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyPort = (proxy.address() as AddressInfo).port;
    const c = httpClientFromConfig({ ...defaultConfig(), httpProxyHost: '', httpProxyPort: proxyPort });
    const before = store.count(PAGE);
    const html = await c.getText(store.url + PAGE, { timeout: 5000 });
    expect(html).toContain('搾精天使ピュアミルク');
    expect(tunnels).toEqual([new URL(store.url).host]);
    expect(store.count(PAGE)).toBe(before + 1);
    await c.close();
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
  });
});

describe('proxyUri', () => {
  it('port 0 is no proxy; an empty host is this machine', () => {
    expect(proxyUri('proxy.lan', 0)).toBeNull();
    expect(proxyUri('', 0)).toBeNull();
    expect(proxyUri('', 7890)).toBe('http://127.0.0.1:7890');
    expect(proxyUri(' proxy.lan ', 3128)).toBe('http://proxy.lan:3128');
    expect(proxyUri('::1', 3128)).toBe('http://[::1]:3128');
  });
});
