/**
 * The add form's spider (spec 001 section 7, DESIGN section 7): POST
 * /api/novel/work/spider/ on the stand-in novel site's pages (synthetic fixtures), with and
 * without og:novel:* tags, in GBK, through a redirect; what it refuses (file://, other
 * schemes, loopback and private addresses with spiderAllowPrivate off, non-HTML, oversized
 * pages); and adding a novel from its answer, cover included.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir } from '../../helpers/server.js';
import { startNovelSite, type NovelSite } from '../../helpers/novel-site.js';
import { startNovelServer, type NovelServer } from './helpers.js';

let n: NovelServer;
let site: NovelSite;
beforeAll(async () => { [n, site] = await Promise.all([startNovelServer(), startNovelSite()]); });
afterAll(async () => { await Promise.all([n.close(), site.close()]); });

const spider = (url: string, token = n.tokens.user) => n.api('POST', '/api/novel/work/spider/', token, { url });

describe('POST /api/novel/work/spider/ on novel pages', () => {
  it('reads every og:novel:* tag into the add form (code 2000)', async () => {
    const res = await spider(`${site.url}/book/20481/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 2000,
      data: {
        url: `${site.url}/book/20481/`,
        novelId: 20481,
        name: '星河旅人',
        cover: `${site.url}/covers/20481.jpg`,
        author: { id: null, label: '林雨' },
        desc: '一名少女在星河间旅行，寻找失落的灯塔。',
        info: '一名少女在星河间旅行，寻找失落的灯塔。\n第一百章 灯塔',
        process: 0,
        wordCount: 356000,
        tag: ['科幻', '冒险'],
        publish_datetime: '2024-05-01T12:30',
        plat: '示例小说站',
        rate: 3,
        myProcess: null,
        readCount: 0,
      },
    });
  });

  it('falls back to <title> and <meta name=description> on a page without Open Graph', async () => {
    const res = await spider(`${site.url}/stories/30001.html`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2000);
    expect(res.body.data).toMatchObject({
      name: '雾中的钟声', desc: '一座小镇，一口旧钟，一个不肯停的雨季。', author: null, tag: [], process: 1,
      wordCount: 125000, novelId: 30001, plat: '127.0.0.1', cover: '', publish_datetime: '',
    });
  });

  it('decodes a GBK page declared by its meta tag', async () => {
    const res = await spider(`${site.url}/gbk/40002/`);
    expect(res.body.data).toMatchObject({ name: '竹林夜话', author: { label: '苏墨' }, tag: ['武侠'], process: 1, plat: '旧书阁', publish_datetime: '2023-11-08T00:00' });
  });

  it('follows a redirect to the page', async () => {
    const res = await spider(`${site.url}/redirect`);
    expect(res.body.data).toMatchObject({ name: '星河旅人', url: `${site.url}/book/20481/` });
  });
});

describe('what the spider refuses', () => {
  it('refuses file://, ftp:// and text that is no address with 400 {code: 4000, msg, error, messageCode}', async () => {
    for (const url of ['file:///etc/passwd', `file://${path.join(fixturesDir, 'novel-site', 'book-og.html')}`, 'ftp://example.com/book', 'not an address']) {
      const res = await spider(url);
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe(4000); // a number, as the success's 2000
      expect(['spider.badScheme', 'spider.badUrl']).toContain(res.body.messageCode);
      expect(res.body.msg).toBe(res.body.error);
      expect(res.body.msg).toMatch(/only http and https|not a valid address/);
      expect(res.body.data).toBeUndefined();
    }
  });

  it('refuses loopback, private and link-local addresses while spiderAllowPrivate is off, without a request', async () => {
    const before = site.requests.length;
    n.srv.services.config.spiderAllowPrivate = false;
    try {
      const port = new URL(site.url).port;
      for (const url of [`${site.url}/book/20481/`, `http://localhost:${port}/book/20481/`, `http://[::1]:${port}/`, 'http://10.1.2.3/', 'http://192.168.0.10/', 'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/']) {
        const res = await spider(url);
        expect(res.status, url).toBe(400);
        expect(res.body.msg, url).toMatch(/refused: .* is a loopback, link-local or private address/);
        expect([res.body.code, res.body.messageCode]).toEqual([4000, 'spider.privateAddress']);
      }
    } finally {
      n.srv.services.config.spiderAllowPrivate = true;
    }
    expect(site.requests.length).toBe(before);
  });

  it('refuses an answer that is not HTML (400) and a page over the size cap or missing (502)', async () => {
    const json = await spider(`${site.url}/data.json`);
    expect(json.status).toBe(400);
    expect(json.body.msg).toMatch(/not an HTML page \(application\/json\)/);
    const huge = await spider(`${site.url}/huge`);
    expect(huge.status).toBe(502);
    expect([huge.body.code, huge.body.messageCode]).toEqual([5000, 'spider.failed']);
    expect(huge.body.msg).toMatch(/larger than 2097152 bytes/);
    const missing = await spider(`${site.url}/book/99999/`);
    expect(missing.status).toBe(502);
    expect(missing.body.msg).toMatch(/HTTP 404/);
  });

  it('needs a user: no token 401, a guest 403; a missing url 400', async () => {
    expect((await spider(`${site.url}/book/20481/`, null as unknown as string)).status).toBe(401);
    expect((await spider(`${site.url}/book/20481/`, n.tokens.guest)).status).toBe(403);
    const res = await n.api('POST', '/api/novel/work/spider/', n.tokens.user, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/url/);
  });
});

describe('adding a novel from the spider answer', () => {
  it('saves the form, fetches the cover and shows it on the detail call', async () => {
    const { data } = (await spider(`${site.url}/book/20481/`)).body;
    const added = await n.api('POST', '/api/novel/work/', n.tokens.user, { ...data, myProcess: 0 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id: 20481, cover: 'saved' });
    const novel = (await n.api('GET', '/api/novel/work/20481', n.tokens.user)).body;
    expect(novel).toMatchObject({
      id: 20481, title: '星河旅人', desc: data.desc, info: data.info, url: data.url, process: 0, wordCount: 356000, rate: 3,
      circle: { name: '示例小说站' }, vas: [{ name: '林雨' }], release: '2024-05-01T12:30', myProcess: 0, progress: 'listening', onlineTxt: [],
    });
    expect(novel.tags.map((t: { name: string }) => t.name).sort()).toEqual(['冒险', '科幻']);
    const cover = await fetch(`${n.srv.url}/api/novel/cover/20481?type=240x240&token=${n.tokens.user}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await cover.arrayBuffer()).equals(fs.readFileSync(path.join(fixturesDir, 'novel-site', 'cover.jpg')))).toBe(true);
    expect(fs.readdirSync(path.join(n.srv.dataDir, 'novels', 'covers'))).toEqual(['20481.jpg']);
  });

  it('updateData reads the origin page again and keeps the rating and read count', async () => {
    await n.srv.services.db('novels').where({ id: 20481 }).update({ title: 'old title', rate: 5, read_count: 7 });
    const res = await n.api('GET', '/api/novel/work/updateData/20481/', n.tokens.user);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('novel 20481 updated');
    expect((await n.api('GET', '/api/novel/work/20481', n.tokens.user)).body).toMatchObject({ title: '星河旅人', rate: 5, readCount: 7 });
  });
});
