/**
 * Sleep timer entry (spec 000 section 4): a time of day HH:MM kept for the browser
 * session in the player store; the player pauses when the clock reaches it. Beyond the
 * spec, as audiobook players offer: a duration from now (15, 30, 45, 60 or 90 minutes,
 * shown as the time it falls due) and "end of this track" (src/player/sleep.ts).
 */
import { useState } from 'react';
import { Button, Divider, Group, Modal, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { SLEEP_DURATIONS_MINUTES } from '../../../src/player/index.js';
import { player, usePlayer } from '../player/store';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const NOTICE_MS = 5000;

export function SleepTimerModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const sleepTime = usePlayer((s) => s.sleepTime);
  const atTrackEnd = usePlayer((s) => s.sleepAtTrackEnd);
  const hasTrack = usePlayer((s) => s.queue.length > 0);
  const [value, setValue] = useState(sleepTime ?? '');
  const [error, setError] = useState<string | null>(null);
  const notice = (message: string) => notifications.show({ message, autoClose: NOTICE_MS });
  const apply = () => {
    if (!HHMM.test(value)) return setError(t('sleep.invalid'));
    player.setSleepTime(value);
    notice(t('sleep.setAt', { time: value }));
    onClose();
  };
  const after = (minutes: number) => {
    player.setSleepAfter(minutes);
    notice(t('sleep.setAt', { time: player.getState().sleepTime }));
    onClose();
  };
  const trackEnd = () => {
    player.setSleepAtTrackEnd();
    notice(t('sleep.atTrackEndSet'));
    onClose();
  };
  const state = sleepTime ? t('sleep.setAt', { time: sleepTime }) : atTrackEnd ? t('sleep.atTrackEndSet') : t('sleep.none');
  return (
    <Modal opened={opened} onClose={onClose} title={t('sleep.title')} centered size="sm">
      <Text size="sm" c="dimmed" mb="xs" data-testid="sleep-state">{state}</Text>
      <Text size="sm" fw={500} mb={4}>{t('sleep.after')}</Text>
      <SimpleGrid cols={3} spacing="xs" data-testid="sleep-durations">
        {SLEEP_DURATIONS_MINUTES.map((m) => (
          <Button key={m} variant="light" size="xs" onClick={() => after(m)} data-minutes={m}>{t('sleep.minutes', { count: m })}</Button>
        ))}
        <Button variant="light" size="xs" disabled={!hasTrack} onClick={trackEnd} data-testid="sleep-track-end">{t('sleep.atTrackEnd')}</Button>
      </SimpleGrid>
      <Divider my="sm" label={t('sleep.orTime')} labelPosition="center" />
      <TextInput type="time" label={t('sleep.time')} value={value} error={error} onChange={(e) => { setValue(e.currentTarget.value); setError(null); }} />
      <Group justify="flex-end" mt="md">
        {(sleepTime || atTrackEnd) && (
          <Button variant="default" onClick={() => { player.setSleepTime(null); notice(t('sleep.cleared')); onClose(); }}>
            {t('sleep.cancel')}
          </Button>
        )}
        <Button onClick={apply}>{t('sleep.set')}</Button>
      </Group>
    </Modal>
  );
}
