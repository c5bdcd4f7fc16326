/**
 * The words the TUI shows for the spec's values (sort orders, age rating, subtitle filter,
 * progress, play mode): the labels of the web UI's English strings (web/src/i18n/en.ts and novel-en.ts:
 * works.order, works.nsfwOpt, works.lyricOpt, fav.sort, progress, player.modes, and the
 * novel section's novel.works.order and novel.myProcess), so the
 * terminal and the browser name a choice alike and no wire name (`dl_count`,
 * `updated_at`) reaches the screen. The TUI speaks English only; test/tui/labels.test.ts
 * keeps these equal to the web's.
 */
import type { PlayMode } from '../player/index.js';

/** Works list sort orders (web works.order). */
export const WORK_ORDER_LABELS: Readonly<Record<string, string>> = {
  release: 'Release date', rating: 'My rating', dl_count: 'Sales', price: 'Price', rate_average_2dp: 'Average rating',
  review_count: 'Review count', id: 'Work code', created_at: 'Date added', random: 'Random',
};

/** Favourites sort orders (web fav.sort). */
export const FAVOURITE_ORDER_LABELS: Readonly<Record<string, string>> = {
  updated_at: 'Last updated', userRating: 'My rating', release: 'Release date', review_count: 'Review count', dl_count: 'Sales',
  allage: 'All ages first', nsfw: 'Adults only first',
};

/** `sort` asc / desc, as an arrow after the order's label (the web's Ascending / Descending, in one column). */
export const SORT_ARROWS: Readonly<Record<string, string>> = { asc: '↑', desc: '↓' };

/** The age rating filter by its `nsfw` value 0, 1, 2 (web works.nsfwOpt). */
export const NSFW_LABELS: readonly string[] = ['All', 'All ages', 'Adults only (R18)'];

/** Subtitle filter parts (web works.lyricOpt). */
export const LYRIC_LABELS: Readonly<Record<string, string>> = { local: 'Local subtitles', ai: 'AI subtitles' };

/** Progress values (web progress). */
export const PROGRESS_LABELS: Readonly<Record<string, string>> = {
  marked: 'Want to listen', listening: 'Listening', listened: 'Listened', replay: 'Replay', postponed: 'Shelved',
};

/** Novel list sort orders (web novel.works.order). */
export const NOVEL_ORDER_LABELS: Readonly<Record<string, string>> = {
  create_datetime: 'Date added', publish_datetime: 'Publish time', rate: 'Rating', readCount: 'Reads', wordCount: 'Word count', lastRead_datetime: 'Last read',
};

/** A novel's progress as its page's dropdown names it, by myProcess 0..3 (web novel.myProcess). */
export const MY_PROCESS_LABELS: readonly string[] = ['Watching', 'Watched', 'Shelved', 'Want to watch'];

/** Play modes (web player.modes). */
export const PLAY_MODE_LABELS: Readonly<Record<PlayMode, string>> = {
  order: 'In order', 'all repeat': 'Repeat all', 'repeat once': 'Repeat one', shuffle: 'Shuffle',
};

/** The label of `value`, or the value itself when the table has none (a value newer than this file). */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}
