/**
 * Sleep timer entry (spec 000 section 4): a time of day HH:MM kept for the browser
 * session in the player store; the player pauses when the clock reaches it.
 */
import { useState } from 'react';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { player, usePlayer } from '../player/store';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function SleepTimerModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const sleepTime = usePlayer((s) => s.sleepTime);
  const [value, setValue] = useState(sleepTime ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (!HHMM.test(value)) return setError(t('sleep.invalid'));
    player.setSleepTime(value);
    notifications.show({ message: t('sleep.setAt', { time: value }), autoClose: 5000 });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('sleep.title')} centered size="sm">
      <Text size="sm" c="dimmed" mb="xs" data-testid="sleep-state">{sleepTime ? t('sleep.setAt', { time: sleepTime }) : t('sleep.none')}</Text>
      <TextInput type="time" label={t('sleep.time')} value={value} error={error} onChange={(e) => { setValue(e.currentTarget.value); setError(null); }} />
      <Group justify="flex-end" mt="md">
        {sleepTime && (
          <Button variant="default" onClick={() => { player.setSleepTime(null); notifications.show({ message: t('sleep.cleared'), autoClose: 5000 }); onClose(); }}>
            {t('sleep.cancel')}
          </Button>
        )}
        <Button onClick={apply}>{t('sleep.set')}</Button>
      </Group>
    </Modal>
  );
}
