/**
 * The lyric sync helper dialog (spec 000 section 4 "Lyric sync tool"): ready (which came
 * first, the lyric line or the voice? pressed at that moment) -> measure (press when the
 * other one comes) -> done (the delta; blank under 1 ms) -> apply sets the lyric offset
 * and the tool returns to ready. Also the offset itself, in 0.1 s steps.
 */
import { useReducer } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appliedOffset, formatDelta, SYNC_READY, syncReducer } from './lyricSync';
import { player, usePlayer } from './store';

/** The lyric offset with -0.1 s / +0.1 s / reset buttons. */
export function LyricOffsetButtons() {
  const { t } = useTranslation();
  const offset = usePlayer((s) => s.lyricOffset);
  return (
    <Group gap="xs" justify="center">
      <Button size="compact-sm" variant="default" onClick={() => player.stepLyricOffset(-1)} data-testid="lyric-offset-minus">-0.1s</Button>
      <Text size="sm" data-testid="lyric-offset">{t('player.lyricOffset', { n: offset })}</Text>
      <Button size="compact-sm" variant="default" onClick={() => player.stepLyricOffset(1)} data-testid="lyric-offset-plus">+0.1s</Button>
      <Button size="compact-sm" variant="subtle" onClick={() => player.setLyricOffset(0)}>{t('player.reset')}</Button>
    </Group>
  );
}

/** The lyric sync helper dialog (see the file comment). */
export function LyricSyncDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [sync, send] = useReducer(syncReducer, SYNC_READY);
  const now = () => performance.now();
  return (
    <Modal opened={opened} onClose={onClose} title={t('player.syncTitle')} centered data-testid="lyric-sync">
      <Stack>
        <LyricOffsetButtons />
        {sync.phase === 'ready' && (
          <>
            <Text size="sm">{t('player.syncReady')}</Text>
            <Group grow>
              <Button onClick={() => send({ type: 'start', first: 'lyric', now: now() })} data-testid="sync-lyric-first">{t('player.syncLyricFirst')}</Button>
              <Button onClick={() => send({ type: 'start', first: 'audio', now: now() })} data-testid="sync-audio-first">{t('player.syncAudioFirst')}</Button>
            </Group>
          </>
        )}
        {sync.phase === 'measure' && (
          <>
            <Text size="sm">{sync.first === 'lyric' ? t('player.syncWaitAudio') : t('player.syncWaitLyric')}</Text>
            <Button size="lg" onClick={() => send({ type: 'mark', now: now() })} data-testid="sync-mark">{t('player.syncNow')}</Button>
          </>
        )}
        {sync.phase === 'done' && (
          <>
            <Text size="sm">{t('player.syncDelta')} <b data-testid="sync-delta">{formatDelta(sync.deltaMs)}</b></Text>
            <Group grow>
              <Button variant="default" onClick={() => send({ type: 'reset' })}>{t('player.syncRetry')}</Button>
              <Button onClick={() => { player.setLyricOffset(appliedOffset(player.getState().lyricOffset, sync)); send({ type: 'reset' }); }} data-testid="sync-apply">
                {t('player.syncApply')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
