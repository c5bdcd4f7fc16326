/**
 * The DLsite parsers on every recorded page and dynamic-info answer; each expected value
 * was read off the recorded HTML (test/fixtures/dlsite/work/*.html).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverUrls, dlsiteCookie, dlsiteLocale, dynamicInfoUrl, parseDynamicInfo, parseWorkPage, ParseError, workPageUrl } from '../../../src/metadata/dlsite.js';

const dlsiteDir = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'dlsite');
const page = (code: string) => fs.readFileSync(path.join(dlsiteDir, 'work', `${code}.html`), 'utf8');
const ajax = (code: string) => JSON.parse(fs.readFileSync(path.join(dlsiteDir, 'ajax', `${code}.json`), 'utf8')) as Record<string, Record<string, unknown>>;

describe('parseWorkPage', () => {
  it('reads RJ173248 (two voice actors, no series)', () => {
    expect(parseWorkPage(page('RJ173248'))).toEqual({
      title: '搾精天使ピュアミルク 背後からバイノーラルでいじめられる音声',
      circle: { id: 18195, name: 'B-bishop' },
      release: '2016-03-18',
      ageRating: 'adult',
      nsfw: true,
      series: null,
      tags: [
        { id: 237, name: '天使/悪魔' },
        { id: 124, name: '手コキ' },
        { id: 125, name: '足コキ' },
        { id: 152, name: '焦らし' },
        { id: 115, name: '逆レイプ' },
        { id: 156, name: '男性受け' },
      ],
      vas: ['餅よもぎ', '七海うと'],
      coverPath: '/modpub/images2/work/doujin/RJ174000/RJ173248_img_main.jpg',
      trialArchive: { path: '/doujin/RJ174000/RJ173248_trial.zip', bytes: Math.round(2.94 * 1024 ** 2) },
    });
  });

  it('reads RJ189758 (a series, five voice actors, an event row)', () => {
    expect(parseWorkPage(page('RJ189758'))).toEqual({
      title: '意地悪な機械人形に完全支配される音声 地獄級射精禁止オナニーサポート4 ヘルエグゼキューション',
      circle: { id: 18195, name: 'B-bishop' },
      release: '2017-01-04',
      ageRating: 'adult',
      nsfw: true,
      series: '地獄級オナニーサポート',
      tags: [
        { id: 254, name: 'ロボット/アンドロイド' },
        { id: 135, name: 'オナニー' },
        { id: 152, name: '焦らし' },
        { id: 156, name: '男性受け' },
        { id: 326, name: '洗脳' },
        { id: 198, name: '無表情' },
      ],
      vas: ['ゅかにゃん', '柚凪', '井上果林', '大山チロル', '西浦のどか'],
      coverPath: '/modpub/images2/work/doujin/RJ190000/RJ189758_img_main.jpg',
      trialArchive: { path: '/doujin/RJ190000/RJ189758_trial.zip', bytes: Math.round(5.97 * 1024 ** 2) },
    });
  });

  it('reads RJ265946 (no voice-actor row, an update date after the release, zero-padded genre ids)', () => {
    expect(parseWorkPage(page('RJ265946'))).toEqual({
      title: 'サキュバスアカデミア',
      circle: { id: 5398, name: 'SQDT' },
      release: '2021-02-26',
      ageRating: 'adult',
      nsfw: true,
      series: 'サキュバスクエスト',
      tags: [
        { id: 502, name: '男主人公' },
        { id: 317, name: '人外娘/モンスター娘' },
        { id: 506, name: 'サキュバス/淫魔' },
        { id: 1, name: '学校/学園' },
        { id: 448, name: '色仕掛け' },
        { id: 16, name: 'ファンタジー' },
        { id: 115, name: '逆レイプ' },
        { id: 156, name: '男性受け' },
      ],
      vas: [],
      coverPath: '/modpub/images2/work/doujin/RJ266000/RJ265946_img_main.jpg',
      trialArchive: { path: '/doujin/RJ266000/RJ265946_trial.zip', bytes: Math.round(591.12 * 1024 ** 2) },
    });
  });

  it('reads the Chinese labels of a zh_CN page and an all-ages rating', () => {
    // The zh_CN store page differs from the recorded ja_JP one only in its labels and names.
    const zh = page('RJ173248')
      .replace('<th>声優</th>', '<th>声优</th>')
      .replace('<th>販売日</th>', '<th>贩卖日</th>')
      .replace('age_category/3', 'age_category/1')
      .replace('class="icon_ADL" title="18禁">18禁', 'class="icon_GEN" title="全年龄">全年龄');
    const parsed = parseWorkPage(zh);
    expect(parsed.vas).toEqual(['餅よもぎ', '七海うと']);
    expect(parsed.release).toBe('2016-03-18');
    expect(parsed.ageRating).toBe('all');
    expect(parsed.nsfw).toBe(false);
  });

  it('refuses a page that is not a work page', () => {
    expect(() => parseWorkPage('<html><body><h1>404 Not Found</h1></body></html>')).toThrow(ParseError);
  });
});

describe('parseDynamicInfo', () => {
  it('reads the recorded answers, strings and numbers alike', () => {
    const infos = parseDynamicInfo(ajax('RJ173248'));
    expect([...infos.keys()]).toEqual(['RJ173248']);
    expect(infos.get('RJ173248')).toEqual({
      dl_count: 5213, // "5213" in the answer
      rate_average_2dp: 4.52,
      rate_count: 176,
      rate_count_detail: [
        { review_point: 1, count: 3, ratio: 2 },
        { review_point: 2, count: 2, ratio: 1 },
        { review_point: 3, count: 10, ratio: 6 },
        { review_point: 4, count: 41, ratio: 23 },
        { review_point: 5, count: 120, ratio: 68 },
      ],
      review_count: 38, // "38" in the answer
      price: 1320,
      rank: [{ term: 'week', category: 'voice', rank: 12, rank_date: '2016-10-08' }],
    });
    const rj189758 = parseDynamicInfo(ajax('RJ189758')).get('RJ189758')!;
    expect([rj189758.dl_count, rj189758.review_count, rj189758.price, rj189758.rate_average_2dp, rj189758.rank]).toEqual([8871, 64, 1540, 4.71, []]);
    const rj265946 = parseDynamicInfo(ajax('RJ265946')).get('RJ265946')!;
    expect([rj265946.dl_count, rj265946.review_count, rj265946.price, rj265946.rate_count]).toEqual([1290, 11, 990, 79]);
  });

  it('accepts numbers sent as strings and strings sent as numbers', () => {
    const entry = ajax('RJ189758').RJ189758!;
    const flipped = {
      ...entry,
      dl_count: 8871,
      review_count: 64,
      price: '1,540',
      rate_count: '247',
      rate_average_2dp: '4.71',
      rate_count_detail: [{ review_point: '5', count: '210', ratio: '85' }],
      rank: null,
    };
    expect(parseDynamicInfo({ RJ189758: flipped }).get('RJ189758')).toEqual({
      dl_count: 8871,
      rate_average_2dp: 4.71,
      rate_count: 247,
      rate_count_detail: [{ review_point: 5, count: 210, ratio: 85 }],
      review_count: 64,
      price: 1540,
      rank: [],
    });
  });

  it('reads several codes in one answer and an unknown code as absent', () => {
    const both = parseDynamicInfo({ ...ajax('RJ173248'), ...ajax('RJ265946') });
    expect([...both.keys()].sort()).toEqual(['RJ173248', 'RJ265946']);
    expect(parseDynamicInfo([]).size).toBe(0);
  });

  it('refuses another shape', () => {
    expect(() => parseDynamicInfo('oops')).toThrow(ParseError);
    expect(() => parseDynamicInfo({ RJ173248: { rate_count_detail: 'x' } })).toThrow(ParseError);
  });
});

describe('store addresses', () => {
  it('builds the page, dynamic info and cover URLs', () => {
    expect(workPageUrl('http://s/', 173248)).toBe('http://s/maniax/work/=/product_id/RJ173248.html');
    expect(workPageUrl('http://s', 1012345)).toBe('http://s/maniax/work/=/product_id/RJ01012345.html');
    expect(dynamicInfoUrl('http://s', [173248, 265946])).toBe('http://s/maniax/product/info/ajax?product_id=RJ173248,RJ265946');
    expect(coverUrls('http://img', 173248)).toEqual({
      main: 'http://img/modpub/images2/work/doujin/RJ174000/RJ173248_img_main.jpg',
      sam: 'http://img/modpub/images2/work/doujin/RJ174000/RJ173248_img_sam.jpg',
      '240x240': 'http://img/resize/images2/work/doujin/RJ174000/RJ173248_img_main_240x240.jpg',
    });
    expect(coverUrls('http://img', 1012345).main).toBe('http://img/modpub/images2/work/doujin/RJ01013000/RJ01012345_img_main.jpg');
    expect(coverUrls('http://img', 174000).main).toBe('http://img/modpub/images2/work/doujin/RJ174000/RJ174000_img_main.jpg');
    // the folder the page names wins over the rule
    expect(coverUrls('http://img', 173248, 'RJ', '/modpub/images2/work/doujin/RJ173999/RJ173248_img_main.jpg').sam).toBe(
      'http://img/modpub/images2/work/doujin/RJ173999/RJ173248_img_sam.jpg',
    );
  });

  it('maps the tag language to the locale cookie', () => {
    expect(dlsiteLocale('zh-cn')).toBe('zh_CN');
    expect(dlsiteLocale('zh-tw')).toBe('zh_TW');
    expect(dlsiteLocale('ja-jp')).toBe('ja_JP');
    expect(dlsiteCookie('zh-tw')).toContain('locale=zh_TW');
  });
});
