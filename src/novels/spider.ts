/**
 * The add form's spider (spec 001 section 7, DESIGN section 7): fetches a novel page
 * (safe-fetch.ts: http/https only, public addresses unless spiderAllowPrivate, size
 * cap) and reads its Open Graph tags, the `og:novel:*` family that Chinese novel sites
 * publish included, into the add form's values:
 *
 * | form field | read from |
 * |---|---|
 * | name | og:novel:book_name, og:title, `<title>` |
 * | author | og:novel:author |
 * | desc | og:description, `<meta name=description>` (first 200 characters) |
 * | info | the same description in full, then og:novel:latest_chapter_name on its own line |
 * | process | og:novel:status: 0 complete when it says complete/finished/完结/完本/已完成, else 1 serial |
 * | tag | og:novel:category, split on commas, slashes and blanks |
 * | publish_datetime | og:novel:update_time (as YYYY-MM-DDTHH:MM when it reads as a date) |
 * | plat | og:site_name, else the host name |
 * | cover | og:image (absolute) |
 * | wordCount | og:novel:word_count, else "N万字" or "字数: N" in the page text |
 * | novelId | the last number of the page's path (1 to 9 digits), else null |
 *
 * rate is 3, myProcess null and readCount 0, the form's defaults.
 */
import * as cheerio from 'cheerio';
import iconv from 'iconv-lite';
import type { Config } from '../config/index.js';
import { decodeTextAs } from '../lyrics/decode.js';
import { Invalid, say, type NovelForm, type NovelProcess } from '../model/index.js';
import { fetchPublic } from './safe-fetch.js';

/** Largest page read, bytes (a novel page is ~100-300 kB). */
export const SPIDER_MAX_BYTES = 2 * 1024 * 1024;
/** Characters of the short description. */
const DESC_CHARS = 200;

/** A page's charset from its Content-Type, else its `<meta charset>` / http-equiv; null when neither says. */
function declaredCharset(contentType: string, head: string): string | null {
  const m = /charset\s*=\s*["']?([\w-]+)/i.exec(contentType) ?? /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head);
  return m && iconv.encodingExists(m[1]!) ? m[1]! : null;
}

/** The page's text: its declared charset (GBK pages are common), else detected (lyrics/decode.ts). */
export function decodeHtml(body: Buffer, contentType: string): string {
  const charset = declaredCharset(contentType, body.subarray(0, 4096).toString('latin1'));
  return charset ? iconv.decode(body, charset) : decodeTextAs(body).text;
}

/** 0 complete or 1 serial, from a status text in Chinese or English. */
export function processOf(status: string): NovelProcess {
  return /完结|完本|已完成|全本|complete|finished|\bend(ed)?\b/i.test(status) ? 0 : 1;
}

/** 'YYYY-MM-DDTHH:MM' of a date text ('2024-05-01 12:30:00', '2024/5/1'), else the text trimmed. */
export function normaliseTime(text: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?/.exec(text.trim());
  if (!m) return text.trim();
  const p2 = (s: string | undefined) => (s ?? '0').padStart(2, '0');
  return `${m[1]}-${p2(m[2])}-${p2(m[3])}T${p2(m[4])}:${p2(m[5])}`;
}

/** A word count from og:novel:word_count, "12.5万字" or "字数：123456" in `text`; 0 when none. */
function wordCountOf(og: string | undefined, text: string): number {
  const direct = Number((og ?? '').replace(/[,\s]/g, ''));
  if (og && Number.isFinite(direct) && direct > 0) return Math.round(direct);
  const wan = /([\d.]+)\s*万字/.exec(text);
  if (wan) return Math.round(Number(wan[1]) * 10_000) || 0;
  const plain = /字数\s*[:：]\s*([\d,]+)/.exec(text);
  return plain ? Number(plain[1]!.replace(/,/g, '')) || 0 : 0;
}

/** The last number (1 to 9 digits) of a URL's path: https://x/book/12345/ -> 12345. */
function idOfUrl(url: URL): number | null {
  const numbers = url.pathname.match(/\d{1,9}/g);
  return numbers ? Number(numbers[numbers.length - 1]) : null;
}

/** Reads the add form's values from a novel page's HTML (see the file comment). `pageUrl` resolves relative links. */
export function parseNovelPage(html: string, pageUrl: string): NovelForm {
  const $ = cheerio.load(html);
  const og = new Map<string, string>();
  $('meta[property], meta[name]').each((_, el) => {
    const key = ($(el).attr('property') ?? $(el).attr('name') ?? '').trim().toLowerCase();
    const value = ($(el).attr('content') ?? '').trim();
    if (key && value && !og.has(key)) og.set(key, value);
  });
  const url = new URL(pageUrl);
  const description = og.get('og:description') ?? og.get('description') ?? '';
  const latest = og.get('og:novel:latest_chapter_name');
  const authorName = og.get('og:novel:author');
  const image = og.get('og:image');
  return {
    url: pageUrl,
    novelId: idOfUrl(url),
    name: og.get('og:novel:book_name') ?? og.get('og:title') ?? $('title').first().text().trim(),
    cover: image ? new URL(image, url).href : '',
    author: authorName ? { id: null, label: authorName } : null,
    desc: [...description].slice(0, DESC_CHARS).join(''),
    info: latest ? `${description}\n${latest}`.trim() : description,
    process: processOf(og.get('og:novel:status') ?? ''),
    wordCount: wordCountOf(og.get('og:novel:word_count'), $('body').text()),
    tag: [...new Set((og.get('og:novel:category') ?? '').split(/[,，、/|\s]+/).filter(Boolean))],
    publish_datetime: normaliseTime(og.get('og:novel:update_time') ?? ''),
    plat: og.get('og:site_name') ?? url.hostname,
    rate: 3,
    myProcess: null,
    readCount: 0,
  };
}

/**
 * Fetches `url` and answers the add form's values read from it. Throws Invalid for a
 * refused address or scheme and for an answer that is not HTML, FetchError
 * (src/metadata/http.ts) when the page cannot be fetched or is larger than SPIDER_MAX_BYTES.
 */
export async function spiderNovel(config: Config, url: string): Promise<NovelForm> {
  const answer = await fetchPublic(config, url, { maxBytes: SPIDER_MAX_BYTES, accept: 'text/html,application/xhtml+xml' });
  const type = String(answer.headers['content-type'] ?? '');
  if (!/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) throw new Invalid(say('spider.notHtml', { type: type.split(';')[0] || 'no content type', url }));
  return parseNovelPage(decodeHtml(answer.body, type), answer.url);
}
