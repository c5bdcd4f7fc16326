/**
 * DLsite, the first metadata source (spec 000 section 3 Work fields; DESIGN section 2):
 * the addresses of a work's page, dynamic info and covers, and the parsers of the
 * answers. No HTTP here: `crawler.ts` fetches, these functions read.
 *
 * The page is read by its structure (ids, classes and link patterns the store uses in
 * every language) and, where only a label tells rows apart (voice actors), by the
 * label in Japanese, simplified and traditional Chinese and English, so the
 * `tagLanguage` locale cookie changes tag names but never what is found.
 */
import * as cheerio from 'cheerio';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { formatWorkCode, say, type CodedText, type CodePrefix } from '../model/index.js';
import type { CoverType } from '../model/index.js';

export type TagLanguage = Config['tagLanguage'];

/** The store's `locale` cookie value for a tag language: zh-cn -> zh_CN, zh-tw -> zh_TW, ja-jp -> ja_JP. */
export function dlsiteLocale(language: TagLanguage): string {
  const [lang, region] = language.split('-');
  return `${lang}_${region!.toUpperCase()}`;
}

/** The Cookie header sent with every store request: the locale, and the adult-check answer. */
export function dlsiteCookie(language: TagLanguage): string {
  return `locale=${dlsiteLocale(language)}; adultchecked=1`;
}

/** Store section and image folder of each code prefix: RJ doujin (maniax), VJ pro, BJ books. */
const SITES: Record<CodePrefix, { site: string; imageDir: string }> = {
  RJ: { site: 'maniax', imageDir: 'doujin' },
  VJ: { site: 'pro', imageDir: 'professional' },
  BJ: { site: 'books', imageDir: 'books' },
};

/** The store section of a code prefix ('maniax' for RJ and anything unknown). */
export function dlsiteSite(prefix: string): string {
  return (SITES[prefix as CodePrefix] ?? SITES.RJ).site;
}

/** `GET {base}/maniax/work/=/product_id/RJxxxxxx.html`: the work page. */
export function workPageUrl(baseUrl: string, id: number, prefix: string = 'RJ'): string {
  return `${trimSlash(baseUrl)}/${dlsiteSite(prefix)}/work/=/product_id/${formatWorkCode(id, prefix)}.html`;
}

/**
 * `GET {base}/maniax/product/info/ajax?product_id=RJ1,RJ2`: the dynamic info of one or more
 * works of the same prefix (the store takes a comma-separated list).
 */
export function dynamicInfoUrl(baseUrl: string, ids: readonly number[], prefix: string = 'RJ'): string {
  const codes = ids.map((id) => formatWorkCode(id, prefix)).join(',');
  return `${trimSlash(baseUrl)}/${dlsiteSite(prefix)}/product/info/ajax?product_id=${codes}`;
}

/**
 * The three cover addresses of a work on the image host:
 * main `{img}/modpub/images2/work/doujin/RJ{id rounded up to 1000}/RJxxxxxx_img_main.jpg`,
 * sam  `.../RJxxxxxx_img_sam.jpg` in the same folder,
 * 240x240 `{img}/resize/images2/work/doujin/RJ.../RJxxxxxx_img_main_240x240.jpg`.
 * When the page named its main image (`og:image`, `pagePath` = its path), that folder is used.
 */
export function coverUrls(imgBaseUrl: string, id: number, prefix: string = 'RJ', pagePath?: string | null): Record<CoverType, string> {
  const code = formatWorkCode(id, prefix);
  const mainPath = pagePath && pagePath.startsWith('/modpub/images2/work/') && pagePath.endsWith(`/${code}_img_main.jpg`) ? pagePath : defaultMainPath(id, prefix);
  const folder = mainPath.slice(0, mainPath.lastIndexOf('/') + 1);
  const base = trimSlash(imgBaseUrl);
  return {
    main: base + mainPath,
    sam: `${base}${folder}${code}_img_sam.jpg`,
    '240x240': `${base}${folder.replace(/^\/modpub\//, '/resize/')}${code}_img_main_240x240.jpg`,
  };
}

function defaultMainPath(id: number, prefix: string): string {
  const folder = formatWorkCode(Math.ceil(id / 1000) * 1000, prefix);
  const dir = (SITES[prefix as CodePrefix] ?? SITES.RJ).imageDir;
  return `/modpub/images2/work/${dir}/${folder}/${formatWorkCode(id, prefix)}_img_main.jpg`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

// ---------------------------------------------------------------------------------------------
// The work page

export interface NamedId {
  id: number;
  name: string;
}

/** What a store work page says about a work. */
export interface DlsiteWorkPage {
  title: string;
  /** The circle ('maker'): the numeric part of its RGxxxxx id, and its name. */
  circle: NamedId | null;
  /** Release date, YYYY-MM-DD. */
  release: string | null;
  /** Age rating as the store marks it: all ages, R-15, or adults only. */
  ageRating: 'all' | 'r15' | 'adult' | null;
  /** True for adults-only works. */
  nsfw: boolean;
  series: string | null;
  /** Genres with the store's ids, in page order. */
  tags: NamedId[];
  /** Voice actor names, in page order; empty when the page has no voice-actor row. */
  vas: string[];
  /** Path of the main image the page names (og:image), or null. */
  coverPath: string | null;
  /** The public trial archive the page offers (`.trial_download a.btn_trial`), or null. */
  trialArchive: TrialArchiveLink | null;
}

/**
 * A trial archive link of a work page: the path of its address (the trial host is
 * configuration, `dlsiteTrialBaseUrl`) and the size shown beside it in bytes ('(591.12MB)';
 * null when none is shown).
 */
export interface TrialArchiveLink { path: string; bytes: number | null }

const SIZE_UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** The trial link of a page, or null when it offers none. */
function parseTrialLink($: cheerio.CheerioAPI): TrialArchiveLink | null {
  const link = $('.trial_download a.btn_trial').first();
  const href = link.attr('href');
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, 'https://trial.invalid');
  } catch {
    return null;
  }
  const size = /([\d.,]+)\s*(GB|MB|KB|B)\b/i.exec(link.closest('li').text());
  const bytes = size ? Math.round(Number(size[1]!.replace(/,/g, '')) * SIZE_UNITS[size[2]!.toUpperCase()]!) : null;
  return { path: url.pathname + url.search, bytes: Number.isFinite(bytes) ? bytes : null };
}

/** The page is not a work page (a store error or notice page, a changed layout); `text` says why, coded. */
export class ParseError extends Error {
  constructor(readonly text: CodedText) {
    super(text.message);
    this.name = 'ParseError';
  }
}

/** Row labels of the voice-actor row: ja, zh-cn, zh-tw, en. */
const VA_LABELS = new Set(['声優', '声优', '聲優', 'Voice Actor', 'Voice Actors']);
/** Row labels of the release row (used when the release link is missing). */
const RELEASE_LABELS = new Set(['販売日', '贩卖日', '販賣日', '发售日', '發售日', 'Release date']);
/** Row labels of the series row (used when the series link is missing). */
const SERIES_LABELS = new Set(['シリーズ名', '系列名', 'Series name', 'Series']);

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const pad2 = (n: string) => n.padStart(2, '0');

/** Reads a date written as 2016年03月18日, 2016/03/18 or 2016-03-18; YYYY-MM-DD or null. */
function parseDate(text: string): string | null {
  const m = /(\d{4})\s*[年/.-]\s*(\d{1,2})\s*[月/.-]\s*(\d{1,2})/.exec(text);
  return m ? `${m[1]}-${pad2(m[2]!)}-${pad2(m[3]!)}` : null;
}

/**
 * Parses a store work page (`GET /maniax/work/=/product_id/RJxxxxxx.html`).
 * Throws ParseError when the page has no work title (`#work_name`).
 */
export function parseWorkPage(html: string): DlsiteWorkPage {
  const $ = cheerio.load(html);
  const title = clean($('#work_name').first().text());
  if (!title) throw new ParseError(say('metadata.notWorkPage'));

  const makerLink = $('#work_maker .maker_name a').first();
  const makerId = /maker_id\/[A-Z]G(\d+)/.exec(makerLink.attr('href') ?? '');
  const circle = makerId ? { id: Number(makerId[1]), name: clean(makerLink.text()) } : null;

  const outline = $('#work_outline');
  const rowByLabel = (labels: Set<string>) => outline.find('tr').filter((_, tr) => labels.has(clean($(tr).children('th').text()))).first().children('td');

  let release: string | null = null;
  const releaseHref = outline.find('a[href*="/year/"]').first().attr('href') ?? '';
  const ymd = /\/year\/(\d{4})\/mon\/(\d{1,2})\/day\/(\d{1,2})/.exec(releaseHref);
  if (ymd) release = `${ymd[1]}-${pad2(ymd[2]!)}-${pad2(ymd[3]!)}`;
  else release = parseDate(rowByLabel(RELEASE_LABELS).text());

  const seriesLink = outline.find('a[href*="SRI"], a[href*="/title_id/"]').first();
  const series = clean(seriesLink.length ? seriesLink.text() : rowByLabel(SERIES_LABELS).text()) || null;

  const ageHref = outline.find('a[href*="age_category/"]').first().attr('href') ?? '';
  const ageCategory = /age_category\/(\d)/.exec(ageHref)?.[1];
  const ageIcon = outline.find('span[class^="icon_ADL"], span[class^="icon_R15"], span[class^="icon_GEN"]').first().attr('class') ?? '';
  const ageRating =
    ageCategory === '3' || ageIcon.startsWith('icon_ADL') ? 'adult' : ageCategory === '2' || ageIcon.startsWith('icon_R15') ? 'r15' : ageCategory === '1' || ageIcon.startsWith('icon_GEN') ? 'all' : null;

  const tags: NamedId[] = [];
  outline.find('.main_genre a[href*="/genre/"]').each((_, a) => {
    const m = /\/genre\/(\d+)/.exec($(a).attr('href') ?? '');
    const name = clean($(a).text());
    if (m && name && !tags.some((t) => t.id === Number(m[1]))) tags.push({ id: Number(m[1]), name });
  });

  const vaCell = rowByLabel(VA_LABELS);
  const vaLinks = vaCell.find('a');
  const vaNames = vaLinks.length ? vaLinks.map((_, a) => clean($(a).text())).get() : clean(vaCell.text()).split(/\s*[/／、,]\s*/);
  const vas = [...new Set(vaNames.filter((n) => n.length > 0))];

  const ogImage = $('meta[property="og:image"]').attr('content');
  let coverPath: string | null = null;
  if (ogImage) {
    try {
      coverPath = new URL(ogImage, 'https://img.invalid').pathname;
    } catch {
      coverPath = null;
    }
  }

  return { title, circle, release, ageRating, nsfw: ageRating === 'adult', series, tags, vas, coverPath, trialArchive: parseTrialLink($) };
}

// ---------------------------------------------------------------------------------------------
// The dynamic info JSON

/** The wire names of spec 000 section 3; numbers whether the store sent strings or numbers. */
export interface DynamicInfo {
  dl_count: number;
  rate_average_2dp: number;
  rate_count: number;
  rate_count_detail: Array<{ review_point: number; count: number; ratio: number }>;
  review_count: number;
  /** Yen. */
  price: number;
  /** The store's rank entries as given ([{term, category, rank, rank_date}]). */
  rank: unknown[];
}

/** A count or amount sent as a number or a string ("5213", "1,320"); missing or unreadable -> 0. */
const looseNumber = z
  .union([z.number(), z.string(), z.null(), z.undefined()])
  .transform((v) => {
    const n = typeof v === 'string' ? Number(v.replace(/[,\s]/g, '')) : Number(v ?? 0);
    return Number.isFinite(n) ? n : 0;
  });

const dynamicEntrySchema = z.object({
  dl_count: looseNumber,
  rate_average_2dp: looseNumber,
  rate_count: looseNumber,
  rate_count_detail: z
    .array(z.object({ review_point: looseNumber, count: looseNumber, ratio: looseNumber }))
    .nullish()
    .transform((v) => v ?? []),
  review_count: looseNumber,
  price: looseNumber,
  rank: z
    .array(z.unknown())
    .nullish()
    .transform((v) => v ?? []),
});

/**
 * Parses the dynamic-info answer: an object keyed by work code (`{"RJ173248": {...}}`), or
 * `[]` when no code is known. Returns the entries by upper-case code; unknown codes are
 * simply absent. Throws ParseError for any other shape.
 */
export function parseDynamicInfo(json: unknown): Map<string, DynamicInfo> {
  const result = new Map<string, DynamicInfo>();
  if (Array.isArray(json)) return result;
  if (!json || typeof json !== 'object') throw new ParseError(say('metadata.dynamicNotObject'));
  for (const [code, entry] of Object.entries(json)) {
    const parsed = dynamicEntrySchema.safeParse(entry);
    if (!parsed.success) throw new ParseError(say('metadata.dynamicMalformed', { code, field: parsed.error.issues[0]?.path.join('.') ?? '', problem: parsed.error.issues[0]?.message ?? '' }));
    const info = parsed.data;
    result.set(code.toUpperCase(), {
      ...info,
      dl_count: Math.round(info.dl_count),
      rate_count: Math.round(info.rate_count),
      review_count: Math.round(info.review_count),
      price: Math.round(info.price),
    });
  }
  return result;
}
