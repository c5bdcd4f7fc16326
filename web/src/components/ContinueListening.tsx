/**
 * The home list's "continue listening" shelf (beyond the spec, as audiobook players have
 * it): the works the caller started and has not finished, most recently played first,
 * from their play history (GET /api/histroy, its first page, order updated_at desc): a
 * work whose progress (src/player/history.ts historyProgress) is FINISHED_PROGRESS or more
 * is left out; one whose queue has no durations stays (its progress is unknown). Each card
 * links to its work, shows the progress bar and resumes playback where it stopped.
 * Hidden when there is nothing to continue.
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Card, Group, Image, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HistoryState, Work } from '@model';
import { FINISHED_PROGRESS, historyProgress } from '../../../src/player/index.js';
import { call, coverUrl, notifyError, routes } from '../api/client';
import { HistoryProgress } from './HistoryProgress';

/**
 * Resumes `state` in the player ('resumed play history' notice). The player's store is
 * loaded on the first click (the player dock loads it too once the page is idle): the
 * list route's first load carries neither it nor the work page's actions.
 */
function resume(state: HistoryState, notice: string): void {
  import('../player/store').then(({ player }) => player.resumeHistory(state, notice), notifyError);
}

/** Whether a listed work was started and not finished. */
const unfinished = (w: Work) => w.state !== null && w.state.queue.length > 0 && (historyProgress(w.state) ?? 0) < FINISHED_PROGRESS;

export function ContinueListening() {
  const { t } = useTranslation();
  const [works, setWorks] = useState<Work[]>([]);

  useEffect(() => {
    let live = true;
    call(routes.favourites.history, { query: { page: 1, order: 'updated_at', sort: 'desc' } })
      .then((res) => { if (live) setWorks(res.works.filter(unfinished)); })
      .catch(notifyError);
    return () => { live = false; };
  }, []);

  if (!works.length) return null;
  return (
    <div data-testid="continue-listening" style={{ marginBottom: 8 }}>
      <Text fw={600} mb={6}>{t('works.continue')}</Text>
      <div style={{ overflowX: 'auto', paddingBottom: 6 }}>
        <Group wrap="nowrap" gap="sm" align="stretch">
          {works.map((w) => (
            <Card key={w.id} withBorder padding={6} w={160} style={{ flexShrink: 0 }} data-testid="continue-card" data-work-id={w.id}>
              <Link to={`/work/${w.id}`}>
                <Image src={coverUrl(w.id, '240x240')} h={100} radius="sm" alt="" loading="lazy" />
              </Link>
              <HistoryProgress state={w.state} />
              <Group wrap="nowrap" gap={4} mt={4} align="flex-start">
                <Text size="xs" lineClamp={2} component={Link} to={`/work/${w.id}`} style={{ flex: 1 }}>{w.title}</Text>
                <ActionIcon size="sm" variant="light" aria-label={t('work.playHistory')} title={t('work.playHistory')} data-testid="continue-play"
                  onClick={() => resume(w.state!, t('work.resumed'))}>
                  <IconPlayerPlayFilled size={14} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </Group>
      </div>
    </div>
  );
}
