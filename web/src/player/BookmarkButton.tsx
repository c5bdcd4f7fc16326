/**
 * "Add a bookmark at the current second" (src/bookmarks/README.md): keeps the caller's
 * place in the playing track, the current time rounded down to the second, through PUT
 * /api/bookmarks; the server's message is the notice, and the work page's list shows it
 * (api/bookmarks.ts). Shown to listeners who may write (not guests), for library tracks
 * (a trial track cannot be bookmarked); disabled while nothing plays.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseTrackHash } from '@model';
import { useAuth } from '../api/auth';
import { canWrite } from '@model';
import { addBookmark } from '../api/bookmarks';
import { notifyError, notifySuccess } from '../api/client';
import { player, usePlayer } from './store';

export function BookmarkButton() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const hash = usePlayer((s) => s.queue[s.queueIndex]?.hash);
  const track = hash ? parseTrackHash(hash) : null;
  if ((me && !canWrite(me.user)) || track?.trial) return null;
  const add = async () => {
    if (!track) return;
    try {
      notifySuccess(await addBookmark(track.workId, track.fileId, Math.floor(player.getState().currentTime)));
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Tooltip label={t('bookmarks.add')}>
      <ActionIcon variant="subtle" aria-label={t('bookmarks.add')} disabled={!track} onClick={add} data-testid="add-bookmark"><IconBookmarkPlus size={18} /></ActionIcon>
    </Tooltip>
  );
}
