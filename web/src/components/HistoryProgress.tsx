/**
 * The thin progress bar of a work card (beyond the spec, as audiobook players show it):
 * how far the caller got in the work, from their play history (`state` on every listed
 * work; src/player/history.ts historyProgress). Nothing when there is no history or its
 * queue has no durations.
 */
import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistoryState } from '@model';
import { historyProgress } from '../../../src/player/index.js';

export function HistoryProgress({ state }: { state: HistoryState | null | undefined }) {
  const { t } = useTranslation();
  const progress = historyProgress(state);
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <Progress value={percent} size={3} radius={0} aria-label={t('works.listened', { percent })} title={t('works.listened', { percent })}
      data-testid="card-progress" data-percent={percent} />
  );
}
