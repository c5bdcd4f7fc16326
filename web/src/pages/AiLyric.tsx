/**
 * /ai_lyric, the AI lyric centre (spec 000 sections 2, 4, 7 and 9): filters by work id
 * (numeric, 'RJ' accepted), file name and a multi-select of statuses; a refresh button;
 * the tasks 12 per page, newest first, with infinite scroll (500 px offset).
 * GET /api/lyric/translate?page&work_id&file_name&status=[..]. While no worker has been
 * seen (GET /api/lyric/workers), a notice says tasks wait for one to be set up, with the
 * admin's link to the worker keys. Under /novel the centre is empty: novels have no audio,
 * so no lyric tasks (the audio site's are not listed there).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Anchor, Center, Group, Loader, MultiSelect, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LyricTask } from '@model';
import { TaskStatus } from '../../../src/lyrics/status';
import { call, routes } from '../api/client';
import { useAuth } from '../api/auth';
import { useCatalogue } from '../catalogue';
import { useInfiniteList } from '../components/useInfiniteList';
import { AiLyricTaskRow } from './AiLyricTaskRow';

/** Infinite scroll offset of the AI centre (spec 000 section 9). */
export const AI_CENTRE_SCROLL_OFFSET = 500;
/** Statuses offered by the filter (0 none is not a state a task is in). */
const FILTER_STATUSES = [TaskStatus.PENDING, TaskStatus.TRANSCRIBING, TaskStatus.SUCCESS, TaskStatus.ERROR];

/**
 * The work id filter as typed: '' none; 'RJ01012345', 'rj01012345', '01012345', '1012345'
 * give the digits; anything else is invalid (not sent).
 */
export function workIdFilter(text: string): { workId: string | null; invalid: boolean } {
  const t = text.trim();
  if (!t) return { workId: null, invalid: false };
  const m = /^(?:RJ|VJ|BJ)?(\d{1,8})$/i.exec(t);
  return m ? { workId: m[1]!, invalid: false } : { workId: null, invalid: true };
}

/** The notice while no AI lyric worker has been seen: tasks wait; the admin gets the link to the worker keys. */
function NoWorkerNotice() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const [seen, setSeen] = useState(true);
  useEffect(() => {
    let live = true;
    // a failed check keeps quiet: the notice is a hint, the list below says what failed
    call(routes.lyric.workers).then((a) => { if (live) setSeen(a.seen); }, () => undefined);
    return () => { live = false; };
  }, []);
  if (seen) return null;
  return (
    <Alert color="yellow" title={t('aiLyric.noWorkerTitle')} data-testid="ai-no-worker">
      <Text size="sm">{t('aiLyric.noWorker')}</Text>
      {me?.user.group === 'admin' && <Anchor component={Link} to="/admin/advanced" size="sm" data-testid="ai-worker-keys">{t('aiLyric.workerKeys')}</Anchor>}
    </Alert>
  );
}

/** /ai_lyric (see the file comment); /novel/ai_lyric shows the empty centre. */
export default function AiLyric() {
  const { t } = useTranslation();
  if (useCatalogue().id === 'novel') {
    return (
      <Stack maw={1000} mx="auto">
        <Title order={3}>{t('nav.aiLyric')}</Title>
        <Text c="dimmed" ta="center" py="xl" data-testid="ai-empty">{t('aiLyric.novelEmpty')}</Text>
      </Stack>
    );
  }
  return <AiLyricCentre />;
}

function AiLyricCentre() {
  const { t } = useTranslation();
  const [workIdText, setWorkIdText] = useState('');
  const [fileName, setFileName] = useState('');
  const [statuses, setStatuses] = useState<string[]>([]);
  const [refreshes, setRefreshes] = useState(0);
  const [debouncedWorkId] = useDebouncedValue(workIdText, 500);
  const [debouncedFileName] = useDebouncedValue(fileName, 500);
  const { workId, invalid } = workIdFilter(debouncedWorkId);

  const query = useMemo(() => ({
    work_id: workId ?? undefined,
    file_name: debouncedFileName.trim() || undefined,
    status: JSON.stringify(statuses.map(Number).sort()),
  }), [workId, debouncedFileName, statuses]);
  const fetchPage = useCallback(async (page: number, _seed: number, signal: AbortSignal) => {
    const res = await call(routes.lyric.tasks, { query: { ...query, page }, signal });
    return { items: res.tasks, totalCount: res.pagination.totalCount };
  }, [query]);
  const list = useInfiniteList<LyricTask>(fetchPage, JSON.stringify({ query, refreshes }), AI_CENTRE_SCROLL_OFFSET);
  const onDeleted = useCallback((id: number) => list.remove((task) => task.id === id), [list.remove]);

  return (
    <Stack maw={1000} mx="auto">
      <Title order={3}>{t('nav.aiLyric')}</Title>
      <NoWorkerNotice />
      <Group gap="xs" align="flex-end">
        <TextInput size="xs" w={160} label={t('aiLyric.workId')} placeholder="RJ01012345" value={workIdText}
          onChange={(e) => setWorkIdText(e.currentTarget.value)} error={invalid ? t('aiLyric.workIdInvalid') : undefined}
          data-testid="ai-filter-work" />
        <TextInput size="xs" style={{ flex: 1, minWidth: 160 }} label={t('aiLyric.fileName')} value={fileName}
          onChange={(e) => setFileName(e.currentTarget.value)} data-testid="ai-filter-file" />
        <MultiSelect size="xs" w={260} label={t('aiLyric.status')} placeholder={statuses.length ? undefined : t('aiLyric.allStatuses')}
          data={FILTER_STATUSES.map((s) => ({ value: String(s), label: t(`work.ai.${s}`) }))}
          value={statuses} onChange={setStatuses} clearable data-testid="ai-filter-status" />
        <Tooltip label={t('aiLyric.refresh')}>
          <ActionIcon variant="default" size="lg" aria-label={t('aiLyric.refresh')} onClick={() => setRefreshes((n) => n + 1)} data-testid="ai-refresh">
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap="xs" data-testid="ai-task-list">
        {list.items.map((task) => <AiLyricTaskRow key={task.id} task={task} onDeleted={onDeleted} />)}
      </Stack>
      <div ref={list.sentinelRef} style={{ height: 1 }} />
      {list.loading && <Center py="md"><Loader size="sm" /></Center>}
      {list.done && list.items.length === 0 && <Text c="dimmed" ta="center" py="xl" data-testid="ai-empty">{t('aiLyric.empty')}</Text>}
      {list.done && list.items.length > 0 && <Text c="dimmed" ta="center" size="sm" py="md" data-testid="ai-end">{t('aiLyric.noMore')}</Text>}
    </Stack>
  );
}
