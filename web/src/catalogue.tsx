/**
 * The catalogues of the site chooser (spec 001 section 2) that share screens, 'audio' and
 * 'novel' (the server's catalogue definitions, src/catalogue/definition.ts): one set of
 * screens (list, name lists, favourites, cards, review dialog, layout), parameterised by
 * the catalogue in context: its route prefix, its routes of the API table, its sort
 * orders, which controls it shows, how its review and progress writes are sent, and its
 * own words (i18n keys under `novel.` fall back to the audio side's). Within the audio
 * catalogue, library and trial are the scope (api/scope.ts).
 */
import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { NOVEL_SORT_ORDERS, WORK_SORT_ORDERS, type ListItem } from '@model';
import { callMediaUrl, coverUrl, routes, type Call } from './api/client';
import type { AnyRoute } from '../../src/api/route';
import type { Scope } from './api/scope';

export type NameKind = 'circles' | 'tags' | 'vas';
export type CoverType = 'main' | 'sam' | '240x240';

/** The works lists of a catalogue: all, a search, and the works of one circle, tag or VA (`:id`). */
export interface ListRoutes { works: AnyRoute; search: AnyRoute; circles: AnyRoute; tags: AnyRoute; vas: AnyRoute }

/** A catalogue's reviews and history: the lists, the review dialog's write, the deletes. */
export interface FavouriteRoutes { reviews: AnyRoute; review: AnyRoute; deleteReview: AnyRoute; history: AnyRoute; deleteHistory: AnyRoute }

export interface Catalogue {
  id: 'audio' | 'novel';
  /** Route prefix: '' (audio) or '/novel'. */
  base: string;
  /** The works lists (routes of the API table). */
  lists: ListRoutes;
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
  /** GET of one name (`:id`). */
  nameRoute(kind: NameKind): AnyRoute;
  namesOf(answer: unknown): ListItem<number | string>[];
  /** A work's cover (of the audio catalogue's library or trial scope, `scope`). */
  cover(id: number, type: CoverType, scope?: Scope): string;
  /** PUT of the caller's stars: from the work page or a card, or from the favourites list. */
  ratingCall(from: 'work' | 'favourites'): Call;
  /** PUT of the caller's progress. */
  progressCall: Call;
  /** The favourites lists; PUT (review dialog, ?starOnly=false) and DELETE (?work_id) of a review; DELETE of the history. */
  favourites: FavouriteRoutes;
  /** DELETE of a work (`:id`). */
  deleteWork: AnyRoute;
}

export const AUDIO_CATALOGUE: Catalogue = {
  id: 'audio',
  base: '',
  lists: { works: routes.library.works, search: routes.library.search, circles: routes.library.circleWorks, tags: routes.library.tagWorks, vas: routes.library.vaWorks },
  sortOrders: WORK_SORT_ORDERS,
  ageFilter: true,
  recentPlays: true,
  codes: true,
  favouritesHome: 'histroy',
  prefsPrefix: '',
  namesCall: (kind) => ({ route: routes.library.names[kind].list }),
  nameRoute: (kind) => routes.library.names[kind].get,
  namesOf: (answer) => (Array.isArray(answer) ? answer : []),
  cover: (id, type, scope = 'library') => coverUrl(id, type, scope),
  ratingCall: (from) => ({ route: routes.favourites.review, query: from === 'favourites' ? { starOnly: true } : undefined }),
  progressCall: { route: routes.favourites.review, query: { starOnly: false, progressOnly: true } },
  favourites: routes.favourites,
  deleteWork: routes.library.deleteWork,
};

export const NOVEL_CATALOGUE: Catalogue = {
  id: 'novel',
  base: '/novel',
  lists: { works: routes.novel.works, search: routes.novel.search, circles: routes.novel.circleWorks, tags: routes.novel.tagWorks, vas: routes.novel.authorWorks },
  sortOrders: NOVEL_SORT_ORDERS,
  ageFilter: false,
  recentPlays: false,
  codes: false,
  favouritesHome: 'review',
  prefsPrefix: 'novel.',
  namesCall: (kind) => ({ route: routes.novel.names[kind].list, query: { limit: 9999, page: 1 } }),
  nameRoute: (kind) => routes.novel.names[kind].get,
  namesOf: (answer) => {
    const data = (answer as { data?: unknown } | null)?.data;
    return Array.isArray(data) ? data : [];
  },
  cover: (id, type) => callMediaUrl({ route: routes.novel.cover, params: { id }, query: { type } }),
  ratingCall: () => ({ route: routes.novel.rate, query: { starOnly: true } }),
  progressCall: { route: routes.novel.rate, query: { progressOnly: true } },
  favourites: { reviews: routes.novel.reviews, review: routes.novel.review, deleteReview: routes.novel.deleteReview, history: routes.novel.history, deleteHistory: routes.novel.deleteHistory },
  deleteWork: routes.novel.deleteWork,
};

const CatalogueContext = createContext<Catalogue>(AUDIO_CATALOGUE);

/** Puts a catalogue in context for the screens below. */
export const CatalogueProvider = CatalogueContext.Provider;

/** The catalogue the screen belongs to (audio outside any provider). */
export function useCatalogue(): Catalogue {
  return useContext(CatalogueContext);
}

/**
 * `t` reading the site's own words first: in the novel section `works.all` is
 * `novel.works.all` when that key exists, else `works.all`.
 */
export function useCatalogueT(): (key: string, options?: Record<string, unknown>) => string {
  const catalogue = useCatalogue();
  const { t } = useTranslation();
  return useCallback(
    (key: string, options?: Record<string, unknown>) => (catalogue.id === 'audio' ? t(key, options) : t([`novel.${key}`, key], options)) as string,
    [catalogue, t],
  );
}
