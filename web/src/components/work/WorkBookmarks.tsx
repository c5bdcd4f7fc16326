/**
 * The caller's bookmarks of a work, under its file tree (src/bookmarks/README.md): each
 * track's kept place in play order, with a button that plays the track from that second
 * (its folder as the queue, as a click in the tree) and one that deletes the bookmark
 * (GET and DELETE /api/bookmarks). Reloads when the player's bookmark button adds one
 * (api/bookmarks.ts onBookmarksChanged). Nothing is shown while the work has none.
 */
import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlayFilled, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TrackNode } from '@model';
import { useAuth } from '../../api/auth';
import { canWrite } from '@model';
import { onBookmarksChanged, removeBookmark, workBookmarks, type WorkBookmark } from '../../api/bookmarks';
import { notifyError, notifySuccess } from '../../api/client';
import { formatSeconds } from '../../player/format';
import { player } from '../../player/store';
import { findAudio, toQueueItem } from './tree';

export function WorkBookmarks({ workId, workTitle, tracks }: { workId: number; workTitle: string; tracks: TrackNode[] }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const [bookmarks, setBookmarks] = useState<WorkBookmark[]>([]);
  const load = useCallback(() => { workBookmarks(workId).then(setBookmarks, notifyError); }, [workId]);
  useEffect(() => {
    load();
    return onBookmarksChanged((changed) => { if (changed === workId) load(); });
  }, [workId, load]);

  if (!bookmarks.length) return null;
  const play = (b: WorkBookmark) => {
    const found = findAudio(tracks, b.hash);
    if (!found) return;
    player.playQueue(found.folder.map((n) => toQueueItem(n, workTitle)), found.folder.indexOf(found.node), { seconds: b.seconds });
  };
  const remove = async (b: WorkBookmark) => {
    try {
      notifySuccess(await removeBookmark(workId, b.file_id));
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Paper withBorder p="sm" my="sm" data-testid="work-bookmarks">
      <Title order={5} mb="xs">{t('bookmarks.title')}</Title>
      <Stack gap={4}>
        {bookmarks.map((b) => (
          <Group key={b.hash} justify="space-between" wrap="nowrap" data-testid="bookmark-row">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <ActionIcon variant="subtle" aria-label={t('bookmarks.play', { time: formatSeconds(b.seconds) })} onClick={() => play(b)} data-testid="bookmark-play">
                <IconPlayerPlayFilled size={16} />
              </ActionIcon>
              <Text size="sm" truncate>{b.title}</Text>
              <Text size="sm" c="dimmed" data-testid="bookmark-time">{formatSeconds(b.seconds)}</Text>
              {b.comment && <Text size="sm" c="dimmed" truncate>{b.comment}</Text>}
            </Group>
            {(!me || canWrite(me.user)) && (
              <ActionIcon variant="subtle" color="red" aria-label={t('bookmarks.delete')} onClick={() => remove(b)} data-testid="bookmark-delete"><IconTrash size={16} /></ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
