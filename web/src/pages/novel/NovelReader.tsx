/**
 * /novel/read/:id (beyond the spec: reading a novel's TXT in the browser, beside its
 * download): the TXT in pages of PAGE_CHARS characters, previous and next (buttons, the
 * arrow keys) and a page number to jump to. It opens where the caller stopped, in any
 * browser: the position (the first character of the page shown) is saved on the server
 * at each page turn (PUT /api/novel/readingPosition; not for guests, who cannot write)
 * and read back on open. A novel without a TXT, or unknown, shows the not-found page.
 */
import { lazy, useCallback, useEffect, useState } from 'react';
import { Anchor, Button, Center, Group, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../api/auth';
import { canWrite } from '@model';
import { ApiError, errorText } from '../../api/client';
import { readingPosition, readTxt, saveReadingPosition } from '../../api/novel';

const NotFound = lazy(() => import('../NotFound'));

/** Characters of text on one page. */
export const PAGE_CHARS = 3000;

export default function NovelReader() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { me } = useAuth();
  const novelId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  const [text, setText] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const [jump, setJump] = useState<number | string>('');
  const canSave = !!me && canWrite(me.user);

  useEffect(() => {
    if (novelId === null) return;
    let live = true;
    Promise.all([readTxt(novelId), readingPosition(novelId)])
      .then(([body, position]) => {
        if (!live) return;
        setText(body);
        setPage(Math.min(Math.floor(position.offset / PAGE_CHARS), Math.max(0, Math.ceil(body.length / PAGE_CHARS) - 1)));
      })
      .catch((err) => { if (live) setFailure(err); });
    return () => { live = false; };
  }, [novelId]);

  const pages = text === null ? 0 : Math.max(1, Math.ceil(text.length / PAGE_CHARS));
  const turn = useCallback((to: number) => {
    if (novelId === null || to < 0 || to >= pages || to === page) return;
    setPage(to);
    window.scrollTo(0, 0);
    // a failed save only costs the position: the page still turns
    if (canSave) saveReadingPosition(novelId, to * PAGE_CHARS).catch((err) => console.error('reading position not saved', err));
  }, [novelId, pages, page, canSave]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'ArrowRight') turn(page + 1);
      else if (e.key === 'ArrowLeft') turn(page - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turn, page]);

  if (novelId === null || (failure instanceof ApiError && failure.status === 404)) return <NotFound />;
  if (failure !== null) return <Center h="40vh"><Text c="dimmed">{t('novel.txt.loadFailed')}: {errorText(failure)}</Text></Center>;
  if (text === null) return <Center h="40vh"><Loader /></Center>;

  /** The page bar, above and below the text; `id` tells their test ids apart ('' above, '-bottom' below). */
  const nav = (id: string) => (
    <Group justify="space-between" wrap="nowrap">
      <Button variant="light" leftSection={<IconChevronLeft size={16} />} disabled={page === 0} onClick={() => turn(page - 1)} data-testid={`reader-previous${id}`}>{t('novel.txt.previous')}</Button>
      <Text size="sm" data-testid={`reader-page${id}`}>{t('novel.txt.page', { n: page + 1, total: pages })}</Text>
      <Button variant="light" rightSection={<IconChevronRight size={16} />} disabled={page >= pages - 1} onClick={() => turn(page + 1)} data-testid={`reader-next${id}`}>{t('novel.txt.next')}</Button>
    </Group>
  );
  return (
    <Stack maw={820} mx="auto" gap="sm" data-testid="novel-reader">
      <Group justify="space-between">
        <Anchor component={Link} to={`/novel/work/${novelId}`} size="sm"><Group gap={4} component="span"><IconArrowLeft size={14} />{t('novel.txt.back')}</Group></Anchor>
        <Group gap={4} wrap="nowrap">
          <NumberInput size="xs" w={90} min={1} max={pages} value={jump} onChange={setJump} aria-label={t('novel.txt.goto')} placeholder={t('novel.txt.goto')} data-testid="reader-jump" />
          <Button size="xs" variant="default" onClick={() => { if (typeof jump === 'number') turn(jump - 1); }}>{t('novel.txt.goto')}</Button>
        </Group>
      </Group>
      <Title order={3} size="h5">{t('novel.txt.reader')}</Title>
      {nav('')}
      <Paper withBorder p="md">
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.9 }} data-testid="reader-text">
          {text.slice(page * PAGE_CHARS, (page + 1) * PAGE_CHARS)}
        </Text>
      </Paper>
      {nav('-bottom')}
    </Stack>
  );
}
