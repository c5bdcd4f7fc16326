/**
 * "Add to a playlist" (src/playlists/README.md "Web UI"): a dialog listing the caller's
 * own playlists; a click appends the target (tracks by hash, or a whole work in its play
 * order) to that playlist; a name and "new playlist" make one holding the target. The
 * server's message is the notice; the dialog closes after a success.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlaylistSummary } from '@model';
import { notifyError, notifySuccess } from '../../api/client';
import { playlists } from '../../api/playlists';

/** What is added: tracks by hash, or every track of a work. */
export type AddTarget = { hashes: string[] } | { workId: number };

export function AddToPlaylistModal({ target, onClose }: { target: AddTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  const [mine, setMine] = useState<PlaylistSummary[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!target) return;
    setMine(null);
    setName('');
    playlists.list().then((a) => setMine(a.playlists.filter((p) => p.mine)), (err) => { notifyError(err); setMine([]); });
  }, [target]);

  const run = async (write: () => Promise<{ message: string; code?: string }>) => {
    setBusy(true);
    try {
      notifySuccess(await write());
      onClose();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const addTo = (id: number) => run(() => ('workId' in target! ? playlists.addWork(id, target.workId) : playlists.addTracks(id, target!.hashes)));
  const create = () => run(async () => {
    if ('workId' in target!) {
      const made = await playlists.create({ name });
      return playlists.addWork(made.playlist.id, target.workId);
    }
    return playlists.create({ name, hashes: target!.hashes });
  });

  return (
    <Modal opened={target !== null} onClose={onClose} title={t('playlist.addTitle')} centered data-testid="add-to-playlist">
      <Stack gap="xs">
        {mine === null ? <Loader size="sm" /> : mine.map((p) => (
          <UnstyledButton key={p.id} disabled={busy} onClick={() => void addTo(p.id)} px="xs" py={6} data-testid="add-to-playlist-item"
            style={{ borderRadius: 6, border: '1px solid var(--mantine-color-default-border)' }}>
            <Group gap="xs" wrap="nowrap">
              <IconPlaylistAdd size={16} />
              <Text size="sm" truncate style={{ flex: 1 }}>{p.name}</Text>
              <Text size="xs" c="dimmed">{p.entryCount}</Text>
            </Group>
          </UnstyledButton>
        ))}
        <Group gap="xs" wrap="nowrap" mt="xs">
          <TextInput style={{ flex: 1 }} size="xs" placeholder={t('playlist.name')} aria-label={t('playlist.name')} value={name} maxLength={200}
            onChange={(e) => setName(e.currentTarget.value)} data-testid="add-to-playlist-name" />
          <Button size="xs" disabled={busy || !name.trim()} onClick={() => void create()} data-testid="add-to-playlist-create">{t('playlist.newWith')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
