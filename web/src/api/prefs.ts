/**
 * Browser-stored preferences (spec 000 section 3 "Browser-stored settings", section 9):
 * list sort choices, filters and view modes, advanced keywords, favourites sort.
 * Each is one localStorage key holding JSON, read with Mantine's useLocalStorage.
 */
import { useLocalStorage } from '@mantine/hooks';
import type { AdvancedKeyword, LyricPart, NsfwOption, WorkSortOrder } from '@model';

export interface WorksPrefs {
  order: WorkSortOrder;
  nsfw: NsfwOption;
  lyric: LyricPart[];
  desc: boolean;
  listMode: 'grid' | 'list';
  showLabels: boolean;
  detailMode: boolean;
}

export const DEFAULT_WORKS_PREFS: WorksPrefs = {
  order: 'release', nsfw: 0, lyric: [], desc: true, listMode: 'grid', showLabels: true, detailMode: true,
};

/** The works list preferences ('worksPrefs'). */
export function useWorksPrefs() {
  return useLocalStorage<WorksPrefs>({ key: 'worksPrefs', defaultValue: DEFAULT_WORKS_PREFS, getInitialValueInEffect: false });
}

/** The advanced search keywords ('advancedKeywords'). */
export function useAdvancedKeywords() {
  return useLocalStorage<AdvancedKeyword[]>({ key: 'advancedKeywords', defaultValue: [], getInitialValueInEffect: false });
}

export interface FavouritesPrefs { sort: string; desc: boolean }

/** The favourites sort ('favouritesPrefs'). */
export function useFavouritesPrefs() {
  return useLocalStorage<FavouritesPrefs>({ key: 'favouritesPrefs', defaultValue: { sort: 'updated_at', desc: true }, getInitialValueInEffect: false });
}
