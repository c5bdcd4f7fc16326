/**
 * The crawler end to end against the fake store, with a real SQLite file and works rows
 * inserted as the scanner makes them (id, title from the folder name, dir): what lands in
 * the catalogue tables, the covers on disk, the locale cookie, retries and timeouts, the
 * HVDB fallback, unknown codes and the coded reason of each failure, the dynamic-info
 * refresh and abort.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig, type Config } from '../../../src/config/index.js';
import { openMigrated, type Db } from '../../../src/db/index.js';
import { fetchWorkMetadata, refreshDynamicInfo, vaId, type CrawlOptions, type CrawlProblem } from '../../../src/metadata/index.js';
import type { ScanLogEntry } from '../../../src/model/index.js';
import { pendingMetadataWorkIds } from '../../../src/works/rows.js';
import { startFakeStore, type FakeStore } from '../../helpers/fake-store.js';
import { tempDataDir } from '../../helpers/server.js';

const fixtureImage = (code: string) => fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'dlsite', 'img', `${code}_img_main.jpg`));

/** Folder names of test/fixtures/library and the titles the scanner derives from them. */
const FOLDER_WORKS = [
  { id: 173248, title: '搾精天使ピュアミルク', dir: '/library/[B-bishop]/RJ173248 搾精天使ピュアミルク' },
  { id: 189758, title: '機械人形', dir: '/library/[RJ189758][B-bishop] 機械人形' },
  { id: 265946, title: 'サキュバスアカデミア', dir: '/library/RJ265946 サキュバスアカデミア' },
];

let store: FakeStore;
let dataDir: string;
let db: Db;
let config: Config;

beforeEach(async () => {
  store = await startFakeStore();
  dataDir = tempDataDir('audiolib-crawler-');
  db = await openMigrated(dataDir);
  config = { ...defaultConfig(), ...store.config, tagLanguage: 'ja-jp', retry: 3, retryDelay: 0, dlsiteTimeout: 5000, hvdbTimeout: 5000, maxParallelism: 4 };
});
afterEach(async () => {
  await db.destroy();
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const addWorks = (works: Array<{ id: number; title: string; dir: string }>) => db('works').insert(works);

/** Collects onLog and onResult calls. */
function recorder() {
  const logs: Array<{ code: string; level: string; message: string }> = [];
  const results: Array<[string, boolean]> = [];
  const opts: CrawlOptions = { onLog: (code, { level, message }) => logs.push({ code, level, message }), onResult: (code, ok) => results.push([code, ok]) };
  return { logs, results, opts, logsOf: (code: string) => logs.filter((l) => l.code === code) };
}

const work = (id: number) => db('works').where({ id }).first();
const tagsOf = (id: number) => db('work_tags').join('tags', 'tags.id', 'work_tags.tag_id').where('work_id', id).orderBy('tags.id').select('tags.id', 'tags.name');
const vasOf = async (id: number) =>
  (await db('work_vas').join('vas', 'vas.id', 'work_vas.va_id').where('work_id', id).select('vas.id', 'vas.name')).sort((a, b) => a.name.localeCompare(b.name));

describe('fetchWorkMetadata', () => {
  it('fills the catalogue from the store pages, dynamic info and covers', async () => {
    await addWorks(FOLDER_WORKS);
    const rec = recorder();
    const summary = await fetchWorkMetadata(db, config, dataDir, [173248, 189758, 265946], rec.opts);
    expect(summary).toEqual({ ok: 3, failed: 0 });
    expect(rec.results.sort()).toEqual([
      ['RJ173248', true],
      ['RJ189758', true],
      ['RJ265946', true],
    ]);

    const rj173248 = await work(173248);
    expect(rj173248).toMatchObject({
      title: '搾精天使ピュアミルク 背後からバイノーラルでいじめられる音声',
      circle_id: 18195,
      release: '2016-03-18',
      nsfw: 1,
      series: null,
      price: 1320,
      dl_count: 5213,
      review_count: 38,
      rate_count: 176,
      rate_average_2dp: 4.52,
      metadata_source: 'dlsite',
      metadata_status: 'ok',
      metadata_error: null,
      cover_status: 'fetched',
      dir: '/library/[B-bishop]/RJ173248 搾精天使ピュアミルク',
    });
    expect(JSON.parse(rj173248.rate_count_detail)).toHaveLength(5);
    expect(JSON.parse(rj173248.rate_count_detail)[4]).toEqual({ review_point: 5, count: 120, ratio: 68 });
    expect(JSON.parse(rj173248.rank)).toEqual([{ term: 'week', category: 'voice', rank: 12, rank_date: '2016-10-08' }]);
    expect(await db('circles').orderBy('id')).toEqual([
      { id: 5398, name: 'SQDT' },
      { id: 18195, name: 'B-bishop' },
    ]);
    expect(await tagsOf(173248)).toEqual([
      { id: 115, name: '逆レイプ' },
      { id: 124, name: '手コキ' },
      { id: 125, name: '足コキ' },
      { id: 152, name: '焦らし' },
      { id: 156, name: '男性受け' },
      { id: 237, name: '天使/悪魔' },
    ]);
    expect(await vasOf(173248)).toEqual(
      [
        { id: vaId('七海うと'), name: '七海うと' },
        { id: vaId('餅よもぎ'), name: '餅よもぎ' },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(vaId('七海うと')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const rj189758 = await work(189758);
    expect(rj189758).toMatchObject({ series: '地獄級オナニーサポート', release: '2017-01-04', dl_count: 8871, review_count: 64, price: 1540 });
    expect((await vasOf(189758)).map((v) => v.name).sort()).toEqual(['井上果林', '大山チロル', '柚凪', '西浦のどか', 'ゅかにゃん'].sort());
    expect(await db('work_tags').where('tag_id', 152).orderBy('work_id').pluck('work_id')).toEqual([173248, 189758]);

    // RJ265946: no voice-actor row on the store page, unknown to HVDB -> no VAs, still ok
    expect(await work(265946)).toMatchObject({ title: 'サキュバスアカデミア', circle_id: 5398, series: 'サキュバスクエスト', metadata_status: 'ok' });
    expect(await vasOf(265946)).toEqual([]);
    expect(store.count('/Dashboard/WorkDetails/265946')).toBe(1);
    expect(rec.logsOf('RJ265946').map((l) => l.message)).toContain('HVDB does not know this work');
    expect(store.count('/Dashboard/WorkDetails/173248')).toBe(0);

    // covers: three sizes per work under covers/, the bytes the image host sent
    for (const code of ['RJ173248', 'RJ189758', 'RJ265946']) {
      for (const type of ['main', 'sam', '240x240']) {
        expect(fs.readFileSync(path.join(dataDir, 'covers', `${code}_img_${type}.jpg`)).equals(fixtureImage(code))).toBe(true);
      }
    }
    expect(fs.readdirSync(path.join(dataDir, 'covers')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('renames circles and tags already in the catalogue (another tag language)', async () => {
    // another work already carries the circle and a tag under their zh-cn names
    await db('circles').insert({ id: 18195, name: 'B-bishop（旧）' });
    await db('tags').insert([{ id: 152, name: '焦急' }]);
    await addWorks([{ id: 100001, title: 'other', dir: '/library/RJ100001' }, ...FOLDER_WORKS.slice(0, 1)]);
    await db('works').where({ id: 100001 }).update({ circle_id: 18195 });
    await db('work_tags').insert({ work_id: 100001, tag_id: 152 });

    expect(await fetchWorkMetadata(db, config, dataDir, [173248])).toEqual({ ok: 1, failed: 0 });
    expect(await db('circles').where({ id: 18195 }).first()).toEqual({ id: 18195, name: 'B-bishop' });
    expect(await db('tags').where({ id: 152 }).first()).toEqual({ id: 152, name: '焦らし' });
    expect(await db('work_tags').where('tag_id', 152).orderBy('work_id').pluck('work_id')).toEqual([100001, 173248]);
  });

  it('sends the locale cookie of tagLanguage with every store request', async () => {
    await addWorks(FOLDER_WORKS.slice(0, 1));
    await fetchWorkMetadata(db, { ...config, tagLanguage: 'zh-tw' }, dataDir, [173248]);
    const storeRequests = store.requests.filter((r) => r.path.startsWith('/maniax/'));
    expect(storeRequests.map((r) => r.path).sort()).toEqual(['/maniax/product/info/ajax?product_id=RJ173248', '/maniax/work/=/product_id/RJ173248.html']);
    for (const r of storeRequests) expect(r.headers.cookie).toContain('locale=zh_TW');
  });

  it('retries a page that fails twice and saves it on the third attempt', async () => {
    await addWorks(FOLDER_WORKS.slice(0, 1));
    store.failTimes('/maniax/work/=/product_id/RJ173248.html', 2, 503);
    const rec = recorder();
    expect(await fetchWorkMetadata(db, config, dataDir, [173248], rec.opts)).toEqual({ ok: 1, failed: 0 });
    expect(store.count('/maniax/work/=/product_id/RJ173248.html')).toBe(3);
    expect(rec.logsOf('RJ173248').filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      expect.stringMatching(/HTTP 503.*attempt 2 of 3/),
      expect.stringMatching(/HTTP 503.*attempt 3 of 3/),
    ]);
    expect(await work(173248)).toMatchObject({ metadata_status: 'ok', circle_id: 18195 });
  });

  it('marks a work whose page never answers as failed and still saves the others', async () => {
    await addWorks(FOLDER_WORKS);
    store.hang('/maniax/work/=/product_id/RJ189758.html');
    const rec = recorder();
    expect(await fetchWorkMetadata(db, { ...config, dlsiteTimeout: 1000 }, dataDir, [173248, 189758, 265946], rec.opts)).toEqual({ ok: 2, failed: 1 });
    expect(store.count('/maniax/work/=/product_id/RJ189758.html')).toBe(3); // config.retry attempts
    expect(rec.results.find(([code]) => code === 'RJ189758')).toEqual(['RJ189758', false]);

    const failed = await work(189758);
    expect(failed).toMatchObject({ title: '機械人形', circle_id: null, metadata_status: 'failed', metadata_source: 'folder', cover_status: 'none' });
    expect(failed.metadata_error).toMatch(/timed out after 1000 ms/);
    expect(await tagsOf(189758)).toEqual([]);
    expect(await work(173248)).toMatchObject({ metadata_status: 'ok', circle_id: 18195 });
    expect(await work(265946)).toMatchObject({ metadata_status: 'ok', circle_id: 5398 });
    expect(await pendingMetadataWorkIds(db)).toEqual([189758]);
  });

  it('takes the voice actors from HVDB when the store page lists none', async () => {
    // RJ222837 answered by the store with a page like RJ265946's (no 声優 row); HVDB has its record.
    store.alias('RJ222837', 'RJ265946');
    await addWorks([{ id: 222837, title: '籠の鳥', dir: '/library/RJ222837 籠の鳥' }]);
    const rec = recorder();
    expect(await fetchWorkMetadata(db, config, dataDir, [222837], rec.opts)).toEqual({ ok: 1, failed: 0 });
    expect(store.count('/Dashboard/WorkDetails/222837')).toBe(1);
    expect((await vasOf(222837)).map((v) => v.name)).toEqual(['Kazuna Sayaka', '計名さや香']);
    expect(await work(222837)).toMatchObject({ metadata_source: 'dlsite', metadata_status: 'ok', title: 'サキュバスアカデミア', circle_id: 5398 });
    expect(rec.logsOf('RJ222837').map((l) => l.message)).toContain('voice actors from HVDB: Kazuna Sayaka, 計名さや香');
  });

  it('falls back to HVDB for a work the store no longer knows', async () => {
    store.unknown('RJ222837');
    await addWorks([{ id: 222837, title: 'folder title', dir: '/library/RJ222837' }]);
    const rec = recorder();
    expect(await fetchWorkMetadata(db, config, dataDir, [222837], rec.opts)).toEqual({ ok: 1, failed: 0 });
    expect(await work(222837)).toMatchObject({ title: '籠の鳥', nsfw: 1, circle_id: null, metadata_source: 'hvdb', metadata_status: 'ok', cover_status: 'none' });
    expect((await vasOf(222837)).map((v) => v.name)).toEqual(['Kazuna Sayaka', '計名さや香']);
    expect(store.count('/maniax/product/info/ajax')).toBe(0);
    expect(rec.logsOf('RJ222837').filter((l) => l.level === 'warn').map((l) => l.message)).toContain('DLsite does not know this work (404); trying HVDB');
  });

  it('keeps an unknown work with its folder data, marked for a later retry', async () => {
    await addWorks([...FOLDER_WORKS.slice(0, 1), { id: 999999, title: '謎の作品', dir: '/library/RJ999999 謎の作品' }]);
    const rec = recorder();
    expect(await fetchWorkMetadata(db, config, dataDir, [999999, 173248, 123], rec.opts)).toEqual({ ok: 1, failed: 2 });
    expect(await work(999999)).toMatchObject({ title: '謎の作品', metadata_status: 'failed', metadata_source: 'folder', metadata_error: 'unknown work code: neither DLsite nor HVDB has it' });
    expect(store.count('/maniax/work/=/product_id/RJ999999.html')).toBe(1); // a 404 is not retried
    expect(rec.results).toContainEqual(['RJ000123', false]); // not a work at all
    expect(await work(173248)).toMatchObject({ metadata_status: 'ok' });
    expect(fs.existsSync(path.join(dataDir, 'covers', 'RJ999999_img_main.jpg'))).toBe(false);
  });

  it('says why each work was not fetched as a coded reason: unknown to every source, a 5xx, a timeout, a refused connection', async () => {
    await addWorks([...FOLDER_WORKS.slice(0, 2), { id: 999999, title: '謎の作品', dir: '/library/RJ999999 謎の作品' }]);
    store.failTimes('/maniax/work/=/product_id/RJ173248.html', 3, 503);
    store.hang('/maniax/work/=/product_id/RJ189758.html');
    const failed = new Map<string, ScanLogEntry>();
    const problems = new Map<string, CrawlProblem | undefined>();
    const opts: CrawlOptions = {
      onLog: (code, log) => { if (log.code === 'metadata.failed') failed.set(code, log); },
      onResult: (code, _ok, problem) => problems.set(code, problem),
    };
    expect(await fetchWorkMetadata(db, { ...config, dlsiteTimeout: 1000 }, dataDir, [173248, 189758, 999999], opts)).toEqual({ ok: 0, failed: 3 });
    const page = (code: string) => `${config.dlsiteBaseUrl}/maniax/work/=/product_id/${code}.html`;

    expect(failed.get('RJ999999')).toMatchObject({
      level: 'error', code: 'metadata.failed', message: 'metadata failed, will retry: unknown work code: neither DLsite nor HVDB has it',
      paramTexts: { reason: { code: 'metadata.unknownWork', message: 'unknown work code: neither DLsite nor HVDB has it' } },
    });
    expect(problems.get('RJ999999')).toMatchObject({ unknown: true, reason: { code: 'metadata.unknownWork' } });
    expect(failed.get('RJ173248')).toMatchObject({ paramTexts: { reason: { code: 'fetch.http', params: { status: 503, url: page('RJ173248') } } } });
    expect(problems.get('RJ173248')).toMatchObject({ unknown: false, error: `HTTP 503: ${page('RJ173248')}`, reason: { code: 'fetch.http', params: { status: 503 } } });
    expect(failed.get('RJ189758')).toMatchObject({ paramTexts: { reason: { code: 'fetch.timedOut', params: { ms: 1000, url: page('RJ189758') } } } });
    // what is stored stays the English text the CLI and older rows read
    expect(await work(173248)).toMatchObject({ metadata_status: 'failed', metadata_error: `HTTP 503: ${page('RJ173248')}` });
    expect((await work(189758)).metadata_error).toBe(`timed out after 1000 ms: ${page('RJ189758')}`);

    // a store nobody listens on: the connection is refused, said as a coded cause too
    const gone = await startFakeStore();
    await gone.close();
    failed.clear();
    expect(await fetchWorkMetadata(db, { ...config, ...gone.config, retry: 1 }, dataDir, [173248], opts)).toEqual({ ok: 0, failed: 1 });
    expect(failed.get('RJ173248')).toMatchObject({
      message: `metadata failed, will retry: cannot reach ${gone.config.dlsiteBaseUrl}/maniax/work/=/product_id/RJ173248.html: connection refused`,
      paramTexts: { reason: { code: 'fetch.unreachable', paramTexts: { cause: { code: 'network.refused' } } } },
    });
  });

  it('saves the page but keeps the work up for a retry when the dynamic info fails', async () => {
    await addWorks(FOLDER_WORKS.slice(0, 1));
    store.failTimes('/maniax/product/info/ajax', 3, 500);
    expect(await fetchWorkMetadata(db, config, dataDir, [173248])).toEqual({ ok: 0, failed: 1 });
    const row = await work(173248);
    expect(row).toMatchObject({ circle_id: 18195, metadata_status: 'failed', dl_count: 0, cover_status: 'fetched' });
    expect(row.metadata_error).toMatch(/^dynamic info: HTTP 500/);
    expect(await pendingMetadataWorkIds(db)).toEqual([173248]);
    // the retry picks it up and completes it
    expect(await fetchWorkMetadata(db, config, dataDir, await pendingMetadataWorkIds(db))).toEqual({ ok: 1, failed: 0 });
    expect(await work(173248)).toMatchObject({ metadata_status: 'ok', metadata_error: null, dl_count: 5213 });
    expect(await pendingMetadataWorkIds(db)).toEqual([]);
  });

  it('stops at once when aborted, without marking the work failed', async () => {
    await addWorks(FOLDER_WORKS.slice(0, 2));
    store.hang('/maniax/work/');
    const controller = new AbortController();
    const pending = fetchWorkMetadata(db, { ...config, dlsiteTimeout: 60_000 }, dataDir, [173248, 189758], { signal: controller.signal });
    while (store.count('/maniax/work/') < 2) await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('scan killed'));
    await expect(pending).rejects.toThrow('scan killed');
    expect(store.count('/maniax/work/')).toBe(2);
    expect(await db('works').orderBy('id').pluck('metadata_status')).toEqual(['pending', 'pending']);
  });
});

describe('refreshDynamicInfo', () => {
  it('updates only the dynamic columns, asking for the codes in one request', async () => {
    await addWorks([...FOLDER_WORKS, { id: 999999, title: '謎の作品', dir: '/library/RJ999999' }]);
    const rec = recorder();
    expect(await refreshDynamicInfo(db, config, [173248, 189758, 265946, 999999], rec.opts)).toEqual({ ok: 3, failed: 1 });
    expect(store.requests.map((r) => r.path)).toEqual(['/maniax/product/info/ajax?product_id=RJ173248,RJ189758,RJ265946,RJ999999']);
    expect(await work(265946)).toMatchObject({ dl_count: 1290, review_count: 11, price: 990, rate_count: 79, rate_average_2dp: 4.18, title: 'サキュバスアカデミア', circle_id: null, metadata_status: 'pending' });
    expect(JSON.parse((await work(189758)).rate_count_detail)).toEqual([
      { review_point: 1, count: 1, ratio: 0 },
      { review_point: 2, count: 1, ratio: 0 },
      { review_point: 3, count: 5, ratio: 2 },
      { review_point: 4, count: 30, ratio: 12 },
      { review_point: 5, count: 210, ratio: 85 },
    ]);
    expect(await work(999999)).toMatchObject({ dl_count: 0 });
    expect(rec.results).toContainEqual(['RJ999999', false]);
    expect(rec.logsOf('RJ999999').map((l) => l.message)).toEqual(['unknown to DLsite: no dynamic info']);
  });

  it('reads the store\'s `[]` answer as "unknown" and changes nothing', async () => {
    await addWorks([{ id: 999999, title: '謎の作品', dir: '/library/RJ999999' }]);
    const answer = await (await fetch(`${store.url}/maniax/product/info/ajax?product_id=RJ999999`)).text();
    expect(answer).toBe('[]');
    const rec = recorder();
    expect(await refreshDynamicInfo(db, config, [999999], rec.opts)).toEqual({ ok: 0, failed: 1 });
    expect(await work(999999)).toMatchObject({ title: '謎の作品', dl_count: 0, metadata_status: 'pending' });
    expect(rec.results).toEqual([['RJ999999', false]]);
  });

  it('counts a batch that never answers as failed', async () => {
    await addWorks(FOLDER_WORKS.slice(0, 2));
    store.hang('/maniax/product/info/ajax');
    const rec = recorder();
    expect(await refreshDynamicInfo(db, { ...config, dlsiteTimeout: 1000 }, [173248, 189758], rec.opts)).toEqual({ ok: 0, failed: 2 });
    expect(store.count('/maniax/product/info/ajax')).toBe(3);
    expect(rec.logsOf('RJ173248').at(-1)).toMatchObject({ level: 'error', message: expect.stringMatching(/timed out/) });
  });
});

describe('pendingMetadataWorkIds', () => {
  it('lists visible works whose metadata is pending or failed', async () => {
    await addWorks([
      { id: 1, title: 'a', dir: '/a' },
      { id: 2, title: 'b', dir: '/b' },
      { id: 3, title: 'c', dir: '/c' },
      { id: 4, title: 'd', dir: '/d' },
    ]);
    await db('works').where({ id: 2 }).update({ metadata_status: 'ok' });
    await db('works').where({ id: 3 }).update({ metadata_status: 'failed' });
    await db('works').where({ id: 4 }).update({ removed_at: db.fn.now(), removed_reason: 'missing' });
    expect(await pendingMetadataWorkIds(db)).toEqual([1, 3]);
  });
});
