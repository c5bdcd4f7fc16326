/**
 * The work page header (spec 000 section 2 "Work detail"): cover, code (RJ + 6 or 8
 * digits), title, circle link, average stars with the distribution tooltip (per-star
 * bars scaled ratio/100, average, rating count, review count), the user's own stars,
 * store link, price in yen, sales, tag chips (hidden when the first tag's name is null)
 * and voice-actor chips. A work without the store's metadata (`store_data` false) shows
 * 'no store data' instead of the stars, price, sales and store link, and to the admin a
 * 'fetch again' button (POST /api/work/scan/:id: its rescan and metadata fetch). In the
 * trial catalogue the cover is its own; the user rates a trial work as a library one (the
 * same review row).
 */
import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Image, Progress, Rating, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatWorkCode, type Work } from '@model';
import { useAuth } from '../../api/auth';
import { call, coverUrl, notifyError, notifySuccess, routes } from '../../api/client';
import type { Scope } from '../../api/scope';
import { giveStars } from '../../api/review';
import { useDateFormat } from '../../i18n/format';
import { WorkLabels } from '../WorkCard';

/** The store page of a work. */
export function storeUrl(work: Pick<Work, 'id' | 'code_prefix'>): string {
  return `https://www.dlsite.com/maniax/work/=/product_id/${formatWorkCode(work.id, work.code_prefix)}.html`;
}

function RatingTooltip({ work }: { work: Work }) {
  const { t } = useTranslation();
  const detail = [...(work.rate_count_detail ?? [])].sort((a, b) => b.review_point - a.review_point);
  return (
    <Stack gap={4} w={200} data-testid="rating-tooltip">
      {detail.map((d) => (
        <Group key={d.review_point} gap={6} wrap="nowrap">
          <Text size="xs" w={24}>{d.review_point}★</Text>
          <Progress value={d.ratio} size="sm" style={{ flex: 1 }} />
          <Text size="xs" w={40} ta="right">{d.count}</Text>
        </Group>
      ))}
      <Text size="xs">{t('work.average', { avg: work.rate_average_2dp })} · {t('work.rateCount', { count: work.rate_count })} · {t('work.reviewCount', { count: work.review_count })}</Text>
    </Stack>
  );
}

/** 'No store data' with, for the admin in the library, 'fetch again' (the work's rescan and metadata fetch; the answer is shown as a notice, and `onFetched` reloads the work). */
function NoStoreData({ work, scope, onFetched }: { work: Work; scope: Scope; onFetched(): void }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const [busy, setBusy] = useState(false);
  const fetchAgain = async () => {
    setBusy(true);
    try {
      notifySuccess(await call(routes.library.scanWork, { params: { id: work.id } }));
      onFetched();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" data-testid="no-store-data">
      <Badge color="gray" variant="light" title={t('work.noStoreDataHint')}>{t('work.noStoreData')}</Badge>
      {me?.user.group === 'admin' && scope === 'library' && (
        <Button size="xs" variant="light" loading={busy} onClick={() => void fetchAgain()} data-testid="fetch-again">{t('work.fetchAgain')}</Button>
      )}
    </Group>
  );
}

export function WorkHeader({ work, scope = 'library', onChange, onReload }: { work: Work; scope?: Scope; onChange(patch: Partial<Work>): void; onReload?(): void }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const noStore = work.store_data === false;
  const { date } = useDateFormat();
  const code = formatWorkCode(work.id, work.code_prefix);

  const rate = (rating: number) => giveStars({
    user_name: me?.user.name ?? '', work_id: work.id, rating, before: work.userRating, from: 'work',
    show: (userRating) => onChange({ userRating }),
  });

  return (
    <Group align="flex-start" gap="lg" wrap="wrap" data-testid="work-header">
      <Box w={{ base: '100%', sm: 360 }} style={{ flexShrink: 0 }}>
        <Image src={coverUrl(work.id, 'main', scope)} radius="md" alt={work.title} data-testid="work-cover" />
      </Box>
      <Stack gap={6} style={{ flex: 1, minWidth: 260 }}>
        <Badge variant="outline" size="lg" data-testid="work-code">{code}</Badge>
        <Title order={2} size="h3" data-testid="work-title">{work.title}</Title>
        {work.circle && (
          <Anchor component={Link} to={`/works?circleId=${work.circle.id}`} data-testid="work-circle">{work.circle.name}</Anchor>
        )}
        {noStore ? <NoStoreData work={work} scope={scope} onFetched={() => onReload?.()} /> : <Tooltip label={<RatingTooltip work={work} />} withArrow multiline>
          <Group gap={6} w="fit-content" data-testid="work-average">
            <Rating value={work.rate_average_2dp} fractions={4} readOnly />
            <Text size="sm">{work.rate_average_2dp}</Text>
            <Text size="sm" c="dimmed">({work.rate_count})</Text>
          </Group>
        </Tooltip>}
        <Group gap={6}>
          <Text size="sm" c="dimmed">{t('work.myRating')}</Text>
          <Rating value={work.userRating ?? 0} onChange={(v) => void rate(v)} count={5} data-testid="my-rating" />
        </Group>
        <Group gap="md">
          {!noStore && work.price > 0 && <Text c="red" fw={600} data-testid="work-price">{t('work.price', { price: work.price })}</Text>}
          {!noStore && <Text size="sm" c="dimmed" data-testid="work-sales">{t('work.sales', { count: work.dl_count })}</Text>}
          {work.release && <Text size="sm" c="dimmed">{date(work.release)}</Text>}
          {!noStore && (
            <Anchor href={storeUrl(work)} target="_blank" rel="noreferrer" size="sm" data-testid="store-link">
              <Group gap={2} component="span">{t('work.store')}<IconExternalLink size={14} /></Group>
            </Anchor>
          )}
        </Group>
        <WorkLabels work={work} />
      </Stack>
    </Group>
  );
}
