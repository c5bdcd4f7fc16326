/**
 * The bottom bar on every screen: play state, title and work on one line; position bar,
 * play mode, volume, speed and sleep time on the other.
 */
import React from 'react';
import { Box, Text } from 'ink';
import { currentTrack, type PlayerState } from '../../player/index.js';
import { progressBar } from './progress-bar.js';
import { cutToWidth } from '../text-width.js';
import { PLAY_MODE_LABELS } from '../labels.js';

/** Mode, volume, speed, sleep: the status words of the bar. */
export function statusWords(s: PlayerState): string {
  return [PLAY_MODE_LABELS[s.playMode], s.muted ? 'muted' : `vol ${Math.round(s.volume * 100)}%`, `${s.speed.toFixed(2)}x`, s.sleepTime ? `sleep ${s.sleepTime}` : s.sleepAtTrackEnd ? 'sleep end of track' : ''].filter(Boolean).join('  ');
}

export function NowBar({ state, width }: { state: PlayerState; width: number }): React.ReactElement {
  const track = currentTrack(state);
  const status = statusWords(state);
  const barWidth = Math.max(0, width - status.length - 2);
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        <Text color="green">{track ? (state.playing ? '▶ ' : '‖ ') : '■ '}</Text>
        {track ? cutToWidth(`${track.title}${track.workTitle ? `  — ${track.workTitle}` : ''}`, width - 2) : 'nothing playing'}
      </Text>
      <Box width={width}>
        {barWidth >= 12 ? <Box width={barWidth} flexShrink={0}><Text>{progressBar(state.currentTime, state.duration, barWidth)}</Text></Box> : null}
        <Box flexGrow={1} justifyContent="flex-end"><Text dimColor wrap="truncate-start">{status}</Text></Box>
      </Box>
    </Box>
  );
}
