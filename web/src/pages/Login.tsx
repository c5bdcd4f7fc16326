/**
 * /login (spec 000 sections 2, 5, 8): name and password, each at least 5 characters
 * ('password length at least 5'). POST /api/auth/me; a 401 shows a warning with the
 * server's error (one at a time: a new attempt takes the last one away); success
 * stores the token, shows 'login successful.' and goes to /main, or (beyond the spec) back
 * to the page that was asked for: `?redirect=` when it is a path of this site (redirect.ts).
 */
import { useState, type FormEvent } from 'react';
import { Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, call, errorText, notifyError, routes, setToken } from '../api/client';
import { useAuth } from '../api/auth';
import { REDIRECT_PARAM, safeRedirect } from '../api/redirect';

export const MIN_CREDENTIAL_LENGTH = 5;
/** The notification id of the failed-login warning. */
const FAILED_NOTICE = 'login-failed';

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useAuth();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      name: name.length < MIN_CREDENTIAL_LENGTH ? t('login.tooShort') : undefined,
      password: password.length < MIN_CREDENTIAL_LENGTH ? t('login.tooShort') : undefined,
    };
    setErrors(next);
    if (next.name || next.password) return;
    setBusy(true);
    notifications.hide(FAILED_NOTICE);
    try {
      const { token } = await call(routes.auth.login, { body: { name, password }, on401: 'throw' });
      setToken(token);
      notifications.show({ color: 'green', message: t('login.success') });
      await refresh();
      navigate(safeRedirect(params.get(REDIRECT_PARAM)), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) notifications.show({ id: FAILED_NOTICE, color: 'yellow', message: errorText(err) });
      else notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={380}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2} ta="center">{t('login.title')}</Title>
            <TextInput label={t('login.name')} name="name" autoComplete="username" value={name} error={errors.name}
              onChange={(e) => setName(e.currentTarget.value)} />
            <PasswordInput label={t('login.password')} name="password" autoComplete="current-password" value={password} error={errors.password}
              onChange={(e) => setPassword(e.currentTarget.value)} />
            <Button type="submit" loading={busy} fullWidth>{t('login.submit')}</Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
