/**
 * The bottom player bar: current title (and work), previous / play-pause / next within
 * the queue, a seek slider with elapsed and total time. Hidden while the queue is empty.
 */
import { ActionIcon, Group, Slider, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlayerSkipBackFilled, IconPlayerSkipForwardFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { player, usePlayer } from './store';
import { formatSeconds } from './format';

export function PlayerBar() {
  const { t } = useTranslation();
  const title = usePlayer((s) => s.queue[s.queueIndex]?.title);
  const workTitle = usePlayer((s) => s.queue[s.queueIndex]?.workTitle);
  const workId = usePlayer((s) => s.queue[s.queueIndex]?.hash.split('/')[0]);
  const playing = usePlayer((s) => s.playing);
  const currentTime = usePlayer((s) => s.currentTime);
  const duration = usePlayer((s) => s.duration);
  const hasPrev = usePlayer((s) => s.queueIndex > 0);
  const hasNext = usePlayer((s) => s.queueIndex + 1 < s.queue.length);
  if (title === undefined) return null;
  return (
    <div data-testid="player-bar" style={{ padding: '4px 12px 6px' }}>
      <Slider
        aria-label={t('player.seek')}
        size="sm"
        min={0}
        max={Math.max(duration, 0.001)}
        step={0.1}
        value={Math.min(currentTime, duration || 0)}
        onChange={(v) => player.seek(v)}
        label={(v) => formatSeconds(v)}
        mb={4}
      />
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate data-testid="player-title">{title}</Text>
          <Text size="xs" c="dimmed" truncate>
            {workTitle && workId && /^\d+$/.test(workId) ? <Link to={`/work/${workId}`} style={{ color: 'inherit' }}>{workTitle}</Link> : workTitle}
          </Text>
        </div>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="player-time">
          {formatSeconds(currentTime)} / {formatSeconds(duration)}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('player.previous')} disabled={!hasPrev} onClick={() => player.previous()}>
            <IconPlayerSkipBackFilled size={18} />
          </ActionIcon>
          <ActionIcon size="lg" radius="xl" aria-label={playing ? t('player.pause') : t('player.play')} onClick={() => player.toggle()} data-testid="player-toggle">
            {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={t('player.next')} disabled={!hasNext} onClick={() => player.next()}>
            <IconPlayerSkipForwardFilled size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </div>
  );
}
