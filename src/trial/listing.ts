/**
 * The store's new-release listing (DESIGN section 7): its address and its parser. The
 * listing is a page of work entries, each with a link to the work page
 * (`/maniax/work/=/product_id/RJxxxxxx.html`) in its `.work_name`, titled with the work's
 * title. The parser reads the entries by those links, so a changed frame around them
 * (table rows, grid boxes) does not matter. No HTTP here: `crawl.ts` fetches.
 */
import * as cheerio from 'cheerio';
import type { Config } from '../config/index.js';
import { parseWorkCode, type CodePrefix } from '../model/index.js';

/** One work of the listing: its id, code prefix and the title the listing shows. */
export interface ListedWork { id: number; prefix: CodePrefix; title: string }

/** `{dlsiteBaseUrl}{trialListingPath}`: the listing page. */
export function listingUrl(config: Pick<Config, 'dlsiteBaseUrl' | 'trialListingPath'>): string {
  return config.dlsiteBaseUrl.replace(/\/+$/, '') + config.trialListingPath;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Reads the works of a listing page in page order, each once: the links to work pages
 * inside `.work_name` (or, on a page without any, every link to a work page). The title
 * is the link's `title` attribute, else its text. A page without work links answers [].
 */
export function parseListing(html: string): ListedWork[] {
  const $ = cheerio.load(html);
  let links = $('.work_name a[href*="/product_id/"]');
  if (links.length === 0) links = $('a[href*="/product_id/"]');
  const works: ListedWork[] = [];
  links.each((_, a) => {
    const code = parseWorkCode(/\/product_id\/([^/.]+)/.exec($(a).attr('href') ?? '')?.[1] ?? '');
    if (!code || works.some((w) => w.id === code.id)) return;
    works.push({ id: code.id, prefix: code.prefix, title: clean($(a).attr('title') ?? '') || clean($(a).text()) });
  });
  return works;
}
