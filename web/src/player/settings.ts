/**
 * The player's browser-stored settings (spec 000 section 3 "Browser-stored settings"):
 * swap seek buttons, visualizer, desktop lyrics, video source, lyric font size, and the
 * visualiser cover per work (set from the image preview). Each is one localStorage key.
 */
import { useLocalStorage } from '@mantine/hooks';

/** Android (desktop lyrics are off by default there). */
export const isAndroid = () => /android/i.test(navigator.userAgent);
/** iOS / iPadOS (visualiser smoothing 0.8; Mobile Safari may go silent with the visualizer). */
export const isIOS = () => /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

export const LYRIC_FONT_MIN = 0.2;
export const LYRIC_FONT_MAX = 10;
export const LYRIC_FONT_DEFAULT = 1.5;

function useSetting<T>(key: string, defaultValue: T) {
  return useLocalStorage<T>({ key, defaultValue, getInitialValueInEffect: false });
}

/** Rewind on the right and forward on the left ('swapSeekButtons', default false). */
export const useSwapSeekButtons = () => useSetting('swapSeekButtons', false);
/** The audio visualiser on the full-screen page ('visualizer', default on except iOS). */
export const useVisualizer = () => useSetting('visualizer', !isIOS());
/** Desktop lyrics (picture-in-picture) ('desktopLyrics', default on except Android). */
export const useDesktopLyrics = () => useSetting('desktopLyrics', !isAndroid());
/** Draw the visualiser (not only text) into the picture-in-picture video ('videoSource', default off). */
export const useVideoSource = () => useSetting('videoSource', false);
/** Lyric font size in rem, 0.2..10 ('lyricFontSize', default 1.5). */
export const useLyricFontSize = () => useSetting('lyricFontSize', LYRIC_FONT_DEFAULT);

/** localStorage key of the visualiser cover of a work (written by the work page's image preview). */
export function visualiserCoverKey(workId: string | number): string {
  return `visualiserCover:${workId}`;
}
