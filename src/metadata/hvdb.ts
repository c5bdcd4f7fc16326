/**
 * HVDB, the second metadata source (`{hvdbBaseUrl}/Dashboard/WorkDetails/{numeric id}`):
 * voice actors for store pages that list none, and the whole record of works the store
 * no longer knows. No HTTP here: `crawler.ts` fetches, these functions read.
 */
import * as cheerio from 'cheerio';
import { ParseError, type NamedId } from './dlsite.js';
import { say } from '../model/index.js';

/** `GET {base}/Dashboard/WorkDetails/{id}`: the HVDB page of a work (numeric id, no prefix). */
export function hvdbWorkUrl(baseUrl: string, id: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/Dashboard/WorkDetails/${id}`;
}

/** What an HVDB work page says. Circle and tag ids are HVDB's own, not the store's. */
export interface HvdbWork {
  /** The numeric work id the page is about (its DLSiteCode field). */
  id: number;
  title: string;
  /** English title, or null when HVDB has none. */
  titleEn: string | null;
  circle: NamedId | null;
  tags: NamedId[];
  /** Voice actor names in page order. */
  vas: string[];
  /** True when HVDB marks the work safe for work; adult works are false. */
  sfw: boolean;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Parses an HVDB work page. Throws ParseError when it has no work id or title (a search
 * page, an error page, a changed layout).
 */
export function parseHvdbPage(html: string): HvdbWork {
  const $ = cheerio.load(html);
  const id = Number($('#DLSiteCode').attr('value'));
  const title = clean($('#Name').attr('value') ?? '');
  if (!Number.isInteger(id) || id <= 0 || !title) throw new ParseError(say('metadata.notHvdbPage'));
  const titleEn = clean($('#EngName').attr('value') ?? '') || null;

  const circleLink = $('a.detailCircle').first();
  const circleId = /\/CircleWorks\/(\d+)/.exec(circleLink.attr('href') ?? '');
  const circle = circleId ? { id: Number(circleId[1]), name: clean(circleLink.text()) } : null;

  const tags: NamedId[] = [];
  $('a[href*="/Dashboard/TagWorks/"]').each((_, a) => {
    const m = /\/TagWorks\/(\d+)/.exec($(a).attr('href') ?? '');
    const name = clean($(a).text());
    if (m && name) tags.push({ id: Number(m[1]), name });
  });

  const vas = [
    ...new Set(
      $('a[href*="/Dashboard/CVWorks/"]')
        .map((_, a) => clean($(a).text()))
        .get()
        .filter((n) => n.length > 0),
    ),
  ];

  const sfw = $('input#SFW').is('[checked]');
  return { id, title, titleEn, circle, tags, vas, sfw };
}
