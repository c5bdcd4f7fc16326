/**
 * The "AI lyric workers" card of /admin/advanced (README "Security"): the keys that
 * `audiolib translate --server URL --key-file FILE` signs in with. Create a named key
 * (the key is shown once, with a copy button), see when each key was created and last
 * used, and revoke a key (asks first; workers using it are refused at once). The same
 * keys as `audiolib translate-key`.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkerKey } from '@model';
import { notifyError, notifySuccess } from '../../api/client';
import { ConfirmModal } from '../../components/ConfirmModal';
import { createWorkerKey, getWorkerKeys, revokeWorkerKey } from './api';

const when = (iso: string) => new Date(iso).toLocaleString();

/** One key: name, state, dates, and Revoke while active. */
function KeyRow({ workerKey, onRevoke }: { workerKey: WorkerKey; onRevoke(key: WorkerKey): void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid="worker-key-row" data-name={workerKey.name} data-revoked={workerKey.revoked}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{workerKey.name}</Text>
          <Badge color={workerKey.revoked ? 'gray' : 'green'} variant="light" data-testid="worker-key-state">
            {t(workerKey.revoked ? 'admin.workers.revoked' : 'admin.workers.active')}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('admin.workers.created', { time: when(workerKey.created_at) })} · {workerKey.last_used_at ? t('admin.workers.lastUsed', { time: when(workerKey.last_used_at) }) : t('admin.workers.neverUsed')}
        </Text>
      </Stack>
      {!workerKey.revoked && <Button size="xs" color="red" variant="light" onClick={() => onRevoke(workerKey)}>{t('admin.workers.revoke')}</Button>}
    </Group>
  );
}

export function WorkerKeysCard() {
  const { t } = useTranslation();
  const [keys, setKeys] = useState<WorkerKey[]>([]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  /** The key just created: shown until dismissed, never again. */
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<WorkerKey | null>(null);

  const load = useCallback(async () => {
    try {
      setKeys((await getWorkerKeys()).keys);
    } catch (err) {
      notifyError(err);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await createWorkerKey(name.trim());
      setFresh({ name: answer.key.name, token: answer.token });
      setName('');
      await load();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (key: WorkerKey) => {
    try {
      notifySuccess(await revokeWorkerKey(key.id));
      await load();
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Card withBorder data-testid="card-workers">
      <Title order={5} mb="xs">{t('admin.workers.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('admin.workers.hint')}</Text>
      <Stack gap="sm">
        <form onSubmit={create} noValidate>
          <Group align="flex-end" wrap="wrap" gap="xs">
            <TextInput style={{ flex: 1, minWidth: 160 }} label={t('admin.workers.name')} autoComplete="off" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit" loading={busy} disabled={!name.trim()}>{t('admin.workers.create')}</Button>
          </Group>
        </form>
        {fresh && (
          <Alert color="yellow" data-testid="new-worker-key" title={t('admin.workers.createdTitle', { name: fresh.name })}>
            <Stack gap="xs">
              <Text size="sm">{t('admin.workers.showOnce')}</Text>
              <Code block data-testid="new-worker-key-value" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{fresh.token}</Code>
              <Group gap="xs">
                <CopyButton value={fresh.token}>
                  {({ copied, copy }) => <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>{t(copied ? 'admin.workers.copied' : 'admin.workers.copy')}</Button>}
                </CopyButton>
                <Button size="xs" variant="default" onClick={() => setFresh(null)}>{t('admin.workers.done')}</Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {keys.length ? keys.map((k) => <KeyRow key={k.id} workerKey={k} onRevoke={setRevoking} />) : <Text size="sm" c="dimmed" data-testid="worker-keys-empty">{t('admin.workers.empty')}</Text>}
      </Stack>
      <ConfirmModal opened={revoking !== null} message={t('admin.workers.confirmRevoke', { name: revoking?.name ?? '' })}
        onClose={() => setRevoking(null)} onConfirm={() => { if (revoking) void revoke(revoking); }} />
    </Card>
  );
}
