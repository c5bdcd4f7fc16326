/**
 * A work in the works list (spec 000 section 2 "Works list"): grid card (detail or
 * thumbnail zoom) or list row. Cover, code, title, circle, rating, the caller's own
 * stars (detail card and list row; the library's only), price, sales, labels (tags and
 * voice actors), lyric badge ('no store data' instead of the store's rating, price and
 * sales for a work without the store's metadata), a thin bar of the caller's progress from
 * their play history (HistoryProgress, beyond the spec) and, in the library, a delete action ('delete audio?'); in
 * the trial catalogue a dislike and a download action instead (TrialActions). A deleted
 * or disliked card hides itself (the parent drops it). Memoised: loading more pages does
 * not re-render loaded cards.
 * In the novel section (catalogue.tsx) the same card links, rates and deletes through the
 * novel calls, shows no code, and adds the word count (万字) and the status.
 */
import { lazy, memo, Suspense, useState } from 'react';
import { ActionIcon, AspectRatio, Badge, Card, Group, Image, Rating, Stack, Text } from '@mantine/core';
import { IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatWorkCode, type NovelWork, type Work } from '@model';
import { useAuth } from '../api/auth';
import { canWrite } from '@model';
import { notifyError, notifySuccess, send } from '../api/client';
import { workPage, type Scope } from '../api/scope';
import { TrialActions } from './TrialActions';
import { giveStars } from '../api/review';
import { useDateFormat } from '../i18n/format';
import { useCatalogue, useCatalogueT } from '../catalogue';
import { NovelFacts } from './novel/NovelFacts';
import { HistoryProgress } from './HistoryProgress';

// The dialog loads on the first delete click: the list route stays light.
const ConfirmModal = lazy(() => import('./ConfirmModal').then((m) => ({ default: m.ConfirmModal })));

// Cards far off screen skip layout and paint (a long scrolled list stays smooth).
const OFFSCREEN_SKIP_GRID = { contentVisibility: 'auto', containIntrinsicSize: 'auto 380px' } as const;
const OFFSCREEN_SKIP_LIST = { contentVisibility: 'auto', containIntrinsicSize: 'auto 96px' } as const;

export type CardVariant = 'detail' | 'zoom' | 'list';

/** What a card shows of a work of either section: an audio Work or a NovelWork. */
export type CardWork = Pick<Work, 'id' | 'title' | 'circle' | 'tags' | 'vas' | 'userRating' | 'rate_average_2dp' | 'release' | 'lyric_status'>
  & Partial<Pick<Work, 'code_prefix' | 'rate_count' | 'price' | 'dl_count' | 'state' | 'trial' | 'store_data'>>
  & Partial<Pick<NovelWork, 'wordCount' | 'process'>>;

export interface WorkCardProps {
  work: CardWork;
  variant: CardVariant;
  showLabels: boolean;
  /** The catalogue the card belongs to: its links, cover and actions. */
  scope: Scope;
  /** The work was deleted (library) or disliked (trial): the list drops it. */
  onDeleted(id: number): void;
}

const CHIP = { display: 'inline-block', padding: '0 8px', borderRadius: 16, fontWeight: 600, textDecoration: 'none', whiteSpace: 'nowrap' } as const;
const CHIP_SIZE = { xs: { fontSize: 11, lineHeight: '18px' }, sm: { fontSize: 12, lineHeight: '22px' } } as const;
const TAG_COLOURS = { background: 'var(--mantine-color-blue-light)', color: 'var(--mantine-color-blue-light-color)' } as const;
const VA_COLOURS = { background: 'var(--mantine-color-teal-light)', color: 'var(--mantine-color-teal-light-color)' } as const;

/**
 * Tag and voice-actor chips linking to the filtered list. Hidden when the first tag's name
 * is null. Plain links styled with the theme's colours: a card carries a dozen of them, and
 * a long list stays cheap to render (bench/README.md "web").
 */
export function WorkLabels({ work, size = 'sm' }: { work: Pick<Work, 'tags' | 'vas'>; size?: 'xs' | 'sm' }) {
  const { base } = useCatalogue();
  const tagsShown = work.tags.length > 0 && work.tags[0]!.name !== null;
  const tagStyle = { ...CHIP, ...CHIP_SIZE[size], ...TAG_COLOURS };
  const vaStyle = { ...CHIP, ...CHIP_SIZE[size], ...VA_COLOURS };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} data-testid="work-labels">
      {tagsShown && work.tags.map((tag) => (
        <Link key={`t${tag.id}`} to={`${base}/works?tagId=${tag.id}`} style={tagStyle} data-testid="tag-chip">{tag.name}</Link>
      ))}
      {work.vas.map((va) => (
        <Link key={`v${va.id}`} to={`${base}/works?vaId=${va.id}`} style={vaStyle} data-testid="va-chip">{va.name}</Link>
      ))}
    </div>
  );
}

/** 'No store data': the work has no store metadata, so its rating, price and sales are not the store's. */
function NoStoreData() {
  const { t } = useTranslation();
  return <Badge size="xs" color="gray" variant="light" data-testid="no-store-data">{t('works.noStoreData')}</Badge>;
}

function LyricBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Group gap={2}>
      {status.split('_').map((p) => <Badge key={p} size="xs" color={p === 'ai' ? 'grape' : 'cyan'}>{t(`works.lyricOpt.${p as 'ai' | 'local'}`)}</Badge>)}
    </Group>
  );
}

/**
 * The caller's own stars of a card (spec 001 section 7 'audio card rating': PUT
 * /api/review {user_name, work_id, rating}, no query). Not shown to guests, who cannot write.
 */
function CardRating({ work }: { work: CardWork }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const catalogue = useCatalogue();
  const [rating, setRating] = useState(work.userRating ?? 0);
  if (!me || !canWrite(me.user)) return null;
  const rate = (value: number) => giveStars({
    user_name: me.user.name, work_id: work.id, rating: value, before: rating, from: 'work', catalogue,
    show: (stars) => setRating(stars ?? 0),
  });
  return <Rating value={rating} onChange={(v) => void rate(v)} count={5} size="sm" aria-label={t('work.myRating')} data-testid="card-my-rating" />;
}

/** Price, sales and release date of a work (detail card and list row), each when known. */
function SaleFacts({ work, noStore }: { work: CardWork; noStore: boolean }) {
  const { t } = useTranslation();
  const { date } = useDateFormat();
  return (
    <>
      {!noStore && (work.price ?? 0) > 0 && <Text size="xs" c="red" data-testid="card-price">{t('work.price', { price: work.price })}</Text>}
      {!noStore && (work.dl_count ?? 0) > 0 && <Text size="xs" c="dimmed" data-testid="card-sales">{t('work.sales', { count: work.dl_count })}</Text>}
      {work.release && <Text size="xs" c="dimmed" data-testid="card-release">{date(work.release)}</Text>}
    </>
  );
}

function WorkCardImpl({ work, variant, showLabels, scope, onDeleted }: WorkCardProps) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const st = useCatalogueT();
  const [confirm, setConfirm] = useState(false);
  const code = catalogue.codes ? formatWorkCode(work.id, work.code_prefix) : null;
  const href = `${catalogue.base}${workPage(scope, work.id)}`;
  const trial = scope === 'trial';
  const noStore = work.store_data === false;

  const remove = async () => {
    try {
      const res = await send<{ message?: string }>({ route: catalogue.deleteWork, params: { id: work.id } });
      if (res?.message) notifySuccess(res);
      onDeleted(work.id);
    } catch (err) {
      notifyError(err);
    }
  };

  const trialActions = trial && <TrialActions workId={work.id} variant="card" onDisliked={onDeleted} downloaded={work.trial?.downloaded} />;
  const deleteButton = !trial && (
    <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => setConfirm(true)} data-testid="card-delete">
      <IconTrash size={16} />
    </ActionIcon>
  );
  const circle = work.circle && (
    <Text size="xs" c="dimmed" truncate component={Link} to={`${catalogue.base}/works?circleId=${work.circle.id}`} data-testid="card-circle">{work.circle.name}</Text>
  );
  const modal = confirm && (
    <Suspense fallback={null}>
      <ConfirmModal opened message={st('works.deleteConfirm')} onClose={() => setConfirm(false)} onConfirm={() => void remove()} />
    </Suspense>
  );

  if (variant === 'list') {
    return (
      <Card withBorder padding="xs" data-testid="work-card" data-work-id={work.id} style={OFFSCREEN_SKIP_LIST}>
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Link to={href} style={{ flexShrink: 0 }}>
            <Image src={catalogue.cover(work.id, '240x240', scope)} w={72} h={72} radius="sm" loading="lazy" alt="" />
          </Link>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" lineClamp={2} component={Link} to={href} data-testid="card-title">{work.title}</Text>
            <HistoryProgress state={work.state} />
            {circle}
            <Group gap={6}>
              {code && <Badge size="xs" variant="outline">{code}</Badge>}
              {noStore && <NoStoreData />}
              <LyricBadge status={work.lyric_status} />
              <NovelFacts work={work} />
            </Group>
            <Group gap={8} data-testid="card-facts"><SaleFacts work={work} noStore={noStore} /></Group>
            {!trial && <CardRating work={work} />}
            {showLabels && <WorkLabels work={work} size="xs" />}
          </Stack>
          {deleteButton}
          {trialActions}
        </Group>
        {modal}
      </Card>
    );
  }

  return (
    <Card withBorder padding="sm" data-testid="work-card" data-work-id={work.id} style={OFFSCREEN_SKIP_GRID}>
      <Card.Section component={Link} to={href} pos="relative">
        <AspectRatio ratio={variant === 'zoom' ? 1 : 4 / 3}>
          <Image src={catalogue.cover(work.id, variant === 'zoom' ? '240x240' : 'main', scope)} loading="lazy" alt="" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
        </AspectRatio>
        {code && <Badge size="xs" variant="filled" color="dark" pos="absolute" top={6} left={6} data-testid="card-code">{code}</Badge>}
        <div style={{ position: 'absolute', left: 0, right: 0, bottom: 0 }}><HistoryProgress state={work.state} /></div>
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Text fw={600} size="sm" lineClamp={2} component={Link} to={href} data-testid="card-title">{work.title}</Text>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          {circle ?? <span />}
          {deleteButton}
        </Group>
        {trialActions}
        {variant === 'detail' && (
          <>
            <Group justify="space-between" gap={4}>
              {noStore ? <NoStoreData /> : (
                <Group gap={4} data-testid="card-rating">
                  <IconStarFilled size={14} color={(work.rate_count ?? work.rate_average_2dp) ? 'var(--mantine-color-yellow-5)' : 'var(--mantine-color-gray-4)'} />
                  <Text size="xs" c="dimmed">{work.rate_count === undefined ? work.rate_average_2dp : `${work.rate_average_2dp} (${work.rate_count})`}</Text>
                </Group>
              )}
              {!trial && <CardRating work={work} />}
            </Group>
            <Group gap={8}>
              <SaleFacts work={work} noStore={noStore} />
              <NovelFacts work={work} />
            </Group>
            <LyricBadge status={work.lyric_status} />
            <WorkLabels work={work} size="xs" />
          </>
        )}
      </Stack>
      {modal}
    </Card>
  );
}

export const WorkCard = memo(WorkCardImpl);
