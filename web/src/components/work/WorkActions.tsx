/**
 * Work page actions (spec 000 section 2): progress dropdown, write-review dialog,
 * play-history buttons (shown when a saved state exists), translate-current-folder,
 * scan-local-files (reload when the answer carries a memo) and delete-work
 * (confirmation 'delete audio?', then back to /works). On a trial work (section
 * 'trial') only the play-history buttons stay, beside the trial actions the page passes
 * (dislike, download): reviews, AI tasks, scans and deletes are the library's.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileZip, IconHistory, IconLanguage, IconPencil, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PROGRESS_VALUES, type Progress, type Work } from '@model';
import { useAuth } from '../../api/auth';
import { call, errorText, notifyError, notifySuccess, routes } from '../../api/client';
import { translateFolder } from '../../api/lyric';
import { deleteHistory, putProgress } from '../../api/review';
import { player } from '../../player/store';
import { ConfirmModal } from '../ConfirmModal';
import { ReviewModal } from './ReviewModal';

/** Plays a saved history state: queue, index, then seeks to the saved seconds ('resumed play history'). */
export function playFromHistory(state: NonNullable<Work['state']>, message: string): void {
  player.resumeHistory(state, message);
}

export interface WorkActionsProps {
  work: Work;
  folder: string;
  onChange(p: Partial<Work>): void;
  onTasks(): void;
  /** The trial catalogue's actions: given on a trial work, shown instead of the library's. */
  trial?: ReactNode;
  /** The link that downloads the whole work as one zip (with the token); null when the work has no files. */
  zipUrl: string | null;
}

export function WorkActions({ work, folder, onChange, onTasks, trial, zipUrl }: WorkActionsProps) {
  const { t } = useTranslation();
  const library = trial === undefined;
  const navigate = useNavigate();
  const { me } = useAuth();
  const [review, setReview] = useState(false);
  const [confirm, setConfirm] = useState<null | 'work' | 'history'>(null);

  const run = async (fn: () => Promise<{ message?: string } | void>) => {
    try {
      const res = await fn();
      if (res && res.message) notifySuccess(res);
    } catch (err) {
      notifyError(err);
    }
  };

  const setProgress = (progress: Progress) => run(async () => {
    const res = await putProgress(me?.user.name ?? '', work.id, progress);
    onChange({ progress });
    return res;
  });

  const scan = () => run(async () => {
    const res = await call(routes.library.scanWork, { params: { id: work.id } });
    if (res.memo) window.location.reload();
    return res;
  });

  const removeWork = () => run(async () => {
    const res = await call(routes.library.deleteWork, { params: { id: work.id } });
    navigate('/works');
    return res;
  });

  const removeHistory = async () => {
    try {
      await deleteHistory(work.id);
      notifications.show({ color: 'green', message: t('work.historyDeleted') });
      onChange({ state: null });
    } catch (err) {
      notifications.show({ color: 'red', message: t('work.historyDeleteFailed', { message: errorText(err) }) });
    }
  };

  return (
    <Group gap="xs" my="md" data-testid="work-actions">
      {library && <Menu>
        <Menu.Target>
          <Button variant="light" rightSection={<IconChevronDown size={14} />} data-testid="progress-button">
            {work.progress ? t(`progress.${work.progress}`) : t('work.noProgress')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {PROGRESS_VALUES.map((p) => <Menu.Item key={p} onClick={() => void setProgress(p)}>{t(`progress.${p}`)}</Menu.Item>)}
        </Menu.Dropdown>
      </Menu>}
      {library && <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setReview(true)} data-testid="write-review">{t('work.writeReview')}</Button>}
      {work.state && work.state.queue.length > 0 && (
        <>
          <Button variant="light" color="teal" leftSection={<IconHistory size={16} />} onClick={() => playFromHistory(work.state!, t('work.resumed'))} data-testid="history-play">
            {t('work.playHistory')}
          </Button>
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={() => setConfirm('history')} data-testid="history-delete">
            {t('work.deleteHistory')}
          </Button>
        </>
      )}
      {library ? (
        <>
          <Button variant="light" color="grape" leftSection={<IconLanguage size={16} />} data-testid="translate-folder"
            onClick={() => void run(async () => { const r = await translateFolder(work.id, folder); onTasks(); return r; })}>
            {t('work.translateFolder')}
          </Button>
          <Button variant="light" color="gray" leftSection={<IconRefresh size={16} />} onClick={() => void scan()} data-testid="scan-work">{t('work.scan')}</Button>
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirm('work')} data-testid="delete-work">{t('work.deleteWork')}</Button>
        </>
      ) : trial}
      {zipUrl && (
        <Button component="a" href={zipUrl} download variant="light" color="gray" leftSection={<IconFileZip size={16} />} data-testid="download-zip">
          {t('work.downloadAll')}
        </Button>
      )}
      {review && (
        <ReviewModal work={work} opened onClose={() => setReview(false)}
          onSaved={(v) => onChange(v ?? { userRating: null, review_text: null, progress: null })} />
      )}
      <ConfirmModal
        opened={confirm !== null}
        message={confirm === 'work' ? t('work.deleteWorkConfirm') : t('work.deleteHistoryConfirm')}
        onClose={() => setConfirm(null)}
        onConfirm={() => void (confirm === 'work' ? removeWork() : removeHistory())}
      />
    </Group>
  );
}
