/**
 * A novel's TXT (spec 001 sections 2, 5, 7 and 9): POST /api/novel/work/uploadTxt/
 * (multipart file + id), the 4,194,304-byte limit to the byte, Shift-JIS and GBK stored
 * and served as UTF-8, onlineTxt, GET /api/novel/downloadTxt/{id}/ and
 * /api/novel/deleteTxt/{id}/, who may do what, and bad uploads (a body torn inside the
 * file, NUL bytes) answered 400 with the server still running.
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNovelServer, type NovelServer } from './helpers.js';

let n: NovelServer;
let id: number;
beforeAll(async () => {
  n = await startNovelServer();
  id = await n.add({ name: '书信集', novelId: 501 });
});
afterAll(async () => { await n.close(); });

const LIMIT = 4_194_304;
const stored = () => path.join(n.srv.dataDir, 'novels', `${id}.txt`);
const novel = async () => (await n.api('GET', `/api/novel/work/${id}`)).body;
const download = (token: string | null = n.tokens.user) => fetch(`${n.srv.url}/api/novel/downloadTxt/${id}/${token ? `?token=${token}` : ''}`);

describe('the 4 MB limit', () => {
  it('accepts a file of exactly 4,194,304 bytes', async () => {
    const res = await n.upload({ id: String(id) }, Buffer.alloc(LIMIT, 'a'), 'exact.txt');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('TXT uploaded (UTF-8)');
    expect(res.body.txt).toMatchObject({ name: 'exact.txt', size: LIMIT, encoding: 'UTF-8' });
    expect(fs.statSync(stored()).size).toBe(LIMIT);
    expect((await novel()).onlineTxt).toEqual([res.body.txt]);
  });

  it('refuses one byte more with 413 {error} and keeps what was stored', async () => {
    const before = fs.readFileSync(stored());
    const res = await n.upload({ id: String(id) }, Buffer.alloc(LIMIT + 1, 'b'), 'big.txt');
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('the file is larger than 4194304 bytes');
    expect(fs.readFileSync(stored()).equals(before)).toBe(true);
    expect((await novel()).onlineTxt[0].name).toBe('exact.txt');
    expect(fs.readdirSync(path.dirname(stored()))).toEqual([`${id}.txt`]);
  });
});

describe('encodings', () => {
  const text = '第一章　雨の夜\n手紙を読み返す。\n';

  it('stores a Shift-JIS TXT as UTF-8 and serves it as UTF-8', async () => {
    const sjis = iconv.encode(text.repeat(20), 'Shift_JIS');
    expect(sjis.toString('utf8')).not.toContain('手紙'); // really not UTF-8
    const res = await n.upload({ id: String(id) }, sjis, '手紙.txt');
    expect(res.status).toBe(200);
    expect(res.body.txt).toMatchObject({ name: '手紙.txt', encoding: 'Shift_JIS', size: Buffer.byteLength(text.repeat(20)) });
    const got = await download();
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="novel-${id}.txt"; filename*=UTF-8''${encodeURIComponent('手紙.txt')}`);
    expect(await got.text()).toBe(text.repeat(20));
  });

  it('stores a GBK TXT as UTF-8', async () => {
    const zh = '第一回　竹林夜话\n江湖旧事，说来话长。\n'.repeat(30);
    const res = await n.upload({ id: String(id) }, iconv.encode(zh, 'gbk'), 'zh.txt');
    expect(res.status).toBe(200);
    expect(res.body.txt.encoding).toBe('GB18030');
    expect(fs.readFileSync(stored(), 'utf8')).toBe(zh);
  });
});

describe('download and delete', () => {
  it('each download counts one read and marks the novel read for the caller', async () => {
    const before = (await novel()).readCount;
    await (await download(n.tokens.user)).text();
    await (await download(n.tokens.guest)).text();
    expect((await novel()).readCount).toBe(before + 2);
    const history = await n.api('GET', '/api/novel/histroy', n.tokens.user);
    expect(history.body.works.map((w: { id: number }) => w.id)).toEqual([id]);
    expect((await n.api('GET', '/api/novel/histroy', n.tokens.guest)).body.works).toEqual([]);
  });

  it('a guest may not delete; a user deletes it; then download and delete answer 404', async () => {
    expect((await n.api('GET', `/api/novel/deleteTxt/${id}/`, n.tokens.guest)).status).toBe(403);
    const res = await n.api('GET', `/api/novel/deleteTxt/${id}/`, n.tokens.user);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('TXT deleted');
    expect(fs.existsSync(stored())).toBe(false);
    expect((await novel()).onlineTxt).toEqual([]);
    expect((await download()).status).toBe(404);
    expect((await n.api('GET', `/api/novel/deleteTxt/${id}/`, n.tokens.user)).status).toBe(404);
  });
});

describe('bad uploads', () => {
  it('answers 400 for no file, an empty file, no or a bad id, and a JSON body; 404 for an unknown novel', async () => {
    expect((await n.upload({ id: String(id) }, null)).status).toBe(400);
    expect((await n.upload({ id: String(id) }, new Uint8Array(0))).body.error).toBe('the file is empty');
    expect((await n.upload({}, Buffer.from('text'))).body.error).toMatch(/id/);
    expect((await n.upload({ id: '../../etc' }, Buffer.from('text'))).status).toBe(400);
    expect((await n.api('POST', '/api/novel/work/uploadTxt/', n.tokens.user, { id, file: 'text' })).status).toBe(400);
    const unknown = await n.upload({ id: '999999' }, Buffer.from('text'));
    expect(unknown.status).toBe(404);
    expect(fs.existsSync(path.join(n.srv.dataDir, 'novels', '999999.txt'))).toBe(false);
  });

  it('a body torn inside the file part answers 400 {error, code}; the server keeps answering', async () => {
    const boundary = 'torn-upload-boundary';
    const torn = [
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="torn.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      'the first half of a chapter, and then the body ends',
    ].join('');
    // an 'error' event nobody listens to would stop a real server: here it would reach this listener
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => void uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const res = await fetch(`${n.srv.url}/api/novel/work/uploadTxt/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${n.tokens.user}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: torn,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'malformed upload: Unexpected end of form', code: 'upload.malformed', params: { reason: 'Unexpected end of form' } });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(fs.existsSync(stored())).toBe(false);
    // still serving, uploads included
    expect((await n.api('GET', `/api/novel/work/${id}`, n.tokens.user)).status).toBe(200);
    expect((await n.upload({ id: String(id) }, Buffer.from('whole'), 'whole.txt', n.tokens.user)).status).toBe(200);
    expect((await n.api('GET', `/api/novel/deleteTxt/${id}/`, n.tokens.user)).status).toBe(200);
  });

  it('a NUL byte in a field or the file name answers 400 naming it, and stores nothing', async () => {
    expect(await n.upload({ id: String(id), note: 'a\0b' }, Buffer.from('text'), 'a.txt', n.tokens.user))
      .toMatchObject({ status: 400, body: { error: 'note: must not contain NUL bytes', code: 'input.nul', params: { field: 'note' } } });
    // a raw NUL in the part header is a malformed part; one percent-encoded (RFC 5987 filename*) decodes to a NUL
    expect((await n.upload({ id: String(id) }, Buffer.from('text'), 'a\0.txt', n.tokens.user)).status).toBe(400);
    const boundary = 'nul-name-boundary';
    const res = await fetch(`${n.srv.url}/api/novel/work/uploadTxt/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${n.tokens.user}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: [
        `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00.txt\r\nContent-Type: text/plain\r\n\r\ntext\r\n`,
        `--${boundary}--\r\n`,
      ].join(''),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { error: 'filename: must not contain NUL bytes', code: 'input.nul', params: { field: 'filename' } } });
    expect(fs.existsSync(stored())).toBe(false);
    expect((await novel()).onlineTxt).toEqual([]);
  });

  it('needs a user: no token 401, a guest 403', async () => {
    expect((await n.upload({ id: String(id) }, Buffer.from('text'), 'a.txt', null)).status).toBe(401);
    expect((await n.upload({ id: String(id) }, Buffer.from('text'), 'a.txt', n.tokens.guest)).status).toBe(403);
    expect(fs.existsSync(stored())).toBe(false);
  });
});
