/**
 * /admin, the admin home (spec 001 section 2): the audio library's root folders
 * that scans walk. Add (name and an existing directory on the server), rename,
 * remove (asks first). Each change is saved at once through /api/config/roots.
 * The table fits a phone: names and paths wrap, the actions column keeps its buttons.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RootFolder } from '@model';
import { notifyError, notifySuccess } from '../../api/client';
import { ConfirmModal } from '../../components/ConfirmModal';
import { AdminLayout, adminPage } from './AdminLayout';
import { addRoot, getRoots, removeRoot, renameRoot } from './api';

function RootRow({ root, onChanged }: { root: RootFolder; onChanged(list: RootFolder[]): void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(root.name);
  const [confirm, setConfirm] = useState(false);

  const rename = async () => {
    try {
      const answer = await renameRoot(root.name, name.trim());
      notifySuccess(answer);
      setEditing(false);
      onChanged(answer.rootFolders);
    } catch (err) {
      notifyError(err);
    }
  };
  const remove = async () => {
    try {
      const answer = await removeRoot(root.name);
      notifySuccess(answer);
      onChanged(answer.rootFolders);
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Table.Tr data-testid="root-row" data-name={root.name}>
      <Table.Td>
        {editing ? (
          <TextInput size="xs" value={name} aria-label={t('admin.roots.newName')} onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') void rename(); }} />
        ) : (
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>{root.name}</Text>
        )}
      </Table.Td>
      <Table.Td><Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>{root.path}</Text></Table.Td>
      <Table.Td w={1}>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {editing ? (
            <>
              <ActionIcon variant="subtle" color="green" aria-label={t('common.save')} onClick={() => void rename()}><IconCheck size={18} /></ActionIcon>
              <ActionIcon variant="subtle" color="gray" aria-label={t('common.cancel')} onClick={() => { setEditing(false); setName(root.name); }}><IconX size={18} /></ActionIcon>
            </>
          ) : (
            <ActionIcon variant="subtle" aria-label={t('admin.roots.rename')} onClick={() => setEditing(true)}><IconPencil size={18} /></ActionIcon>
          )}
          <ActionIcon variant="subtle" color="red" aria-label={t('admin.roots.remove')} onClick={() => setConfirm(true)}><IconTrash size={18} /></ActionIcon>
        </Group>
        <ConfirmModal opened={confirm} message={t('admin.roots.confirmRemove', { name: root.name })} onClose={() => setConfirm(false)} onConfirm={() => void remove()} />
      </Table.Td>
    </Table.Tr>
  );
}

export default adminPage(function AdminHome() {
  const { t } = useTranslation();
  const [roots, setRoots] = useState<RootFolder[] | null>(null);
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setRoots((await getRoots()).rootFolders);
    } catch (err) {
      notifyError(err);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await addRoot(name.trim(), path.trim());
      notifySuccess(answer);
      setRoots(answer.rootFolders);
      setName('');
      setPath('');
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminLayout>
      <Stack maw={900}>
        <Title order={3}>{t('admin.roots.title')}</Title>
        <Card withBorder>
          <Text size="sm" c="dimmed" mb="sm">{t('admin.roots.hint')}</Text>
          {roots && roots.length === 0 && <Text data-testid="roots-empty">{t('admin.roots.empty')}</Text>}
          {roots && roots.length > 0 && (
            <Table data-testid="roots-table">
              <Table.Thead>
                <Table.Tr><Table.Th>{t('admin.roots.name')}</Table.Th><Table.Th>{t('admin.roots.path')}</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {roots.map((r) => <RootRow key={r.name} root={r} onChanged={setRoots} />)}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        <Card withBorder component="form" onSubmit={add}>
          <Title order={5} mb="sm">{t('admin.roots.add')}</Title>
          <Group align="flex-end">
            <TextInput label={t('admin.roots.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required w={200} />
            <TextInput label={t('admin.roots.path')} placeholder="/srv/audio" value={path} onChange={(e) => setPath(e.currentTarget.value)} required style={{ flex: 1 }} miw={240} />
            <Button type="submit" loading={busy} disabled={!name.trim() || !path.trim()}>{t('admin.roots.addButton')}</Button>
          </Group>
        </Card>
      </Stack>
    </AdminLayout>
  );
});
