/**
 * A stand-in novel site for the spider tests (test/fixtures/novel-site, synthetic pages):
 * a local HTTP server on 127.0.0.1 answering the fixture pages at novel-site paths, a
 * JSON answer, a redirect and an oversized page (see the fixtures' README).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fixturesDir } from './server.js';

const dir = path.join(fixturesDir, 'novel-site');

/** Path -> [file, content type]. */
const PAGES: Record<string, [string, string]> = {
  '/book/20481/': ['book-og.html', 'text/html; charset=utf-8'],
  '/stories/30001.html': ['book-plain.html', 'text/html'],
  '/gbk/40002/': ['book-gbk.html', 'text/html'],
  '/covers/20481.jpg': ['cover.jpg', 'image/jpeg'],
};

export interface NovelSite {
  /** Origin of the site, such as http://127.0.0.1:40123. */
  url: string;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts the site on a free port of 127.0.0.1. */
export async function startNovelSite(): Promise<NovelSite> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const page = PAGES[url];
    if (page) {
      res.writeHead(200, { 'content-type': page[1] });
      res.end(fs.readFileSync(path.join(dir, page[0])));
    } else if (url === '/data.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ title: 'not a page' }));
    } else if (url === '/redirect') {
      res.writeHead(302, { location: '/book/20481/' });
      res.end();
    } else if (url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><head><title>huge</title></head><body>${'x'.repeat(3 * 1024 * 1024)}</body></html>`);
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
