/**
 * /novel/work/:id (spec 001 section 2 "Novel work detail"): cover, title, short
 * description, status (complete or serial), word count in 万字, the novel's stars and the
 * caller's own, the origin link, site, tag and author chips (to the filtered lists), the
 * progress dropdown (myProcess 0..3: watching, watched, shelved, want), write review,
 * play-history buttons when a saved state exists, update info (the spider again on the
 * origin link), the TXT dialog, (beyond the spec) a link to the TXT reader while the novel
 * has a TXT, and the info text below. An unknown novel shows the
 * not-found page.
 */
import { lazy, useCallback, useEffect, useState } from 'react';
import { Anchor, Box, Button, Center, Group, Image, Loader, Menu, Rating, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBook, IconChevronDown, IconExternalLink, IconFileText, IconHistory, IconPencil, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { myProcessOf, progressOfMyProcess, type MyProcess, type NovelWork } from '@model';
import { useAuth } from '../../api/auth';
import { ApiError, errorText, notifyError, notifySuccess } from '../../api/client';
import { getNovel, updateNovel } from '../../api/novel';
import { deleteHistory, giveStars, putProgress } from '../../api/review';
import { useDateFormat } from '../../i18n/format';
import { NOVEL_CATALOGUE } from '../../catalogue';
import { ConfirmModal } from '../../components/ConfirmModal';
import { NovelFacts } from '../../components/novel/NovelFacts';
import { TxtDialog } from '../../components/novel/TxtDialog';
import { WorkLabels } from '../../components/WorkCard';
import { playFromHistory } from '../../components/work/WorkActions';
import { ReviewModal } from '../../components/work/ReviewModal';

const NotFound = lazy(() => import('../NotFound'));
const MY_PROCESSES: MyProcess[] = [0, 1, 2, 3];

export default function NovelDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { me } = useAuth();
  const { dateTime } = useDateFormat();
  const [novel, setNovel] = useState<NovelWork | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [dialog, setDialog] = useState<null | 'review' | 'txt' | 'history'>(null);
  const [updating, setUpdating] = useState(false);
  const user = me?.user.name ?? '';

  const load = useCallback(() => getNovel(id).then(setNovel, (err) => {
    setFailure(err);
    if (!(err instanceof ApiError && err.status === 404)) notifyError(err);
  }), [id]);
  useEffect(() => {
    setNovel(null);
    setFailure(null);
    void load();
  }, [load]);
  const patch = (p: Partial<NovelWork>) => setNovel((n) => (n ? { ...n, ...p } : n));

  if (failure !== null) return failure instanceof ApiError && failure.status === 404 ? <NotFound /> : <Center h="40vh"><Text c="dimmed">{errorText(failure)}</Text></Center>;
  if (!novel) return <Center h="40vh"><Loader /></Center>;

  const rate = (rating: number) => giveStars({
    user_name: user, work_id: novel.id, rating, before: novel.userRating, from: 'work', catalogue: NOVEL_CATALOGUE,
    show: (stars) => patch({ userRating: stars, rating: stars }),
  });
  const setMyProcess = async (n: MyProcess) => {
    try {
      const res = await putProgress(user, novel.id, n, NOVEL_CATALOGUE);
      notifySuccess(res);
      patch({ myProcess: n, progress: progressOfMyProcess(n) });
    } catch (err) {
      notifyError(err);
    }
  };
  const update = async () => {
    setUpdating(true);
    try {
      const res = await updateNovel(novel.id);
      notifySuccess(res);
      await load();
    } catch (err) {
      notifyError(err);
    } finally {
      setUpdating(false);
    }
  };
  const removeHistory = async () => {
    try {
      await deleteHistory(novel.id, NOVEL_CATALOGUE);
      notifications.show({ color: 'green', message: t('novel.detail.historyDeleted') });
      patch({ state: null });
    } catch {
      notifications.show({ color: 'red', message: t('novel.detail.historyDeleteFailed') });
    }
  };

  return (
    <Stack maw={1200} mx="auto" gap="md" data-testid="novel-detail">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box w={{ base: '100%', sm: 300 }} style={{ flexShrink: 0 }}>
          <Image src={NOVEL_CATALOGUE.cover(novel.id, 'main')} radius="md" alt={novel.title} data-testid="novel-cover" />
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="novel-title">{novel.title}</Title>
          {novel.desc && <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="novel-desc">{novel.desc}</Text>}
          <NovelFacts work={novel} size="sm" />
          {novel.circle && <Anchor component={Link} to={`/novel/works?circleId=${novel.circle.id}`} size="sm" data-testid="novel-site">{novel.circle.name}</Anchor>}
          <Group gap={6}>
            <Rating value={novel.rate} readOnly data-testid="novel-rate" />
            <Text size="sm">{novel.rate}</Text>
            <Text size="sm" c="dimmed">{t('novel.detail.reads', { count: novel.readCount })}</Text>
          </Group>
          <Group gap={6}>
            <Text size="sm" c="dimmed">{t('work.myRating')}</Text>
            <Rating value={novel.userRating ?? 0} onChange={(v) => void rate(v)} count={5} data-testid="my-rating" />
          </Group>
          {novel.release && <Text size="sm" c="dimmed">{t('novel.detail.published', { time: novel.release.replace('T', ' ') })}</Text>}
          {novel.url && (
            <Anchor href={novel.url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="novel-origin">
              <Group gap={2} component="span" wrap="nowrap">{t('novel.detail.origin')}<IconExternalLink size={14} /></Group>
            </Anchor>
          )}
          <WorkLabels work={novel} />
        </Stack>
      </Group>
      <Group gap="xs" data-testid="novel-actions">
        <Menu>
          <Menu.Target>
            <Button variant="light" rightSection={<IconChevronDown size={14} />} data-testid="progress-button">
              {novel.myProcess !== null ? t(`novel.myProcess.${novel.myProcess}`) : t('work.noProgress')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {MY_PROCESSES.map((n) => <Menu.Item key={n} onClick={() => void setMyProcess(n)} data-testid={`my-process-${n}`}>{t(`novel.myProcess.${n}`)}</Menu.Item>)}
          </Menu.Dropdown>
        </Menu>
        <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setDialog('review')} data-testid="write-review">{t('work.writeReview')}</Button>
        {novel.state && novel.state.queue.length > 0 && (
          <>
            <Button variant="light" color="teal" leftSection={<IconHistory size={16} />} onClick={() => playFromHistory(novel.state!, t('work.resumed'))} data-testid="history-play">{t('work.playHistory')}</Button>
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={() => setDialog('history')} data-testid="history-delete">{t('work.deleteHistory')}</Button>
          </>
        )}
        <Button variant="light" color="gray" leftSection={<IconRefresh size={16} />} loading={updating} disabled={!novel.url} onClick={() => void update()} data-testid="novel-update">{t('novel.detail.update')}</Button>
        {novel.onlineTxt.length > 0 && (
          <Button component={Link} to={`/novel/read/${novel.id}`} variant="light" color="grape" leftSection={<IconBook size={16} />} data-testid="novel-read">{t('novel.txt.read')}</Button>
        )}
        <Button variant="light" color="grape" leftSection={<IconFileText size={16} />} onClick={() => setDialog('txt')} data-testid="txt-button">
          {t('novel.txt.button', { count: novel.onlineTxt.length })}
        </Button>
      </Group>
      {novel.info && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="novel-info">{novel.info}</Text>}
      <Text size="xs" c="dimmed">{novel.updated_at && t('fav.updated', { time: dateTime(novel.updated_at) })}</Text>
      {dialog === 'review' && (
        <ReviewModal work={novel} opened onClose={() => setDialog(null)}
          onSaved={(v) => patch(v ? { ...v, rating: v.userRating, myProcess: myProcessOf(v.progress) } : { userRating: null, rating: null, review_text: null, progress: null, myProcess: null })} />
      )}
      <TxtDialog id={novel.id} txt={novel.onlineTxt} opened={dialog === 'txt'} onClose={() => setDialog(null)} onChange={(onlineTxt) => patch({ onlineTxt })} />
      <ConfirmModal opened={dialog === 'history'} message={t('work.deleteHistoryConfirm')} onClose={() => setDialog(null)} onConfirm={() => void removeHistory()} />
    </Stack>
  );
}
