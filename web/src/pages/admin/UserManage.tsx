/**
 * /admin/usermanage (spec 001 sections 2, 4, 5, 6 and 8):
 * - change the admin password: at least 5 characters ('password length at least
 *   5'), confirmation equal ('the two passwords do not match'); on success the
 *   stored token is cleared and, with authentication on, the app goes to /login;
 * - add a user: name and password at least 5, group user (default) or guest; a
 *   422 shows errors[0].msg, a 403 shows the server's message as a warning;
 * - all users in a table with multi-select and Delete, which asks 'confirm
 *   deleting selected users?'; a 403 shows the server's message as a warning.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { User } from '@model';
import { ApiError, errorText, notifyError, notifySuccess, setToken } from '../../api/client';
import { useAuth } from '../../api/auth';
import { ConfirmModal } from '../../components/ConfirmModal';
import { MIN_LENGTH, passwordPairErrors } from '../../components/passwordPair';
import { AdminLayout, adminPage } from './AdminLayout';
import { addUser, changePassword, deleteUsers, getUsers } from './api';


/**
 * Shows a failed add/delete the spec's way: 422 errors[0].msg (the answer's `error`), 403 a
 * warning with the server's message; both in the UI language (errorText).
 */
function notifyUserError(err: unknown): void {
  if (err instanceof ApiError && err.status === 422) {
    notifications.show({ color: 'red', message: errorText(err) });
  } else if (err instanceof ApiError && err.status === 403) {
    notifications.show({ color: 'yellow', message: errorText(err) });
  } else {
    notifyError(err);
  }
}

function AdminPasswordCard() {
  const { t } = useTranslation();
  const { me, logout } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = passwordPairErrors(password, confirm, { tooShort: t('admin.users.passwordTooShort'), mismatch: t('admin.users.mismatch') });
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    try {
      const answer = await changePassword('admin', password);
      notifySuccess(answer);
      setToken(null);
      if (me?.auth) logout();
      else { setPassword(''); setConfirm(''); }
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate data-testid="admin-password-card">
      <Title order={5} mb="sm">{t('admin.users.changeAdminPassword')}</Title>
      <Stack gap="sm">
        <PasswordInput label={t('admin.users.newPassword')} autoComplete="new-password" value={password} error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)} />
        <PasswordInput label={t('admin.users.confirmPassword')} autoComplete="new-password" value={confirm} error={errors.confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)} />
        <Group justify="flex-end"><Button type="submit" loading={busy}>{t('admin.users.change')}</Button></Group>
      </Stack>
    </Card>
  );
}

function AddUserCard({ onAdded }: { onAdded(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [group, setGroup] = useState<'user' | 'guest'>('user');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      name: name.trim().length < MIN_LENGTH ? t('admin.users.nameTooShort') : undefined,
      password: password.length < MIN_LENGTH ? t('admin.users.passwordTooShort') : undefined,
    };
    setErrors(next);
    if (next.name || next.password) return;
    setBusy(true);
    try {
      const answer = await addUser(name.trim(), password, group);
      notifySuccess(answer);
      setName('');
      setPassword('');
      onAdded();
    } catch (err) {
      notifyUserError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder component="form" onSubmit={submit} noValidate data-testid="add-user-card">
      <Title order={5} mb="sm">{t('admin.users.addUser')}</Title>
      <Stack gap="sm">
        <TextInput label={t('admin.users.name')} autoComplete="off" value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
        <PasswordInput label={t('admin.users.password')} autoComplete="new-password" value={password} error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)} />
        <Select label={t('admin.users.group')} allowDeselect={false} value={group} onChange={(v) => v && setGroup(v as 'user' | 'guest')}
          data={[{ value: 'user', label: t('admin.users.groups.user') }, { value: 'guest', label: t('admin.users.groups.guest') }]} />
        <Group justify="flex-end"><Button type="submit" loading={busy}>{t('admin.users.add')}</Button></Group>
      </Stack>
    </Card>
  );
}

function UsersTable({ users, onDeleted }: { users: User[]; onDeleted(): void }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const [confirm, setConfirm] = useState(false);
  useEffect(() => setSelected((s) => s.filter((n) => users.some((u) => u.name === n))), [users]);
  const toggle = (name: string, on: boolean) => setSelected((s) => (on ? [...s, name] : s.filter((n) => n !== name)));
  const all = users.length > 0 && selected.length === users.length;

  const remove = async () => {
    try {
      const answer = await deleteUsers(users.filter((u) => selected.includes(u.name)));
      notifySuccess(answer);
      setSelected([]);
      onDeleted();
    } catch (err) {
      notifyUserError(err);
    }
  };

  return (
    <Card withBorder data-testid="users-card">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('admin.users.allUsers')}</Title>
        <Button color="red" disabled={!selected.length} onClick={() => setConfirm(true)} data-testid="delete-users">{t('common.delete')}</Button>
      </Group>
      <Table data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label={t('admin.users.selectAll')} checked={all} indeterminate={selected.length > 0 && !all}
                onChange={(e) => setSelected(e.currentTarget.checked ? users.map((u) => u.name) : [])} />
            </Table.Th>
            <Table.Th>{t('admin.users.name')}</Table.Th>
            <Table.Th>{t('admin.users.group')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.name} data-testid="user-row" data-name={u.name}>
              <Table.Td>
                <Checkbox aria-label={t('admin.users.select', { name: u.name })} checked={selected.includes(u.name)} onChange={(e) => toggle(u.name, e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>{u.name}</Table.Td>
              <Table.Td>{t(`admin.users.groups.${u.group}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmModal opened={confirm} message={t('admin.users.confirmDelete')} onClose={() => setConfirm(false)} onConfirm={() => void remove()} />
    </Card>
  );
}

export default adminPage(function UserManage() {
  const { t } = useTranslation();
  const [users, setUsers] = useState<User[]>([]);
  const load = useCallback(async () => {
    try {
      setUsers((await getUsers()).users);
    } catch (err) {
      notifyError(err);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  return (
    <AdminLayout>
      <Stack maw={1100}>
        <Title order={3}>{t('admin.users.title')}</Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <AdminPasswordCard />
          <AddUserCard onAdded={() => void load()} />
        </SimpleGrid>
        <UsersTable users={users} onDeleted={() => void load()} />
      </Stack>
    </AdminLayout>
  );
});
