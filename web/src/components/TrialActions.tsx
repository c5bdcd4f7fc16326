/**
 * The trial catalogue's actions on a work (spec 000 sections 2 and 7), on its card and
 * on its page: dislike (PUT /api/fake/{id}/ {status: 4}; the card then hides itself) and
 * download (POST /api/fake/download/{id}/), whose progress (bytes and percent, then
 * unpacking and reading the files) shows under the buttons, polled from
 * GET /api/fake/download/{id} until it is done or failed. A work whose trial is downloaded
 * already (its `trial.downloaded` mark, or a download that ended here) shows the download
 * button as done (a check, disabled) instead of offering a download the server refuses.
 */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconThumbDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WorkStatus, type TrialDownload } from '@model';
import { call, notifyError, notifySuccess, routes } from '../api/client';
import { serverText } from '../i18n/serverText';

/** Milliseconds between two progress polls. */
export const DOWNLOAD_POLL_MS = 500;

/** Bytes as people read them: '812 KB', '12.4 MB', '1.2 GB'. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${i === 0 || n >= 100 ? Math.round(n) : n.toFixed(1)} ${units[i]}`;
}

/** The work's download: its last state (null before one started here) and the call that starts it. */
function useTrialDownload(workId: number, onDone?: () => void): { download: TrialDownload | null; start(): void } {
  const [download, setDownload] = useState<TrialDownload | null>(null);
  const live = useRef(true);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => () => { live.current = false; }, []);

  const follow = async () => {
    while (live.current) {
      await new Promise((r) => setTimeout(r, DOWNLOAD_POLL_MS));
      if (!live.current) return;
      const { download: d } = await call(routes.trial.download, { params: { id: workId } });
      if (!live.current) return;
      setDownload(d);
      // the failure shows under the buttons (DownloadProgress), in the UI's language
      if (d.state === 'failed') return;
      if (d.state === 'done') {
        done.current?.();
        return;
      }
    }
  };

  const start = () => {
    call(routes.trial.startDownload, { params: { id: workId } })
      .then((res) => {
        notifySuccess(res);
        setDownload(res.download);
        return follow();
      })
      .catch(notifyError);
  };
  return { download, start };
}

/** The progress line of a download. */
function DownloadProgress({ download }: { download: TrialDownload }) {
  const { t } = useTranslation();
  const bytes = formatBytes(download.bytes);
  const label = {
    waiting: t('trial.waiting'),
    downloading: download.percent === null ? t('trial.downloadingUnknown', { bytes }) : t('trial.downloading', { percent: download.percent, bytes }),
    unpacking: t('trial.unpacking'),
    scanning: t('trial.scanning'),
    done: t('trial.done'),
    failed: t('trial.failed', { error: download.errorCode ? serverText({ message: download.error ?? '', code: download.errorCode, params: download.errorParams }) : (download.error ?? '') }),
  }[download.state];
  return (
    <Stack gap={2} data-testid="download-progress" data-state={download.state}>
      {download.state !== 'done' && download.state !== 'failed' && <Progress value={download.percent ?? 0} size="sm" animated />}
      <Text size="xs" c={download.state === 'failed' ? 'red' : 'dimmed'}>{label}</Text>
    </Stack>
  );
}

export interface TrialActionsProps {
  workId: number;
  /** Icons on a card, labelled buttons on the work page. */
  variant: 'card' | 'page';
  /** Called after the dislike succeeded (the card hides itself, the page goes back to the list). */
  onDisliked(id: number): void;
  /** Called when a download has finished (the page reloads the file tree). */
  onDownloaded?(): void;
  /** The trial files are there already (the work's `trial.downloaded` mark). */
  downloaded?: boolean;
}

export function TrialActions({ workId, variant, onDisliked, onDownloaded, downloaded = false }: TrialActionsProps) {
  const { t } = useTranslation();
  const { download, start } = useTrialDownload(workId, onDownloaded);
  const busy = download !== null && download.state !== 'done' && download.state !== 'failed';
  const done = download ? download.state === 'done' : downloaded;
  const downloadLabel = done ? t('trial.done') : t('trial.download');
  const DownloadIcon = done ? IconCircleCheck : IconDownload;

  const dislike = async () => {
    try {
      const res = await call(routes.trial.setStatus, { params: { id: workId }, body: { status: WorkStatus.Disliked } });
      notifySuccess(res);
      onDisliked(workId);
    } catch (err) {
      notifyError(err);
    }
  };

  const buttons = variant === 'card' ? (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('trial.dislike')} title={t('trial.dislike')} disabled={busy} onClick={() => void dislike()} data-testid="card-dislike">
        <IconThumbDown size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" size="sm" aria-label={downloadLabel} title={downloadLabel} disabled={busy || done} onClick={start} data-testid="card-download" data-downloaded={done}>
        <DownloadIcon size={16} />
      </ActionIcon>
    </Group>
  ) : (
    <Group gap="xs">
      <Button variant="light" color="gray" leftSection={<IconThumbDown size={16} />} disabled={busy} onClick={() => void dislike()} data-testid="trial-dislike">{t('trial.dislike')}</Button>
      <Button variant="light" leftSection={<DownloadIcon size={16} />} disabled={busy || done} onClick={start} data-testid="trial-download" data-downloaded={done}>{downloadLabel}</Button>
    </Group>
  );
  return (
    <Stack gap={4}>
      {buttons}
      {download && <DownloadProgress download={download} />}
    </Stack>
  );
}
