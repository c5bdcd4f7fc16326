/**
 * Lyric display: the current line (by track time and lyric offset) highlighted, its
 * neighbours dimmed; the font size is the 'lyric font size' setting (rem). `compact`
 * shows the current line only (the bottom bar).
 */
import { useEffect, useRef } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLyric } from './lyrics';
import { lineAt } from './lyricTime';
import { useLyricFontSize } from './settings';
import { usePlayer } from './store';

/** Index of the lyric line showing now (-1: none). */
export function useCurrentLine(): number {
  const { lines } = useLyric();
  const time = usePlayer((s) => s.currentTime);
  const offset = usePlayer((s) => s.lyricOffset);
  return lineAt(lines, time, offset);
}

/** The current line alone (the bottom bar); `fallback` when the track has no lyric. */
export function CurrentLyricLine({ fallback = null }: { fallback?: React.ReactNode }) {
  const { lines } = useLyric();
  const i = useCurrentLine();
  if (!lines.length) return <>{fallback}</>;
  return <Text size="xs" c="indigo" truncate data-testid="bar-lyric">{i >= 0 ? lines[i]!.text : ''}</Text>;
}

/** Every lyric line, the current one highlighted and scrolled to the middle; `height`: the most it takes (px, or a CSS length). */
export function LyricView({ height = 260 }: { height?: number | string }) {
  const { t } = useTranslation();
  const { lines } = useLyric();
  const i = useCurrentLine();
  const [size] = useLyricFontSize();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>('[data-current]');
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [i]);
  if (!lines.length) return <Text c="dimmed" ta="center" py="md" data-testid="lyric-none">{t('player.noLyric')}</Text>;
  return (
    <div ref={box} data-testid="lyric-view" style={{ maxHeight: height, overflowY: 'auto', textAlign: 'center', padding: '8px 0' }}>
      {lines.map((line, n) => (
        <div key={n} data-testid="lyric-line" data-current={n === i || undefined}
          style={{ fontSize: `${n === i ? size : size * 0.75}rem`, fontWeight: n === i ? 700 : 400, opacity: n === i ? 1 : 0.5, color: n === i ? 'var(--mantine-primary-color-filled)' : undefined, minHeight: '1.2em', padding: '2px 0' }}>
          {line.text}
        </div>
      ))}
    </div>
  );
}
