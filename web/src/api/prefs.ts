/**
 * Browser-stored preferences (spec 000 section 3 "Browser-stored settings", section 9):
 * list sort choices, filters and view modes, advanced keywords, favourites sort.
 * Each is one localStorage key holding JSON, read with Mantine's useLocalStorage.
 */
import { useLocalStorage } from '@mantine/hooks';
import type { AdvancedKeyword, LyricPart, NovelOrder, NsfwOption, WorkSortOrder } from '@model';
import { AUDIO_CATALOGUE, type Catalogue } from '../catalogue';

export interface WorksPrefs {
  /** A sort option of the site (WORK_SORT_ORDERS, NOVEL_SORT_ORDERS). */
  order: WorkSortOrder | NovelOrder;
  nsfw: NsfwOption;
  lyric: LyricPart[];
  /** Only works without the store's metadata (the audio library's list, `storeData=none`); absent in older stored prefs. */
  noStoreData?: boolean;
  desc: boolean;
  listMode: 'grid' | 'list';
  showLabels: boolean;
  detailMode: boolean;
}

export const DEFAULT_WORKS_PREFS: WorksPrefs = {
  order: 'release', nsfw: 0, lyric: [], desc: true, listMode: 'grid', showLabels: true, detailMode: true,
};

/** The works list preferences of `site` ('worksPrefs'; the novel section's 'novel.worksPrefs', default order its first). */
export function useWorksPrefs(catalogue: Catalogue = AUDIO_CATALOGUE) {
  const defaultValue = catalogue === AUDIO_CATALOGUE ? DEFAULT_WORKS_PREFS : { ...DEFAULT_WORKS_PREFS, order: catalogue.sortOrders[0] as NovelOrder };
  return useLocalStorage<WorksPrefs>({ key: `${catalogue.prefsPrefix}worksPrefs`, defaultValue, getInitialValueInEffect: false });
}

/** The advanced search keywords of `site` ('advancedKeywords', 'novel.advancedKeywords'). */
export function useAdvancedKeywords(catalogue: Catalogue = AUDIO_CATALOGUE) {
  return useLocalStorage<AdvancedKeyword[]>({ key: `${catalogue.prefsPrefix}advancedKeywords`, defaultValue: [], getInitialValueInEffect: false });
}

export interface FavouritesPrefs { sort: string; desc: boolean }

/** The favourites sort ('favouritesPrefs'). */
export function useFavouritesPrefs() {
  return useLocalStorage<FavouritesPrefs>({ key: 'favouritesPrefs', defaultValue: { sort: 'updated_at', desc: true }, getInitialValueInEffect: false });
}
