/**
 * Now playing (spec 000 section 2 "Player"): title, work, position/duration bar, play
 * mode, volume, speed, sleep timer, and the synced lyric lines around the current one
 * (lrc, or srt/vtt converted; the lyric offset shifts them), found as the web player finds
 * them: the track's local lyric file, else the work's AI lyric matching the file name
 * (marked 'AI lyric', 'AI lyric, loose match' when the name matched loosely).
 */
import React from 'react';
import { Box, Text } from 'ink';
import { currentTrack } from '../../player/index.js';
import { currentLineIndex } from '../../lyrics/lrc.js';
import { useSession } from '../session.js';
import { usePlayerState } from '../hooks/use-player.js';
import { useLoad } from '../hooks/use-load.js';
import { progressBar } from '../components/progress-bar.js';
import { statusWords } from '../components/now-bar.js';
import type { PlayingView } from '../views.js';

export function PlayingScreen({ width, height }: { view: PlayingView; active: boolean; width: number; height: number }): React.ReactElement {
  const { source, player, playerMissing } = useSession();
  const state = usePlayerState(player);
  const track = currentTrack(state);
  const hash = track?.hash ?? '';
  const lyric = useLoad(`lyric:${hash}`, () => (track ? source.lyric(track.hash, track.title) : Promise.resolve(null)));
  const lines = lyric.data?.lines ?? [];
  const aiNote = lyric.data?.source === 'ai' ? '  AI lyric' : lyric.data?.source === 'ai-loose' ? '  AI lyric, loose match' : '';
  const current = lines.length ? currentLineIndex(lines, state.currentTime + state.lyricOffset) : -1;
  const lyricRows = Math.max(1, height - 6);
  const start = Math.max(0, Math.min(current - Math.floor(lyricRows / 2), lines.length - lyricRows));
  const shown = lines.slice(start, start + lyricRows);

  if (!track) {
    return (
      <Box flexDirection="column" width={width}>
        <Text bold>Now playing</Text>
        <Text dimColor>{playerMissing ?? 'nothing is playing: open a work (1) and press enter on a track'}</Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">{track.title}</Text>
      <Text dimColor wrap="truncate-end">{track.workTitle ?? ''}</Text>
      <Text>{progressBar(state.currentTime, state.duration, width)}</Text>
      <Text wrap="truncate-end">{`${state.playing ? 'playing' : 'paused'}  ${statusWords(state)}  track ${state.queueIndex + 1}/${state.queue.length}${state.lyricOffset ? `  lyric offset ${state.lyricOffset}s` : ''}${aiNote}`}</Text>
      <Text> </Text>
      {lyric.loading ? <Text dimColor>…</Text> : lines.length === 0 ? <Text dimColor>no lyric for this track</Text> : shown.map((l, i) => (
        <Text key={start + i} wrap="truncate-end" bold={start + i === current} color={start + i === current ? 'yellow' : undefined} dimColor={start + i !== current}>
          {l.text || ' '}
        </Text>
      ))}
    </Box>
  );
}
