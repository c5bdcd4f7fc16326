/**
 * The expanded player (spec 000 section 2 "Player"): cover, titles, lyrics with the
 * current line highlighted, seek slider, every control (play mode, seek steps,
 * previous / play / next, volume, speed, queue, a bookmark at the current second,
 * settings, desktop lyrics, full screen).
 * A downward drag on its header closes it (bar gesture 'down'). On a wide screen the
 * lyrics take the right half at the full height, the cover and controls the left; on a
 * narrow one everything is one column.
 */
import { useRef, useState } from 'react';
import { ActionIcon, Anchor, Box, Drawer, Group, Image, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconMaximize, IconPlaylist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { coverUrl } from '../api/client';
import { workPage } from '../api/scope';
import { PlayModeButton, PlayPauseButton, PrevNextButtons, SeekButtons, SeekSlider, SpeedMenu, TimeText, VolumeControl } from './controls';
import { classifyGesture, type Gesture } from './gesture';
import { WIDE_PLAYER_QUERY } from './layout';
import { LyricView } from './LyricView';
import { DesktopLyricsButton, PlayerSettings } from './PlayerSettings';
import { QueueDialog } from './QueueDialog';
import { BookmarkButton } from './BookmarkButton';
import { playingSection, playingWorkId, usePlayer } from './store';

/** Opens the queue dialog. */
export function QueueButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionIcon variant="subtle" aria-label={t('player.queue')} onClick={() => setOpen(true)} data-testid="open-queue"><IconPlaylist size={18} /></ActionIcon>
      <QueueDialog opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Link to the full-screen player of the playing work. */
export function FullScreenButton() {
  const { t } = useTranslation();
  const workId = usePlayer(playingWorkId);
  return (
    <ActionIcon component={Link} to={workId !== null ? `/fullScreenPlayer/${workId}` : '/fullScreenPlayer'} variant="subtle" aria-label={t('player.fullScreen')} data-testid="open-full-screen">
      <IconMaximize size={18} />
    </ActionIcon>
  );
}

/** The expanded player drawer (see the file comment). */
export function ExpandedPlayer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const title = usePlayer((s) => s.queue[s.queueIndex]?.title);
  const workTitle = usePlayer((s) => s.queue[s.queueIndex]?.workTitle);
  const workId = usePlayer(playingWorkId);
  const scope = usePlayer(playingSection);
  const press = useRef<{ x: number; y: number; t: number; g: Gesture } | null>(null);
  const wide = useMediaQuery(WIDE_PLAYER_QUERY, false, { getInitialValueInEffect: false });
  const titles = (
    <div style={{ textAlign: 'center' }}>
      <Text fw={700} data-testid="expanded-title">{title}</Text>
      {workTitle && workId !== null && <Anchor component={Link} to={workPage(scope, workId)} size="sm" onClick={onClose}>{workTitle}</Anchor>}
    </div>
  );
  const transport = (
    <>
      <SeekSlider />
      <Group justify="space-between"><TimeText /><SpeedMenu /></Group>
      <Group justify="center" gap="md">
        <PlayModeButton />
        <SeekButtons>
          <PrevNextButtons><PlayPauseButton size="xl" /></PrevNextButtons>
        </SeekButtons>
        <QueueButton />
        <BookmarkButton />
      </Group>
      <Group justify="center"><VolumeControl /></Group>
    </>
  );
  return (
    <Drawer opened={opened} onClose={onClose} position="bottom" size="100%" withCloseButton={false} data-testid="expanded-player">
      <Stack gap="sm" maw={wide ? 1320 : 720} mx="auto">
        <Group justify="space-between" style={{ touchAction: 'none' }}
          onPointerDown={(e) => { press.current = { x: e.clientX, y: e.clientY, t: performance.now(), g: 'idle' }; }}
          onPointerMove={(e) => {
            const p = press.current;
            if (!p) return;
            p.g = classifyGesture(p.g, e.clientX - p.x, e.clientY - p.y, performance.now() - p.t);
            if (p.g === 'down') { press.current = null; onClose(); }
          }}
          onPointerUp={() => { press.current = null; }}>
          <ActionIcon variant="subtle" aria-label={t('player.collapse')} onClick={onClose} data-testid="collapse-player"><IconChevronDown /></ActionIcon>
          <Group gap={4}>
            <DesktopLyricsButton />
            <FullScreenButton />
            <PlayerSettings />
          </Group>
        </Group>
        {wide ? (
          <Group align="stretch" gap="xl" wrap="nowrap">
            <Stack gap="sm" justify="center" style={{ flex: '0 0 44%', minWidth: 0 }} data-testid="expanded-main">
              {workId !== null && <Image src={coverUrl(workId, 'main', scope)} alt="" h="min(42dvh, 420px)" fit="contain" />}
              {titles}
              {transport}
            </Stack>
            <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}><LyricView height="calc(100dvh - 110px)" /></Box>
          </Group>
        ) : (
          <>
            {workId !== null && <Image src={coverUrl(workId, 'main', scope)} alt="" h={220} fit="contain" />}
            {titles}
            <LyricView />
            {transport}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
