/**
 * /admin/scanner (spec 001 sections 2, 3, 4, 7, 8 and 9), inside the admin layout:
 * - buttons 'scan local audio library' (PERFORM_SCAN), 'refresh library info'
 *   (PERFORM_UPDATE), 'scan changes of files inside works' (PERFORM_LYRIC_SCAN), and
 *   audiolib's 'fetch metadata again' (PERFORM_METADATA_FETCH: the works still without it), disabled
 *   while running, when not logged in or not connected to the socket; a click clears
 *   earlier logs and tasks;
 * - a red 'terminate scan process' (KILL_SCAN_PROCESS), shown only while running;
 * - the state icon: spinner running, tick finished, bug on error;
 * - result lines 'added success', 'updated success', 'skipped', 'failed' with their
 *   counts (as the summary line counts them), and 'metadata not fetched' with the works
 *   whose metadata fetch failed (those of the failed tab marked `metadata`);
 * - a collapsible log panel: its header shows the latest two messages, its body is a
 *   256 px scroll area of every message;
 * - tabs 'processing' and 'failed' with count badges, each task 'RJ' + code with its logs
 *   (a work whose metadata was not fetched with a 'metadata not fetched' badge).
 * State and socket: useScannerSocket. The screen itself (ScannerScreen) also shows the
 * trial crawler on /fake/spider, with its one button (PERFORM_TRIAL_FETCH); each shows only
 * the runs its buttons start (the messages' `kind`).
 */
import { useEffect, useRef, useState } from 'react';
import { Accordion, Badge, Button, Card, Group, Loader, ScrollArea, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBug, IconChevronDown, IconChevronUp, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScanLogEntry, ScanResultEntry, ScanTask } from '@model';
import { useAuth } from '../../api/auth';
import { serverText } from '../../i18n/serverText';
import { AdminLayout, adminPage } from './AdminLayout';
import { useScannerSocket, type ScanStartCommand, type ScannerStatus } from './useScannerSocket';

/** Height of the log panel's scroll area in px (spec 001 section 9). */
export const LOG_AREA_HEIGHT = 256;

/** A button starting a run: its command and its label key under adminScanner.buttons. */
export interface ScanButton { command: ScanStartCommand; key: 'scan' | 'update' | 'lyrics' | 'metadata' | 'trial' }

const SCAN_BUTTONS: ScanButton[] = [
  { command: 'PERFORM_SCAN', key: 'scan' },
  { command: 'PERFORM_UPDATE', key: 'update' },
  { command: 'PERFORM_LYRIC_SCAN', key: 'lyrics' },
  { command: 'PERFORM_METADATA_FETCH', key: 'metadata' },
];
const RESULT_KINDS = ['added', 'updated', 'skipped', 'failed'] as const;

/** The icon of a log level (info, warn, error). */
function LevelIcon({ level }: { level: ScanLogEntry['level'] }) {
  if (level === 'error') return <IconCircleX size={16} color="var(--mantine-color-red-6)" aria-label="error" style={{ flex: 'none' }} />;
  if (level === 'warn') return <IconAlertTriangle size={16} color="var(--mantine-color-yellow-6)" aria-label="warn" style={{ flex: 'none' }} />;
  return <IconInfoCircle size={16} color="var(--mantine-color-blue-6)" aria-label="info" style={{ flex: 'none' }} />;
}

/** One log line: level icon and message in the UI language (wraps on narrow screens). */
function LogLine({ log }: { log: ScanLogEntry }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="log-line" data-level={log.level}>
      <LevelIcon level={log.level} />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{serverText(log)}</Text>
    </Group>
  );
}

/** The state icon: spinner while running, tick when finished, bug on error, none before. */
function StatusIcon({ status }: { status: ScannerStatus }) {
  const { t } = useTranslation();
  const label = t(`adminScanner.status.${status}`);
  if (status === 'running') return <Loader size={22} aria-label={label} data-testid="status-icon" />;
  if (status === 'finished') return <IconCircleCheck size={24} color="var(--mantine-color-green-6)" aria-label={label} data-testid="status-icon" />;
  if (status === 'error') return <IconBug size={24} color="var(--mantine-color-red-6)" aria-label={label} data-testid="status-icon" />;
  return null;
}

/** The collapsible log panel: header = the latest two messages, body = all of them in 256 px. */
function LogPanel({ logs }: { logs: ScanLogEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [logs, open]);
  const latest = logs.slice(-2);
  return (
    <Card withBorder padding={0} data-testid="log-panel">
      <UnstyledButton onClick={() => setOpen((o) => !o)} p="sm" aria-expanded={open} aria-label={t(open ? 'adminScanner.hideLogs' : 'adminScanner.showLogs')} data-testid="log-header">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            {latest.length === 0 ? <Text size="sm" c="dimmed">{t('adminScanner.noLogs')}</Text> : latest.map((log, i) => <LogLine key={logs.length - latest.length + i} log={log} />)}
          </Stack>
          {open ? <IconChevronUp size={18} style={{ flex: 'none' }} /> : <IconChevronDown size={18} style={{ flex: 'none' }} />}
        </Group>
      </UnstyledButton>
      {open && (
        <ScrollArea h={LOG_AREA_HEIGHT} viewportRef={viewport} px="sm" pb="sm" data-testid="log-body" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Stack gap={2} pt="xs">
            {logs.map((log, i) => <LogLine key={i} log={log} />)}
          </Stack>
        </ScrollArea>
      )}
    </Card>
  );
}

/** Tasks as 'RJ' + code, each expanding to its logs. */
function TaskList({ tasks, testId }: { tasks: ScanTask[]; testId: string }) {
  const { t } = useTranslation();
  if (tasks.length === 0) return <Text size="sm" c="dimmed" p="sm" data-testid={`${testId}-empty`}>{t('adminScanner.noTasks')}</Text>;
  return (
    <Accordion multiple variant="separated" data-testid={testId}>
      {tasks.map((task) => (
        <Accordion.Item key={task.rjcode} value={task.rjcode} data-testid="task" data-rjcode={task.rjcode}>
          <Accordion.Control>
            <Group gap="xs">
              {`RJ${task.rjcode}`}
              {task.metadata && <Badge size="xs" color="orange" variant="light" data-testid="task-metadata">{t('adminScanner.result.metadata')}</Badge>}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={2}>{task.logs.map((log, i) => <LogLine key={i} log={log} />)}</Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** The result lines with their counts (spec 001 section 8), then the works whose metadata was not fetched. */
function ResultLines({ results, failedTasks }: { results: ScanResultEntry[]; failedTasks: ScanTask[] }) {
  const { t } = useTranslation();
  const colors = { added: 'green', updated: 'blue', skipped: 'gray', failed: 'red' } as const;
  return (
    <Group gap="lg" data-testid="results">
      {RESULT_KINDS.map((kind) => (
        <Group key={kind} gap={6} data-testid={`result-${kind}`}>
          <Text size="sm">{t(`adminScanner.result.${kind}`)}</Text>
          <Badge color={colors[kind]} variant="light" data-testid="result-count">{results.filter((r) => r.result === kind).length}</Badge>
        </Group>
      ))}
      <Group gap={6} data-testid="result-metadata">
        <Text size="sm">{t('adminScanner.result.metadata')}</Text>
        <Badge color="orange" variant="light" data-testid="result-count">{failedTasks.filter((task) => task.metadata).length}</Badge>
      </Group>
    </Group>
  );
}

/** The /admin/scanner route: the scanner screen inside the admin layout (non-admins get the layout's notice, no socket). */
export default adminPage(function Scanner() {
  const { t } = useTranslation();
  return (
    <AdminLayout>
      <ScannerScreen title={t('adminScanner.title')} buttons={SCAN_BUTTONS} />
    </AdminLayout>
  );
});

/** The screen itself, with its title and run buttons; opens the scanner socket while mounted. */
export function ScannerScreen({ title, buttons }: { title: string; buttons: ScanButton[] }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const scanner = useScannerSocket(buttons.map((b) => b.key));
  const running = scanner.status === 'running';
  const disabled = running || !me || !scanner.connected || !scanner.loggedIn;

  return (
    <Stack maw={960} data-testid="scanner" data-status={scanner.status}>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3}>{title}</Title>
          <StatusIcon status={scanner.status} />
        </Group>
        {!scanner.connected && <Badge color="gray" variant="light" data-testid="disconnected">{t('adminScanner.disconnected')}</Badge>}
      </Group>
      <Group gap="sm">
        {buttons.map(({ command, key }) => (
          <Button key={command} disabled={disabled} onClick={() => scanner.perform(command)}>{t(`adminScanner.buttons.${key}`)}</Button>
        ))}
        {running && <Button color="red" disabled={!scanner.connected} onClick={scanner.kill}>{t('adminScanner.buttons.kill')}</Button>}
      </Group>
      {scanner.status !== 'none' && <ResultLines results={scanner.results} failedTasks={scanner.failedTasks} />}
      <LogPanel logs={scanner.mainLogs} />
      <Tabs defaultValue="processing" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="processing" rightSection={<Badge size="sm" variant="light" data-testid="count-processing">{scanner.tasks.length}</Badge>}>
            {t('adminScanner.tabs.processing')}
          </Tabs.Tab>
          <Tabs.Tab value="failed" rightSection={<Badge size="sm" color="red" variant="light" data-testid="count-failed">{scanner.failedTasks.length}</Badge>}>
            {t('adminScanner.tabs.failed')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="processing" pt="sm"><TaskList tasks={scanner.tasks} testId="processing-tasks" /></Tabs.Panel>
        <Tabs.Panel value="failed" pt="sm"><TaskList tasks={scanner.failedTasks} testId="failed-tasks" /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
