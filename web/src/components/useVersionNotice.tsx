/**
 * Version check on entering the app (spec 000 section 8): a scan lock shows its reason
 * for 60 s with 'remind me later' and 'go to scan page'; a new version shows for 5 s.
 * A failed check is only logged.
 */
import { useEffect } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, routes } from '../api/client';

let checked = false;

export function useVersionNotice(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (checked) return;
    checked = true;
    call(routes.auth.version, { on401: 'throw' })
      .then((v) => {
        if (v.lockFileExists) {
          const id = 'scan-lock';
          notifications.show({
            id, color: 'yellow', autoClose: 60_000,
            message: (
              <div>
                <Text size="sm">{t('version.lock', { reason: v.lockReason ?? '' })}</Text>
                <Group gap="xs" mt={4}>
                  <Button size="xs" variant="default" onClick={() => notifications.hide(id)}>{t('version.later')}</Button>
                  <Button size="xs" onClick={() => { notifications.hide(id); navigate('/admin/scanner'); }}>{t('version.goScan')}</Button>
                </Group>
              </div>
            ),
          });
        }
        if (v.update_available && v.notifyUser) notifications.show({ message: t('version.update'), autoClose: 5000 });
      })
      .catch((err) => console.warn('version check failed', err));
  }, [t, navigate]);
}
