/**
 * /admin/advanced (spec 001 sections 2, 3 and 5): every admin config key in its
 * card (web preferences, player, crawler, folder scan, web server, security,
 * other), each with its default; the fields of keys the server reads only at start
 * (RESTART_KEYS of src/model) carry a 'needs restart' mark. Number inputs are cast
 * to numbers; `production` is read-only and the auth toggle is disabled in
 * production. One Save, kept in view at the bottom of the screen, sends the whole
 * configuration (PUT /api/config/admin); the server's message is shown, and the
 * keys that wait for a restart. Below, the AI lyric workers' keys (WorkerKeys.tsx),
 * saved on their own.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Center, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { SUBSONIC_VARIANTS, needsRestart, type AdminConfig } from '@model';
import { notifyError, notifySuccess } from '../../api/client';
import { AdminLayout, adminPage } from './AdminLayout';
import { getAdminConfig, saveAdminConfig } from './api';
import { WorkerKeysCard } from './WorkerKeys';

type Key = keyof AdminConfig;
type Field =
  | { key: Key; kind: 'number'; unit?: 'ms' | 's' }
  | { key: Key; kind: 'text' | 'switch' }
  /** `named`: each option shown by its text `admin.choices.{key}.{option}` (both languages), not as the value itself. */
  | { key: Key; kind: 'select'; options: readonly (string | number)[]; named?: boolean };

/**
 * The cards of spec 001 section 2 and the keys of section 3 they hold, plus
 * audiolib's scan and backup schedules and AI lyric worker settings. The store base URLs are
 * not shown (`audiolib config set` changes them); Save sends them back unchanged.
 */
export const CARDS: { id: string; fields: Field[] }[] = [
  { id: 'web', fields: [{ key: 'pageSize', kind: 'number' }] },
  { id: 'player', fields: [{ key: 'rewindSeekTime', kind: 'select', options: [5, 10, 30] }, { key: 'forwardSeekTime', kind: 'select', options: [5, 10, 30] }] },
  {
    id: 'crawler',
    fields: [
      { key: 'tagLanguage', kind: 'select', options: ['zh-cn', 'zh-tw', 'ja-jp'] },
      { key: 'dlsiteTimeout', kind: 'number', unit: 'ms' }, { key: 'hvdbTimeout', kind: 'number', unit: 'ms' },
      { key: 'retryDelay', kind: 'number', unit: 'ms' }, { key: 'retry', kind: 'number' }, { key: 'maxParallelism', kind: 'number' },
      { key: 'httpProxyHost', kind: 'text' }, { key: 'httpProxyPort', kind: 'number' }, { key: 'spiderAllowPrivate', kind: 'switch' },
    ],
  },
  { id: 'scan', fields: [{ key: 'scannerMaxRecursionDepth', kind: 'number' }, { key: 'skipCleanup', kind: 'switch' }, { key: 'fetchMetadata', kind: 'switch' }, { key: 'scanCron', kind: 'text' }] },
  {
    id: 'server',
    fields: [{ key: 'production', kind: 'switch' }, { key: 'enableGzip', kind: 'switch' }, { key: 'listenPort', kind: 'number' }, { key: 'blockRemoteConnection', kind: 'switch' }, { key: 'subsonicCodeInName', kind: 'switch' },
      { key: 'transcodeConcurrency', kind: 'number' }, { key: 'subsonicVariant', kind: 'select', options: SUBSONIC_VARIANTS, named: true },
    ],
  },
  { id: 'security', fields: [{ key: 'auth', kind: 'switch' }, { key: 'expiresIn', kind: 'number', unit: 's' }, { key: 'trustProxy', kind: 'switch' }] },
  {
    id: 'other',
    fields: [
      { key: 'checkUpdate', kind: 'switch' }, { key: 'checkBetaUpdate', kind: 'switch' }, { key: 'db', kind: 'text' }, { key: 'dbUseDefaultPath', kind: 'switch' }, { key: 'coverUseDefaultPath', kind: 'switch' },
      { key: 'backupCron', kind: 'text' }, { key: 'backupKeep', kind: 'number' },
      { key: 'transcriberCommand', kind: 'text' }, { key: 'lyricWorkerTimeout', kind: 'number', unit: 's' },
    ],
  },
];

/** The config to send: number fields cast to numbers (spec 001 section 5). */
export function castNumbers(config: Record<string, unknown>): AdminConfig {
  const out: Record<string, unknown> = { ...config };
  for (const card of CARDS) for (const f of card.fields) if (f.kind === 'number' || (f.kind === 'select' && typeof f.options[0] === 'number')) out[f.key] = Number(out[f.key]);
  return out as AdminConfig;
}

/** The Save row stays at the bottom of the screen while the cards scroll under it. */
const SAVE_BAR = { zIndex: 2, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' } as const;

const show = (v: unknown) => (typeof v === 'boolean' ? (v ? 'on' : 'off') : v === '' ? '""' : String(v));

export default adminPage(function Advanced() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [defaults, setDefaults] = useState<AdminConfig | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getAdminConfig().then((a) => { setValues({ ...a.config }); setDefaults(a.defaults); }, notifyError);
  }, []);

  if (!values || !defaults) return <AdminLayout><Center h="40vh"><Loader /></Center></AdminLayout>;
  const production = values.production === true;
  const set = (key: Key, value: unknown) => setValues((v) => ({ ...v, [key]: value }));

  const save = async () => {
    setBusy(true);
    try {
      const answer = await saveAdminConfig(castNumbers(values));
      notifySuccess(answer);
      if (answer.restartRequired.length) notifications.show({ color: 'yellow', message: t('admin.advanced.restartNeeded', { keys: answer.restartRequired.join(', ') }) });
      const fresh = await getAdminConfig();
      setValues({ ...fresh.config });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const input = (f: Field) => {
    const text = t(`admin.keys.${f.key}`) + (f.kind === 'number' && f.unit ? ` (${f.unit})` : '');
    const label = needsRestart(f.key)
      ? <>{text} <Badge component="span" size="xs" color="orange" variant="light" data-testid="restart-hint">{t('admin.advanced.needsRestart')}</Badge></>
      : text;
    const optionText = (o: unknown) => (f.kind === 'select' && f.named ? t(`admin.choices.${f.key}.${String(o)}`) : show(o));
    const description = t('admin.advanced.default', { value: optionText(defaults[f.key]) });
    const common = { label, description, 'data-key': f.key };
    switch (f.kind) {
      case 'number':
        return <NumberInput {...common} value={values[f.key] as number | string} allowDecimal={false} onChange={(v) => set(f.key, v)} />;
      case 'text':
        return <TextInput {...common} value={String(values[f.key] ?? '')} onChange={(e) => set(f.key, e.currentTarget.value)} />;
      case 'select':
        return (
          <Select {...common} allowDeselect={false} value={String(values[f.key])} data={f.options.map((o) => ({ value: String(o), label: optionText(o) }))}
            onChange={(v) => v !== null && set(f.key, typeof f.options[0] === 'number' ? Number(v) : v)} />
        );
      case 'switch': {
        const locked = f.key === 'production' || (f.key === 'auth' && production);
        return (
          <Switch {...common} checked={values[f.key] === true} disabled={locked} onChange={(e) => set(f.key, e.currentTarget.checked)}
            description={locked ? `${description} · ${t(f.key === 'production' ? 'admin.advanced.readOnly' : 'admin.advanced.authLocked')}` : description} />
        );
      }
    }
  };

  return (
    <AdminLayout>
      <Stack maw={1100}>
        <Title order={3}>{t('admin.advanced.title')}</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {CARDS.map((card) => (
            <Card key={card.id} withBorder data-testid={`card-${card.id}`}>
              <Title order={5} mb="xs">{t(`admin.advanced.cards.${card.id}`)}</Title>
              <Stack gap="sm">
                {card.fields.map((f) => <div key={f.key}>{input(f)}</div>)}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Group justify="space-between" wrap="nowrap" pos="sticky" bottom={0} py="sm" style={SAVE_BAR}>
          <Text size="sm" c="dimmed">{t('admin.advanced.restartLegend')}</Text>
          <Button onClick={() => void save()} loading={busy} data-testid="save-config" style={{ flexShrink: 0 }}>{t('common.save')}</Button>
        </Group>
        <WorkerKeysCard />
      </Stack>
    </AdminLayout>
  );
});
