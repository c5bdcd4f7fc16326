/**
 * One task of the AI lyric centre (spec 000 section 2 "AI lyric centre"): id chip (click
 * copies the id), cover, status label and icon, file name, work code chip, worker name
 * chip, worker status caption, and the open-work, retry (status pending or above) and
 * delete (confirmed first, spec 000 section 5) buttons.
 */
import { memo, useState } from 'react';
import { ActionIcon, Badge, Card, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleDashed, IconClock, IconExternalLink, IconLoader2, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatWorkCode, type LyricTask } from '@model';
import { canRetryTask, TaskStatus } from '../../../src/lyrics/status';
import { call, coverUrl, notifyError, notifySuccess, routes } from '../api/client';
import { ConfirmModal } from '../components/ConfirmModal';

/** Icon and colour of each status. */
const LOOK: Record<number, { icon: typeof IconClock; color: string }> = {
  [TaskStatus.NONE]: { icon: IconCircleDashed, color: 'gray' },
  [TaskStatus.PENDING]: { icon: IconClock, color: 'yellow' },
  [TaskStatus.TRANSCRIBING]: { icon: IconLoader2, color: 'blue' },
  [TaskStatus.SUCCESS]: { icon: IconCircleCheck, color: 'green' },
  [TaskStatus.ERROR]: { icon: IconAlertCircle, color: 'red' },
};

export interface AiLyricTaskRowProps {
  task: LyricTask;
  /** Called after the task was deleted on the server. */
  onDeleted(id: number): void;
}

function AiLyricTaskRowImpl({ task: initial, onDeleted }: AiLyricTaskRowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [task, setTask] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const look = LOOK[task.status] ?? LOOK[TaskStatus.NONE]!;
  const StatusIcon = look.icon;
  const code = formatWorkCode(task.work_id, task.code_prefix);

  const copyId = () => {
    navigator.clipboard.writeText(String(task.id)).then(() => notifySuccess(t('aiLyric.copied', { id: task.id })), notifyError);
  };
  const retry = async () => {
    try {
      const res = await call(routes.lyric.redo, { params: { id: task.id } });
      setTask(res.task);
      notifySuccess(res);
    } catch (err) {
      notifyError(err);
    }
  };
  const remove = async () => {
    try {
      const res = await call(routes.lyric.delete, { params: { id: task.id } });
      notifySuccess(res);
      onDeleted(task.id);
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Card withBorder padding="sm" data-testid="ai-task" data-task-id={task.id} data-status={task.status}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Image src={coverUrl(task.work_id, '240x240')} w={64} h={64} radius="sm" alt="" loading="lazy" style={{ flexShrink: 0 }} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Tooltip label={t('aiLyric.copyId')}>
              <Badge variant="outline" color="gray" style={{ cursor: 'pointer', flexShrink: 0 }} onClick={copyId} data-testid="ai-task-id"
                role="button" aria-label={t('aiLyric.copyId')}>#{task.id}</Badge>
            </Tooltip>
            <Group gap={4} wrap="nowrap" c={look.color} style={{ flexShrink: 0 }} data-testid="ai-task-status">
              <StatusIcon size={16} aria-hidden />
              <Text size="sm" c={look.color}>{t(`work.ai.${task.status}`)}</Text>
            </Group>
          </Group>
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }} data-testid="ai-task-file" title={task.audio_path}>{task.audio_path}</Text>
          <Group gap={6}>
            <Badge variant="light" data-testid="ai-task-work">{code}</Badge>
            {task.worker_name && <Badge variant="light" color="grape" data-testid="ai-task-worker">{task.worker_name}</Badge>}
          </Group>
          {task.worker_status && <Text size="xs" c="dimmed" lineClamp={2} data-testid="ai-task-worker-status">{task.worker_status}</Text>}
        </Stack>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Tooltip label={t('aiLyric.openWork')}>
            <ActionIcon variant="subtle" aria-label={t('aiLyric.openWork')} onClick={() => navigate(`/work/${task.work_id}`)} data-testid="ai-task-open">
              <IconExternalLink size={18} />
            </ActionIcon>
          </Tooltip>
          {canRetryTask(task.status) && (
            <Tooltip label={t('aiLyric.retry')}>
              <ActionIcon variant="subtle" aria-label={t('aiLyric.retry')} onClick={() => void retry()} data-testid="ai-task-retry">
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('aiLyric.delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('aiLyric.delete')} onClick={() => setConfirming(true)} data-testid="ai-task-delete">
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <ConfirmModal opened={confirming} message={t('aiLyric.deleteConfirm')} onClose={() => setConfirming(false)} onConfirm={() => void remove()} />
    </Card>
  );
}

export const AiLyricTaskRow = memo(AiLyricTaskRowImpl);
