/**
 * Player controls shared by the bottom bar and the expanded player: play/pause,
 * previous/next, rewind/forward (steps from /api/config/shared; swap option), play-mode
 * button, volume slider (0..1 step 0.01) with its 1 s indicator, speed menu (0.5x..3x),
 * seek slider with times.
 */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Menu, Slider, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsShuffle, IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlayerSkipBackFilled, IconPlayerSkipForwardFilled,
  IconRepeat, IconRepeatOff, IconRepeatOnce, IconRewindBackward5, IconRewindBackward10, IconRewindBackward30,
  IconRewindForward5, IconRewindForward10, IconRewindForward30, IconVolume, IconVolume3,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { VOLUME_INDICATOR_MS, type PlayMode } from '../../../src/player/index.js';
import { formatSeconds } from './format';
import { useSwapSeekButtons } from './settings';
import { player, usePlayer, useSeekSteps } from './store';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3];

const MODE_ICONS: Record<PlayMode, typeof IconRepeat> = {
  'order': IconRepeatOff, 'all repeat': IconRepeat, 'repeat once': IconRepeatOnce, 'shuffle': IconArrowsShuffle,
};
/** i18n key of a play mode. */
export const modeKey = (mode: PlayMode) => `player.modes.${mode.replace(' ', '_')}`;

const REWIND_ICONS: Record<number, typeof IconRepeat> = { 5: IconRewindBackward5, 10: IconRewindBackward10, 30: IconRewindBackward30 };
const FORWARD_ICONS: Record<number, typeof IconRepeat> = { 5: IconRewindForward5, 10: IconRewindForward10, 30: IconRewindForward30 };

/** The round play/pause button. */
export function PlayPauseButton({ size = 'lg' }: { size?: string }) {
  const { t } = useTranslation();
  const playing = usePlayer((s) => s.playing);
  return (
    <ActionIcon size={size} radius="xl" aria-label={playing ? t('player.pause') : t('player.play')} onClick={() => player.toggle()} data-testid="player-toggle">
      {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
    </ActionIcon>
  );
}

/** Previous and next track buttons around `children` (disabled at the queue's ends). */
export function PrevNextButtons({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  const hasPrev = usePlayer((s) => s.queueIndex > 0);
  const hasNext = usePlayer((s) => s.queueIndex + 1 < s.queue.length);
  return (
    <>
      <ActionIcon variant="subtle" aria-label={t('player.previous')} disabled={!hasPrev} onClick={() => player.previous()} data-testid="player-previous">
        <IconPlayerSkipBackFilled size={18} />
      </ActionIcon>
      {children}
      <ActionIcon variant="subtle" aria-label={t('player.next')} disabled={!hasNext} onClick={() => player.next()} data-testid="player-next">
        <IconPlayerSkipForwardFilled size={18} />
      </ActionIcon>
    </>
  );
}

/** Rewind and forward buttons around `children`; with 'swap seek buttons' on, forward comes first. `visibleFrom`: hidden below that breakpoint. */
export function SeekButtons({ children, visibleFrom }: { children?: React.ReactNode; visibleFrom?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const { rewindSeekTime, forwardSeekTime } = useSeekSteps();
  const [swap] = useSwapSeekButtons();
  const Rw = REWIND_ICONS[rewindSeekTime] ?? IconRewindBackward5;
  const Fw = FORWARD_ICONS[forwardSeekTime] ?? IconRewindForward30;
  const rewind = (
    <ActionIcon key="rw" visibleFrom={visibleFrom} variant="subtle" aria-label={t('player.rewind', { n: rewindSeekTime })} onClick={() => player.rewind()} data-testid="player-rewind">
      <Rw size={18} />
    </ActionIcon>
  );
  const forward = (
    <ActionIcon key="fw" visibleFrom={visibleFrom} variant="subtle" aria-label={t('player.forward', { n: forwardSeekTime })} onClick={() => player.forward()} data-testid="player-forward">
      <Fw size={18} />
    </ActionIcon>
  );
  return <>{swap ? forward : rewind}{children}{swap ? rewind : forward}</>;
}

/** Cycles the play mode; its icon and data-mode show the current one. */
export function PlayModeButton() {
  const { t } = useTranslation();
  const mode = usePlayer((s) => s.playMode);
  const Icon = MODE_ICONS[mode];
  return (
    <Tooltip label={t(modeKey(mode))}>
      <ActionIcon variant="subtle" aria-label={t('player.playMode', { mode: t(modeKey(mode)) })} onClick={() => player.cyclePlayMode()} data-testid="player-mode" data-mode={mode}>
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The volume indicator: shows the volume for 1 s after each change. */
export function VolumeIndicator() {
  const { t } = useTranslation();
  const volume = usePlayer((s) => s.volume);
  const [shown, setShown] = useState(false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    setShown(true);
    const timer = setTimeout(() => setShown(false), VOLUME_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [volume]);
  if (!shown) return null;
  return (
    <div data-testid="volume-indicator" style={{ position: 'fixed', top: 72, left: '50%', transform: 'translateX(-50%)', zIndex: 400, background: 'rgba(0,0,0,.75)', color: '#fff', padding: '6px 14px', borderRadius: 8 }}>
      {t('player.volumeIs', { n: Math.round(volume * 100) })}
    </div>
  );
}

/** Mute toggle and volume slider 0..1, step 0.01. */
export function VolumeControl() {
  const { t } = useTranslation();
  const volume = usePlayer((s) => s.volume);
  const muted = usePlayer((s) => s.muted);
  return (
    <Group gap={4} wrap="nowrap" w={160}>
      <ActionIcon variant="subtle" aria-label={muted ? t('player.unmute') : t('player.mute')} onClick={() => player.setMuted(!muted)} data-testid="player-mute">
        {muted ? <IconVolume3 size={18} /> : <IconVolume size={18} />}
      </ActionIcon>
      <Slider aria-label={t('player.volume')} style={{ flex: 1 }} size="sm" min={0} max={1} step={0.01} value={volume}
        onChange={(v) => player.setVolume(v)} label={(v) => `${Math.round(v * 100)}%`} data-testid="player-volume" />
    </Group>
  );
}

/** Playback speed menu, 0.5x..3x. */
export function SpeedMenu() {
  const { t } = useTranslation();
  const speed = usePlayer((s) => s.speed);
  return (
    <Menu position="top">
      <Menu.Target>
        <ActionIcon variant="subtle" w="auto" px={4} aria-label={t('player.speed')} data-testid="player-speed">
          <Text size="xs" fw={700}>{speed}x</Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {SPEEDS.map((v) => (
          <Menu.Item key={v} onClick={() => player.setSpeed(v)} fw={v === speed ? 700 : undefined}>{v}x</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The position slider of the current track (seconds). */
export function SeekSlider() {
  const { t } = useTranslation();
  const currentTime = usePlayer((s) => s.currentTime);
  const duration = usePlayer((s) => s.duration);
  return (
    <Slider aria-label={t('player.seek')} size="sm" min={0} max={Math.max(duration, 0.001)} step={0.1}
      value={Math.min(currentTime, duration || 0)} onChange={(v) => player.seek(v)} label={(v) => formatSeconds(v)} data-testid="player-seek" />
  );
}

/** 'elapsed / total'. */
export function TimeText() {
  const currentTime = usePlayer((s) => s.currentTime);
  const duration = usePlayer((s) => s.duration);
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="player-time">
      {formatSeconds(currentTime)} / {formatSeconds(duration)}
    </Text>
  );
}
