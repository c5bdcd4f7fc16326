/**
 * The bottom player bar (spec 000 section 2 "Player"): seek slider, title and the current
 * lyric line (the work title when the track has no lyric), seek steps, previous / play-pause / next, play mode, volume,
 * speed, queue, settings, desktop lyrics, full screen, and the expand button. Hidden
 * while the queue is empty.
 *
 * The expanded player closes when the address changes (its full-screen button, the work's link).
 *
 * Gestures on the title area (thresholds of spec 000 section 9): drag up 15 px opens the
 * expanded player, down 15 px closes it; a sideways drag of 10 px, or a 500 ms hold,
 * seeks by dragging (the bar's width is the whole track).
 */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PlayModeButton, PlayPauseButton, PrevNextButtons, SeekButtons, SeekSlider, SpeedMenu, TimeText, VolumeControl, VolumeIndicator } from './controls';
import { ExpandedPlayer, FullScreenButton, QueueButton } from './ExpandedPlayer';
import { formatSeconds } from './format';
import { classifyGesture, dragSeekTarget, HOLD_MS, type Gesture } from './gesture';
import { CurrentLyricLine } from './LyricView';
import { DesktopLyricsButton, PlayerSettings } from './PlayerSettings';
import { player, playingWorkId, usePlayer } from './store';

interface Press { x: number; y: number; t: number; g: Gesture; start: number; target: number | null; width: number; hold: ReturnType<typeof setTimeout> }

/** The bottom bar (see the file comment); renders nothing for an empty queue. */
export function PlayerBar() {
  const { t } = useTranslation();
  const title = usePlayer((s) => s.queue[s.queueIndex]?.title);
  const workTitle = usePlayer((s) => s.queue[s.queueIndex]?.workTitle);
  const workId = usePlayer(playingWorkId);
  const [expanded, setExpanded] = useState(false);
  const [gesture, setGesture] = useState<{ g: Gesture; target: number | null }>({ g: 'idle', target: null });
  const press = useRef<Press | null>(null);
  // the expanded player is a sheet over the page: a link in it (full screen, the work) closes it
  const { pathname } = useLocation();
  useEffect(() => { setExpanded(false); }, [pathname]);
  if (title === undefined) return null;

  const update = (p: Press, dx: number, dy: number) => {
    const g = classifyGesture(p.g, dx, dy, performance.now() - p.t);
    p.g = g;
    if (g === 'up') { end(); setExpanded(true); return; }
    if (g === 'down') { end(); setExpanded(false); return; }
    if (g === 'seek') p.target = dragSeekTarget(p.start, dx, p.width, player.getState().duration);
    setGesture({ g, target: p.target });
  };
  const end = () => {
    if (press.current) clearTimeout(press.current.hold);
    press.current = null;
    setGesture({ g: 'idle', target: null });
  };

  return (
    <div data-testid="player-bar" style={{ padding: '4px 12px 6px' }}>
      <SeekSlider />
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
        <div style={{ minWidth: 0, flex: 1, touchAction: 'none', userSelect: 'none' }} data-testid="bar-gesture" data-gesture={gesture.g}
          onPointerDown={(e) => {
            const width = e.currentTarget.parentElement?.clientWidth ?? window.innerWidth;
            const p: Press = { x: e.clientX, y: e.clientY, t: performance.now(), g: 'idle', start: player.getState().currentTime, target: null, width,
              hold: setTimeout(() => { if (press.current === p) update(p, 0, 0); }, HOLD_MS) };
            press.current = p;
            e.currentTarget.setPointerCapture?.(e.pointerId);
          }}
          onPointerMove={(e) => { const p = press.current; if (p) update(p, e.clientX - p.x, e.clientY - p.y); }}
          onPointerUp={() => { const p = press.current; if (p?.g === 'seek' && p.target !== null) player.seek(p.target); end(); }}
          onPointerCancel={end}>
          <Text size="sm" fw={600} truncate data-testid="player-title">{title}</Text>
          {gesture.g === 'seek' && gesture.target !== null
            ? <Text size="xs" c="indigo" data-testid="bar-seek-target">{formatSeconds(gesture.target)}</Text>
            : <CurrentLyricLine fallback={(
              <Text size="xs" c="dimmed" truncate>
                {workTitle && workId !== null ? <Anchor component={Link} to={`/work/${workId}`} c="dimmed" size="xs">{workTitle}</Anchor> : workTitle}
              </Text>
            )} />}
        </div>
        <TimeText />
        <Group gap={4} wrap="nowrap">
          <SeekButtons visibleFrom="xs"><PrevNextButtons><PlayPauseButton /></PrevNextButtons></SeekButtons>
          <Group gap={4} wrap="nowrap" visibleFrom="sm">
            <PlayModeButton />
            <VolumeControl />
            <SpeedMenu />
            <DesktopLyricsButton />
            <FullScreenButton />
            <PlayerSettings />
          </Group>
          <QueueButton />
          <ActionIcon variant="subtle" aria-label={t('player.expand')} onClick={() => setExpanded(true)} data-testid="expand-player"><IconChevronUp size={18} /></ActionIcon>
        </Group>
      </Group>
      <ExpandedPlayer opened={expanded} onClose={() => setExpanded(false)} />
      <VolumeIndicator />
    </div>
  );
}
