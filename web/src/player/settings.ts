/**
 * The player's browser-stored settings (spec 000 section 3 "Browser-stored settings"):
 * swap seek buttons, visualizer, desktop lyrics, video source, lyric font size, stream
 * quality, and the visualiser cover per work (set from the image preview). Each is one
 * localStorage key.
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

/** The stream qualities offered, in kbit/s; 0 is the original file (src/transcode/README.md "The web player"). */
export const STREAM_QUALITIES = [0, 320, 192, 128, 64] as const;
const QUALITY_KEY = 'streamQuality';

/** Stream quality in kbit/s, 0 = original ('streamQuality', default 0): above it tracks are transcoded to MP3 by the server. */
export const useStreamQuality = () => useSetting<number>(QUALITY_KEY, 0);

/** The stream quality as stored now (for the player store, outside React); 0 for a missing or unknown value. */
export function streamQuality(): number {
  try {
    const value = JSON.parse(localStorage.getItem(QUALITY_KEY) ?? '0') as unknown;
    return (STREAM_QUALITIES as readonly unknown[]).includes(value) ? (value as number) : 0;
  } catch {
    return 0;
  }
}

/** localStorage key of the visualiser cover of a work (written by the work page's image preview). */
export function visualiserCoverKey(workId: string | number): string {
  return `visualiserCover:${workId}`;
}
