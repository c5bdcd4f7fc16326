/**
 * The player's settings menu (spec 000 sections 2, 3, 5): swap seek buttons, visualizer,
 * desktop lyrics, video source (a performance warning first; it and the visualizer
 * suggest a page refresh), stream quality (original, 320, 192, 128, 64 kbit/s: the
 * playing track loads again at its position), lyric size bar, lyric sync helper, sleep
 * timer; and the desktop lyrics button with its failure rules.
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Slider, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustments, IconCheck, IconClockHour4, IconPictureInPictureOn, IconSettings, IconTextSize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LYRIC_SIZE_BAR_MS } from '../../../src/player/index.js';
import { SleepTimerModal } from '../components/SleepTimerModal';
import { DesktopLyricsError, openDesktopLyrics } from './desktopLyrics';
import { LyricSyncDialog } from './LyricSyncDialog';
import {
  LYRIC_FONT_MAX, LYRIC_FONT_MIN, STREAM_QUALITIES, useDesktopLyrics, useLyricFontSize, useStreamQuality, useSwapSeekButtons, useVideoSource, useVisualizer,
} from './settings';
import { player } from './store';
import { drawVideoSource } from './visualiserDraw';

/** The lyric size bar (0.2..10, default 1.5): shown 3 s after opening or the last change. */
export function LyricSizeBar({ shownAt, onHide }: { shownAt: number; onHide(): void }) {
  const { t } = useTranslation();
  const [size, setSize] = useLyricFontSize();
  const [touched, setTouched] = useState(shownAt);
  useEffect(() => {
    const timer = setTimeout(onHide, LYRIC_SIZE_BAR_MS);
    return () => clearTimeout(timer);
  }, [touched, shownAt, onHide]);
  return (
    <div data-testid="lyric-size-bar" style={{ position: 'fixed', bottom: 96, left: '50%', transform: 'translateX(-50%)', width: 320, zIndex: 400, background: 'var(--mantine-color-body)', padding: '8px 16px', borderRadius: 8, boxShadow: 'var(--mantine-shadow-md)' }}>
      <Text size="xs" mb={4}>{t('player.lyricSize', { n: size })}</Text>
      <Slider min={LYRIC_FONT_MIN} max={LYRIC_FONT_MAX} step={0.1} value={size} onChange={(v) => { setSize(v); setTouched(Date.now()); }} aria-label={t('player.lyricSizeLabel')} />
    </div>
  );
}

/** Opens the desktop lyrics; 5 s rule message; a refusal is logged and switches the setting off. */
export function DesktopLyricsButton() {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useDesktopLyrics();
  const [videoSource] = useVideoSource();
  if (!enabled) return null;
  const open = () => {
    openDesktopLyrics(videoSource ? drawVideoSource : null).catch((err) => {
      if (err instanceof DesktopLyricsError && err.reason === 'notPlayedEnough') {
        notifications.show({ color: 'red', message: t('player.desktopLyricsWait') });
      } else {
        setEnabled(false);
        notifications.show({ color: 'red', message: t('player.desktopLyricsOff') });
      }
    });
  };
  return (
    <ActionIcon variant="subtle" aria-label={t('player.desktopLyrics')} onClick={open} data-testid="desktop-lyrics">
      <IconPictureInPictureOn size={18} />
    </ActionIcon>
  );
}

/** The settings menu button with its dialogs (warning, sync tool, sleep timer, size bar). */
export function PlayerSettings() {
  const { t } = useTranslation();
  const [swap, setSwap] = useSwapSeekButtons();
  const [visualizer, setVisualizer] = useVisualizer();
  const [desktop, setDesktop] = useDesktopLyrics();
  const [videoSource, setVideoSource] = useVideoSource();
  const [quality, setQuality] = useStreamQuality();
  const [warn, setWarn] = useState(false);
  const [sync, setSync] = useState(false);
  const [sleep, setSleep] = useState(false);
  const [sizeBar, setSizeBar] = useState<number | null>(null);
  const refreshHint = () => notifications.show({ message: t('player.refreshHint') });
  return (
    <>
      <Menu closeOnItemClick={false} position="top-end" width={260}>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('player.settings')} data-testid="player-settings"><IconSettings size={18} /></ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item><Switch label={t('player.swapSeek')} checked={swap} onChange={(e) => setSwap(e.currentTarget.checked)} data-testid="set-swap" /></Menu.Item>
          <Menu.Item><Switch label={t('player.visualizer')} checked={visualizer} onChange={(e) => { setVisualizer(e.currentTarget.checked); refreshHint(); }} /></Menu.Item>
          <Menu.Item><Switch label={t('player.desktopLyrics')} checked={desktop} onChange={(e) => setDesktop(e.currentTarget.checked)} /></Menu.Item>
          <Menu.Item>
            <Switch label={t('player.videoSource')} checked={videoSource}
              onChange={(e) => { if (e.currentTarget.checked) setWarn(true); else { setVideoSource(false); refreshHint(); } }} />
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('player.quality')}</Menu.Label>
          {STREAM_QUALITIES.map((q) => (
            <Menu.Item key={q} closeMenuOnClick data-testid={`quality-${q}`} aria-checked={quality === q} role="menuitemradio"
              leftSection={quality === q ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
              onClick={() => { if (q !== quality) { setQuality(q); player.reloadSource(q); } }}>
              {q ? t('player.qualityKbps', { n: q }) : t('player.qualityOriginal')}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item closeMenuOnClick leftSection={<IconTextSize size={16} />} onClick={() => setSizeBar(Date.now())} data-testid="open-lyric-size">{t('player.lyricSizeLabel')}</Menu.Item>
          <Menu.Item closeMenuOnClick leftSection={<IconAdjustments size={16} />} onClick={() => setSync(true)} data-testid="open-lyric-sync">{t('player.syncTitle')}</Menu.Item>
          <Menu.Item closeMenuOnClick leftSection={<IconClockHour4 size={16} />} onClick={() => setSleep(true)}>{t('nav.sleep')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={warn} onClose={() => setWarn(false)} title={t('player.videoSource')} centered>
        <Text size="sm">{t('player.videoSourceWarning')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setWarn(false)}>{t('common.cancel')}</Button>
          <Button onClick={() => { setVideoSource(true); setWarn(false); refreshHint(); }}>{t('common.confirm')}</Button>
        </Group>
      </Modal>
      <LyricSyncDialog opened={sync} onClose={() => setSync(false)} />
      <SleepTimerModal opened={sleep} onClose={() => setSleep(false)} />
      {sizeBar !== null && <LyricSizeBar shownAt={sizeBar} onHide={() => setSizeBar(null)} />}
    </>
  );
}
