/**
 * Full-width image preview (spec 000 section 2): previous, next, close, 'n/total', and
 * 'use as visualiser cover' while a work is playing (notice 'cover set successfully'
 * with a link to the full-screen page). The cover choice is kept per work in
 * localStorage ('visualiserCover:{workId}').
 * The picture is shown whole inside the screen below the top row, with a margin on every
 * side: scaled down to fit when larger, at its own size (not blown up) when smaller.
 */
import { ActionIcon, Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TrackNode } from '@model';
import { trackMediaPath } from '../../../../src/api/routes';
import { mediaUrl } from '../../api/client';
import { visualiserCoverKey } from '../../player/settings';
import { playingWorkId, usePlayer } from '../../player/store';

/** The space the picture may take: the area under the top row less a margin. */
const PICTURE_AREA = { position: 'absolute', inset: 'var(--mantine-spacing-md)' } as const;
/** Centred in that space, never larger than it, never larger than the picture itself. */
const PICTURE = { position: 'absolute', inset: 0, margin: 'auto', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' } as const;

export function ImagePreview({ images, index, onIndex, onClose }: { images: TrackNode[]; index: number | null; onIndex(i: number): void; onClose(): void }) {
  const { t } = useTranslation();
  // Notifications render outside the router: the link navigates through this closure.
  const navigate = useNavigate();
  const playingWork = usePlayer(playingWorkId);
  const image = index === null ? undefined : images[index];
  const stream = image ? image.mediaStreamUrl ?? trackMediaPath('stream', image.hash!) : '';
  const src = stream ? mediaUrl(stream) : '';

  const useAsCover = () => {
    if (playingWork === null || !image) return;
    localStorage.setItem(visualiserCoverKey(playingWork), stream);
    notifications.show({
      color: 'green',
      // at the bottom: at the top it would cover the preview's close button on a phone
      position: 'bottom-center',
      message: (
        <span>
          {t('work.coverSet')}{' '}
          <Anchor href={`/fullScreenPlayer/${playingWork}`} size="sm" onClick={(e) => { e.preventDefault(); navigate(`/fullScreenPlayer/${playingWork}`); }}>
            {t('work.openVisualiser')}
          </Anchor>
        </span>
      ),
    });
  };

  return (
    <Modal opened={image !== undefined} onClose={onClose} fullScreen withCloseButton={false} padding={0} data-testid="image-preview">
      {image && index !== null && (
        <div style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
          <Group justify="space-between" p="xs" wrap="nowrap">
            <Text size="sm" truncate style={{ minWidth: 0 }}>{image.title}</Text>
            <Group gap="xs" wrap="nowrap">
              {playingWork !== null && <Button size="xs" variant="light" onClick={useAsCover} data-testid="use-as-cover">{t('work.useAsCover')}</Button>}
              <Text size="sm" data-testid="image-index">{t('work.imageIndex', { n: index + 1, total: images.length })}</Text>
              <ActionIcon variant="subtle" aria-label={t('common.close')} onClick={onClose} data-testid="image-close"><IconX /></ActionIcon>
            </Group>
          </Group>
          <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
            <div style={PICTURE_AREA}>
              <img src={src} alt={image.title} style={PICTURE} />
            </div>
            <ActionIcon pos="absolute" left={8} size="xl" radius="xl" variant="filled" color="dark" aria-label={t('common.previous')}
              disabled={index === 0} onClick={() => onIndex(index - 1)} data-testid="image-prev">
              <IconChevronLeft />
            </ActionIcon>
            <ActionIcon pos="absolute" right={8} size="xl" radius="xl" variant="filled" color="dark" aria-label={t('common.next')}
              disabled={index >= images.length - 1} onClick={() => onIndex(index + 1)} data-testid="image-next">
              <IconChevronRight />
            </ActionIcon>
          </div>
        </div>
      )}
    </Modal>
  );
}
