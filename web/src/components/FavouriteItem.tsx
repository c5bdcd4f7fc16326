/**
 * One favourites item (spec 000 section 2 "Favourites"; a work of the library or of the
 * trial catalogue, which it links to): cover, title, circle, release,
 * voice actors, the user's stars (sent with starOnly=true; a zero is not submitted),
 * updated time; per mode: the review text (click opens the review dialog), the history
 * position with 'play from history', or an inline progress toggle.
 */
import { memo, useState } from 'react';
import { Button, Card, Group, Image, Rating, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PROGRESS_VALUES, type Progress, type Work } from '@model';
import { useAuth } from '../api/auth';
import { notifyError, notifySuccess } from '../api/client';
import { giveStars, putProgress } from '../api/review';
import { useCatalogue, useCatalogueT } from '../catalogue';
import { workPage } from '../api/scope';
import { useDateFormat } from '../i18n/format';
import { formatSeconds } from '../player/format';
import { playFromHistory } from './work/WorkActions';
import { ReviewModal } from './work/ReviewModal';
import { HistoryProgress } from './HistoryProgress';

export type FavouritesMode = 'histroy' | 'review' | 'progress' | 'folder';

/** What a favourites item shows of a work of either section (an audio Work or a NovelWork). */
export type FavWork = Pick<Work, 'id' | 'title' | 'circle' | 'release' | 'vas' | 'userRating' | 'review_text' | 'progress' | 'state' | 'updated_at'> & Partial<Pick<Work, 'trial'>>;

function FavouriteItemImpl({ work: initial, mode }: { work: FavWork; mode: FavouritesMode }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const catalogue = useCatalogue();
  const st = useCatalogueT();
  // a work of the trial catalogue (its `trial` mark) opens and shows its cover there
  const scope = initial.trial ? 'trial' : 'library';
  const href = `${catalogue.base}${workPage(scope, initial.id)}`;
  const [work, setWork] = useState(initial);
  const [review, setReview] = useState(false);
  const { date, dateTime } = useDateFormat();
  const user = me?.user.name ?? '';

  const rate = (rating: number) => giveStars({
    user_name: user, work_id: work.id, rating, before: work.userRating, from: 'favourites', catalogue,
    show: (userRating) => setWork((w) => ({ ...w, userRating })),
  });
  const setProgress = async (progress: Progress) => {
    try {
      const res = await putProgress(user, work.id, progress, catalogue);
      if (res.message) notifySuccess(res);
      setWork((w) => ({ ...w, progress }));
    } catch (err) {
      notifyError(err);
    }
  };

  const state = work.state;
  const track = state?.queue[state.index];
  return (
    <Card withBorder padding="sm" data-testid="fav-item" data-work-id={work.id}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Link to={href} style={{ flexShrink: 0 }}>
          <Image src={catalogue.cover(work.id, '240x240', scope)} w={{ base: 80, sm: 120 }} h={{ base: 80, sm: 120 }} radius="sm" alt="" loading="lazy" />
        </Link>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2} component={Link} to={href} data-testid="fav-title">{work.title}</Text>
          <HistoryProgress state={work.state} />
          <Group gap={8}>
            {work.circle && <Text size="xs" c="dimmed" component={Link} to={`${catalogue.base}/works?circleId=${work.circle.id}`}>{work.circle.name}</Text>}
            {work.release && <Text size="xs" c="dimmed">{date(work.release)}</Text>}
          </Group>
          {work.vas.length > 0 && <Text size="xs" c="teal" truncate>{work.vas.map((v) => v.name).join(' / ')}</Text>}
          <Rating value={work.userRating ?? 0} onChange={(v) => void rate(v)} size="sm" data-testid="fav-rating" />
          {mode === 'review' && (
            <Text size="sm" style={{ cursor: 'pointer', whiteSpace: 'pre-wrap' }} onClick={() => setReview(true)} lineClamp={4} data-testid="fav-review-text">
              {work.review_text || '…'}
            </Text>
          )}
          {mode === 'progress' && (
            <Select size="xs" w={160} value={work.progress} allowDeselect={false} data-testid="fav-progress"
              data={PROGRESS_VALUES.map((p) => ({ value: p, label: st(`progress.${p}`) }))}
              onChange={(v) => v && void setProgress(v as Progress)} />
          )}
          {mode === 'histroy' && state && state.queue.length > 0 && (
            <Group gap="xs" data-testid="fav-history">
              <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={() => playFromHistory(state, t('work.resumed'))} data-testid="fav-play-history">
                {t('fav.playFromHistory')}
              </Button>
              <Text size="xs" data-testid="fav-position">{t('fav.position', { n: state.index + 1, total: state.queue.length })}</Text>
              <Text size="xs" c="dimmed">{formatSeconds(state.seconds)}</Text>
              {track && <Text size="xs" truncate maw={220}>{track.title}</Text>}
            </Group>
          )}
          {work.updated_at && <Text size="xs" c="dimmed">{t('fav.updated', { time: dateTime(work.updated_at) })}</Text>}
        </Stack>
      </Group>
      {review && <ReviewModal work={work} opened onClose={() => setReview(false)} onSaved={(v) => setWork((w) => ({ ...w, ...(v ?? { userRating: null, review_text: null, progress: null }) }))} />}
    </Card>
  );
}

export const FavouriteItem = memo(FavouriteItemImpl);
