/**
 * /players, the signed-in user's own settings for music players (src/subsonic/README.md
 * "Authentication"; README "Listening on your phone"): the server address and user name
 * to type into a Subsonic player; the player password (set: at least 5 characters, the
 * two entries equal, not the login password; remove) for players that sign in with a
 * token; API keys (create with a label, the new key shown once with a copy button;
 * revoke after a confirmation); each player that connected (its client name) with its
 * default transcoding, maximum bit rate and format, saved when changed
 * (src/transcode/README.md "Per player"). Works at 390 px: the cards stack.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Card, Code, CopyButton, Group, NativeSelect, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyInfo, PlayerAccessAnswer, PlayerFormat, PlayerInfo } from '@model';
import { call, notifyError, notifySuccess, routes } from '../api/client';
import { useAuth } from '../api/auth';
import { ConfirmModal } from '../components/ConfirmModal';
import { passwordPairErrors } from '../components/passwordPair';

function PlayerPasswordCard({ isSet, onChanged }: { isSet: boolean; onChanged(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = passwordPairErrors(password, confirm, { tooShort: t('players.tooShort'), mismatch: t('players.mismatch') });
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    try {
      notifySuccess(await call(routes.playerAccess.setPassword, { body: { password } }));
      setPassword('');
      setConfirm('');
      onChanged();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      notifySuccess(await call(routes.playerAccess.clearPassword));
      onChanged();
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate data-testid="player-password-card">
      <Title order={5} mb={4}>{t('players.passwordTitle')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('players.passwordHint')}</Text>
      <Text size="sm" mb="sm" data-testid="player-password-state">{isSet ? t('players.passwordSet') : t('players.passwordUnset')}</Text>
      <Stack gap="sm">
        <PasswordInput label={t('players.newPassword')} autoComplete="new-password" value={password} error={errors.password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <PasswordInput label={t('players.confirmPassword')} autoComplete="new-password" value={confirm} error={errors.confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
        <Group justify="flex-end">
          {isSet && <Button variant="default" color="red" onClick={() => setRemoving(true)}>{t('players.removePassword')}</Button>}
          <Button type="submit" loading={busy}>{t('common.save')}</Button>
        </Group>
      </Stack>
      <ConfirmModal opened={removing} message={t('players.removeConfirm')} onClose={() => setRemoving(false)} onConfirm={() => void remove()} />
    </Card>
  );
}

function ApiKeysCard({ keys, onChanged }: { keys: ApiKeyInfo[]; onChanged(): void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : t('players.never'));

  const create = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const answer = await call(routes.playerAccess.createKey, { body: { name: name.trim() || undefined } });
      setCreated(answer.key);
      setName('');
      onChanged();
    } catch (err) {
      notifyError(err);
    }
  };
  const revoke = async (key: ApiKeyInfo) => {
    try {
      notifySuccess(await call(routes.playerAccess.revokeKey, { params: { id: key.id } }));
      onChanged();
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Card withBorder data-testid="api-keys-card">
      <Title order={5} mb={4}>{t('players.keysTitle')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('players.keysHint')}</Text>
      {created && (
        <Alert color="green" mb="sm" withCloseButton onClose={() => setCreated(null)} title={t('players.keyCreated')} data-testid="new-api-key">
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }}>{created}</Code>
            <CopyButton value={created}>
              {({ copied, copy }) => (
                <ActionIcon variant="subtle" onClick={copy} aria-label={t('players.copy')}>{copied ? <IconCheck size={16} /> : <IconCopy size={16} />}</ActionIcon>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      {keys.length === 0 ? <Text size="sm" mb="sm">{t('players.noKeys')}</Text> : (
        <Table.ScrollContainer minWidth={340}>
          <Table data-testid="api-keys-table">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('players.keyName')}</Table.Th><Table.Th>{t('players.created')}</Table.Th><Table.Th>{t('players.lastUsed')}</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((k) => (
                <Table.Tr key={k.id} data-testid="api-key-row" data-name={k.name}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>{when(k.created_at)}</Table.Td>
                  <Table.Td>{when(k.last_used_at)}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={t('players.revoke', { name: k.name })} onClick={() => setRevoking(k)}><IconTrash size={18} /></ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group component="form" onSubmit={create} align="flex-end" mt="sm">
        <TextInput label={t('players.keyName')} placeholder={t('players.keyNamePlaceholder')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={64} style={{ flex: 1 }} miw={160} />
        <Button type="submit">{t('players.createKey')}</Button>
      </Group>
      <ConfirmModal opened={revoking !== null} message={t('players.revokeConfirm', { name: revoking?.name ?? '' })}
        onClose={() => setRevoking(null)} onConfirm={() => { if (revoking) void revoke(revoking); }} />
    </Card>
  );
}

/** The bit rates (kbit/s; 0 = no limit) and formats a player's transcoding may take (src/transcode/formats.ts). */
const PLAYER_RATES = [0, 320, 256, 192, 160, 128, 96, 64, 48, 32];
const PLAYER_FORMATS: Array<PlayerFormat | ''> = ['', 'raw', 'mp3', 'opus', 'aac'];

type PlayerSettings = Pick<PlayerInfo, 'maxBitRate' | 'format'>;

/**
 * One player's row: its name, last call, and the two settings, each saved as soon as it
 * changes. A change shows at once and sends only its own field, so a second change made
 * before the first one's answer never saves the first one's old value; a refused change
 * goes back (the red notice says why).
 */
function PlayerRow({ player }: { player: PlayerInfo }) {
  const { t, i18n } = useTranslation();
  const [settings, setSettings] = useState<PlayerSettings>({ maxBitRate: player.maxBitRate, format: player.format });
  useEffect(() => setSettings({ maxBitRate: player.maxBitRate, format: player.format }), [player.maxBitRate, player.format]);
  const save = async (change: Partial<PlayerSettings>) => {
    const before: Partial<PlayerSettings> = Object.fromEntries(Object.keys(change).map((k) => [k, settings[k as keyof PlayerSettings]]));
    setSettings((s) => ({ ...s, ...change }));
    try {
      notifySuccess((await call(routes.playerAccess.setPlayer, { params: { id: player.id }, body: change })).message);
    } catch (err) {
      setSettings((s) => ({ ...s, ...before }));
      notifyError(err);
    }
  };
  const formatLabel = (f: PlayerFormat | '') => (f === '' ? t('players.formatDefault') : f === 'raw' ? t('players.formatRaw') : f.toUpperCase());
  return (
    <Table.Tr data-testid="player-row" data-client={player.client}>
      <Table.Td>{player.client}</Table.Td>
      <Table.Td>
        <NativeSelect aria-label={t('players.maxBitRate')} data-testid="player-rate" value={String(settings.maxBitRate)}
          data={PLAYER_RATES.map((r) => ({ value: String(r), label: r ? t('players.kbps', { n: r }) : t('players.noLimit') }))}
          onChange={(e) => void save({ maxBitRate: Number(e.currentTarget.value) })} />
      </Table.Td>
      <Table.Td>
        <NativeSelect aria-label={t('players.format')} data-testid="player-format" value={settings.format ?? ''}
          data={PLAYER_FORMATS.map((f) => ({ value: f, label: formatLabel(f) }))}
          onChange={(e) => void save({ format: (e.currentTarget.value || null) as PlayerFormat | null })} />
      </Table.Td>
      <Table.Td>{player.last_seen_at ? new Date(player.last_seen_at).toLocaleString(i18n.language) : t('players.never')}</Table.Td>
    </Table.Tr>
  );
}

function PlayersCard({ players }: { players: PlayerInfo[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid="players-card">
      <Title order={5} mb={4}>{t('players.transcodeTitle')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('players.transcodeHint')}</Text>
      {players.length === 0 ? <Text size="sm">{t('players.noPlayers')}</Text> : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('players.client')}</Table.Th><Table.Th>{t('players.maxBitRate')}</Table.Th><Table.Th>{t('players.format')}</Table.Th><Table.Th>{t('players.lastSeen')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {players.map((p) => <PlayerRow key={p.id} player={p} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export default function Players() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const [access, setAccess] = useState<PlayerAccessAnswer | null>(null);
  const load = useCallback(async () => {
    try {
      setAccess(await call(routes.playerAccess.get));
    } catch (err) {
      notifyError(err);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  return (
    <Stack maw={760} mx="auto" p="md">
      <Title order={3}>{t('players.title')}</Title>
      <Card withBorder data-testid="player-server-card">
        <Text size="sm" mb={4}>{t('players.serverHint')}</Text>
        <Text size="sm">{t('players.server')}: <Code data-testid="player-server-url">{window.location.origin}</Code></Text>
        <Text size="sm">{t('players.user')}: <Code>{me?.user.name ?? ''}</Code></Text>
      </Card>
      {access && <PlayerPasswordCard isSet={access.playerPassword} onChanged={() => void load()} />}
      {access && <ApiKeysCard keys={access.apiKeys} onChanged={() => void load()} />}
      {access && <PlayersCard players={access.players} />}
    </Stack>
  );
}
