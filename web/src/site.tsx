/**
 * The sites of the site chooser (spec 001 section 2) that share screens: the audio site
 * and the novel section share one set of screens (list, name lists, favourites, cards,
 * review dialog, layout), parameterised by the site in context: its route prefix, its API
 * prefix, its sort orders, which controls it shows, how its review and progress writes
 * are sent, and its own words (i18n keys under `novel.` fall back to the audio side's).
 * Within the audio site, the library and the trial catalogue are api/section.ts.
 */
import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { NOVEL_SORT_ORDERS, WORK_SORT_ORDERS, type ListItem } from '@model';
import { client, coverUrl, type Query } from './api/client';
import type { Section } from './api/section';

export type NameKind = 'circles' | 'tags' | 'vas';
export type CoverType = 'main' | 'sam' | '240x240';

/** Where a write goes: the path and its query. */
export interface Call { path: string; query?: Query }

export interface Site {
  id: 'audio' | 'novel';
  /** Route prefix: '' (audio) or '/novel'. */
  base: string;
  /** API prefix of the lists, names and one work: '/api' or '/api/novel'. */
  api: string;
  /** The list screen's sort options, the default first. */
  sortOrders: readonly string[];
  /** The list's age-rating select (audio only). */
  ageFilter: boolean;
  /** The recent plays strip over the home list (audio only). */
  recentPlays: boolean;
  /** Work codes (RJ...) on cards (audio only). */
  codes: boolean;
  /** What the bare favourites path shows. */
  favouritesHome: 'histroy' | 'review';
  /** localStorage key prefix of the list preferences ('' for audio). */
  prefsPrefix: string;
  /** GET of a name list, and its items out of the answer. */
  namesCall(kind: NameKind): Call;
  namesOf(answer: unknown): ListItem<number | string>[];
  /** A work's cover (of the audio site's library or trial catalogue, `section`). */
  cover(id: number, type: CoverType, section?: Section): string;
  /** PUT of the caller's stars: from the work page or a card, or from the favourites list. */
  ratingCall(from: 'work' | 'favourites'): Call;
  /** PUT of the caller's progress. */
  progressCall: Call;
  /** PUT (review dialog, ?starOnly=false) and DELETE (?work_id) of a review. */
  reviewPath: string;
  /** GET and DELETE of the history. */
  historyPath: string;
  /** DELETE of a work. */
  workPath(id: number): string;
}

export const AUDIO_SITE: Site = {
  id: 'audio',
  base: '',
  api: '/api',
  sortOrders: WORK_SORT_ORDERS,
  ageFilter: true,
  recentPlays: true,
  codes: true,
  favouritesHome: 'histroy',
  prefsPrefix: '',
  namesCall: (kind) => ({ path: `/api/${kind}/` }),
  namesOf: (answer) => (Array.isArray(answer) ? answer : []),
  cover: (id, type, section = 'library') => coverUrl(id, type, section),
  ratingCall: (from) => ({ path: '/api/review', query: from === 'favourites' ? { starOnly: true } : undefined }),
  progressCall: { path: '/api/review', query: { starOnly: false, progressOnly: true } },
  reviewPath: '/api/review',
  historyPath: '/api/histroy',
  workPath: (id) => `/api/work/${id}`,
};

export const NOVEL_SITE: Site = {
  id: 'novel',
  base: '/novel',
  api: '/api/novel',
  sortOrders: NOVEL_SORT_ORDERS,
  ageFilter: false,
  recentPlays: false,
  codes: false,
  favouritesHome: 'review',
  prefsPrefix: 'novel.',
  namesCall: (kind) => ({ path: `/api/novel/${kind}/`, query: { limit: 9999, page: 1 } }),
  namesOf: (answer) => {
    const data = (answer as { data?: unknown } | null)?.data;
    return Array.isArray(data) ? data : [];
  },
  cover: (id, type) => client.mediaUrl(`/api/novel/cover/${id}`, { type }),
  ratingCall: () => ({ path: '/api/novel/work/review/', query: { starOnly: true } }),
  progressCall: { path: '/api/novel/work/review/', query: { progressOnly: true } },
  reviewPath: '/api/novel/review',
  historyPath: '/api/novel/histroy',
  workPath: (id) => `/api/novel/work/${id}`,
};

const SiteContext = createContext<Site>(AUDIO_SITE);

/** Puts a site in context for the screens below. */
export const SiteProvider = SiteContext.Provider;

/** The site the screen belongs to (audio outside any provider). */
export function useSite(): Site {
  return useContext(SiteContext);
}

/**
 * `t` reading the site's own words first: in the novel section `works.all` is
 * `novel.works.all` when that key exists, else `works.all`.
 */
export function useSiteT(): (key: string, options?: Record<string, unknown>) => string {
  const site = useSite();
  const { t } = useTranslation();
  return useCallback(
    (key: string, options?: Record<string, unknown>) => (site.id === 'audio' ? t(key, options) : t([`novel.${key}`, key], options)) as string,
    [site, t],
  );
}
