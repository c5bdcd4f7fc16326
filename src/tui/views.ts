/**
 * The TUI's navigation: a stack of views (plain objects, so going back restores the
 * cursor and filters), the first screens reached with the number keys.
 */
import { newSeed, type AdvancedKeyword, type LyricPart, type NovelOrder, type Progress, type SortDir } from '../model/index.js';
import type { FavouritesMode, NameKind, WorksQuery } from './data/source.js';

/** The favourites' tabs: the lists of works, then the listener's playlists (the web's folder mode). */
export type FavouritesTab = FavouritesMode | 'playlists';

/** The works screen: the list query (less the page, which the list loads itself), its title and cursor. */
export interface WorksView extends Omit<WorksQuery, 'page'> {
  screen: 'works';
  /** What the list shows, for the title: all works, a search, a circle/tag/VA. */
  title: string;
  cursor: number;
}
export interface NamesView { screen: 'names'; kind: NameKind; filter: string; cursor: number }
export interface WorkView { screen: 'work'; workId: number; /** Folder titles from ROOT. */ path: string[]; cursor: number; /** The listener has moved through folders (else a single-child folder chain shows open). */ expanded?: boolean }
export interface FavouritesView { screen: 'favourites'; mode: FavouritesTab; order: string; sort: SortDir; progress: Progress; cursor: number }
export interface QueueView { screen: 'queue'; cursor: number }
/** One playlist's tracks (from the favourites' playlists tab). */
export interface PlaylistView { screen: 'playlist'; playlistId: number; cursor: number }
export interface PlayingView { screen: 'playing'; cursor: number }
/** The trial catalogue's new works (status 0). */
export interface TrialView { screen: 'trial'; cursor: number }
/** The novel section's list (tab 9) and one novel, read only. */
export interface NovelsView { screen: 'novels'; order: NovelOrder; sort: SortDir; cursor: number }
export interface NovelView { screen: 'novel'; novelId: number; /** First line shown. */ cursor: number }
/** A work's text file (readme, script, lyric) in the pager; `hash` is the file's track hash. */
export interface PagerView { screen: 'pager'; hash: string; title: string; /** First line shown. */ cursor: number }

export type View = WorksView | NamesView | WorkView | FavouritesView | QueueView | PlayingView | TrialView | NovelsView | NovelView | PagerView | PlaylistView;

export const FAVOURITE_MODES: FavouritesTab[] = ['history', 'review', 'progress', 'playlists'];
/** Lyric filter steps of `y`. */
export const LYRIC_FILTERS: LyricPart[][] = [[], ['local'], ['ai'], ['ai', 'local']];

export function worksView(overrides: Partial<WorksView> = {}): WorksView {
  return { screen: 'works', title: 'All works', order: 'release', sort: 'desc', nsfw: 0, lyric: [], seed: newSeed(), cursor: 0, ...overrides };
}

export function favouritesView(): FavouritesView {
  return { screen: 'favourites', mode: 'history', order: 'updated_at', sort: 'desc', progress: 'marked', cursor: 0 };
}

/** The first view of each number key. */
export function rootView(n: number): View {
  switch (n) {
    case 2: return { screen: 'names', kind: 'circles', filter: '', cursor: 0 };
    case 3: return { screen: 'names', kind: 'tags', filter: '', cursor: 0 };
    case 4: return { screen: 'names', kind: 'vas', filter: '', cursor: 0 };
    case 5: return favouritesView();
    case 6: return { screen: 'queue', cursor: 0 };
    case 7: return { screen: 'playing', cursor: 0 };
    case 8: return { screen: 'trial', cursor: 0 };
    case 9: return { screen: 'novels', order: 'create_datetime', sort: 'desc', cursor: 0 };
    default: return worksView();
  }
}

/** The header tab of a view (1..9). */
export function tabOf(view: View): number {
  switch (view.screen) {
    case 'names': return view.kind === 'circles' ? 2 : view.kind === 'tags' ? 3 : 4;
    case 'favourites': case 'playlist': return 5;
    case 'queue': return 6;
    case 'playing': return 7;
    case 'trial': return 8;
    case 'novels': case 'novel': return 9;
    default: return 1;
  }
}

const ADVANCED_PREFIXES: Record<string, AdvancedKeyword['t']> = { tag: 'tag', va: 'VA', circle: 'circle', fuzzy: 'fuzzy' };

/**
 * Parses the search prompt: words with a `tag:`, `va:`, `circle:` or `fuzzy:` prefix make
 * an advanced search (other words become 'unknown' keywords); otherwise the text is a
 * plain keyword. Blank text clears the search.
 */
export function parseSearch(text: string): { keyword?: string; advanced?: AdvancedKeyword[] } {
  const trimmed = text.trim();
  if (!trimmed) return {};
  const words = trimmed.split(/\s+/);
  if (!words.some((w) => /^(tag|va|circle|fuzzy):./i.test(w))) return { keyword: trimmed };
  const advanced: AdvancedKeyword[] = [];
  for (const w of words) {
    const m = /^(tag|va|circle|fuzzy):(.+)$/i.exec(w);
    const k: AdvancedKeyword = m ? { t: ADVANCED_PREFIXES[m[1]!.toLowerCase()]!, d: m[2]! } : { t: 'unknown', d: w };
    if (!advanced.some((a) => a.t === k.t && a.d === k.d)) advanced.push(k);
  }
  return { advanced };
}

/** The search as the prompt shows it again. */
export function searchText(v: Pick<WorksView, 'keyword' | 'advanced'>): string {
  if (v.advanced?.length) return v.advanced.map((k) => (k.t === 'unknown' ? k.d : `${k.t === 'VA' ? 'va' : k.t}:${k.d}`)).join(' ');
  return v.keyword ?? '';
}
