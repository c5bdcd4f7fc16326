/**
 * The full-screen player / visualiser, /fullScreenPlayer[/:workId] (spec 000 section 2):
 * - no id and something playing: redirect to the playing work's id;
 * - an id and nothing playing: go to /work/{id};
 * - neither: the negative notice 'nothing is playing, play a work first then open the
 *   visualiser page' and go to /works.
 * Under /novel the same, within the novel section (/novel/works, /novel/work/{id}).
 * The page: a 1000x1000 canvas (cover in 18 halos, see player/visualiserDraw.ts) that
 * toggles browser fullscreen on double-click; clicking the cover flips it to the
 * equaliser with the left/right channel swap; the title and the lyric beside it on a
 * wide screen, below it on a narrow one, both sized to fit the screen above the player
 * bar, which carries the transport controls (the page does not repeat them).
 * Mobile Safari is warned that the visualizer may silence the audio (spec 000 section 8).
 */
import { useEffect, useRef, useState } from 'react';
import { Group, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { coverUrl, mediaUrl } from '../api/client';
import { useCatalogue } from '../catalogue';
import type { Scope } from '../api/scope';
import { audioGraphOf } from '../player/audioGraph';
import { WIDE_PLAYER_QUERY } from '../player/layout';
import { LyricView } from '../player/LyricView';
import { isIOS, useVisualizer, visualiserCoverKey } from '../player/settings';
import { player, playingSection, playingWorkId, usePlayer } from '../player/store';
import { CANVAS_SIZE, drawEqualiser, drawHalos } from '../player/visualiserDraw';

/**
 * What the route does (spec 000 section 2): stay, redirect to a path, or notify and go to
 * the list; `base` keeps the redirects in the section ('' audio, '/novel' the novel section).
 */
export function fullScreenTarget(routeId: string | undefined, playingId: number | null, base = ''): { stay: true } | { to: string; notice: boolean } {
  if (!routeId && playingId !== null) return { to: `${base}/fullScreenPlayer/${playingId}`, notice: false };
  if (routeId && playingId === null) return { to: `${base}/work/${routeId}`, notice: false };
  if (!routeId) return { to: `${base}/works`, notice: true };
  return { stay: true };
}

/** The visualiser cover of a work: the image chosen in the work's image preview, else its main cover (of its section). */
function coverOf(workId: number, scope: Scope): string {
  const chosen = localStorage.getItem(visualiserCoverKey(workId));
  return chosen ? mediaUrl(chosen) : coverUrl(workId, 'main', scope);
}

/** The flipping visualiser card: halos canvas in front, equaliser and channel swap behind; `size`: its side (CSS length). */
function Visualiser({ workId, size }: { workId: number; size: string }) {
  const { t } = useTranslation();
  const [enabled] = useVisualizer();
  const canvas = useRef<HTMLCanvasElement>(null);
  const eq = useRef<HTMLCanvasElement>(null);
  const [flipped, setFlipped] = useState(false);
  const [swapped, setSwapped] = useState(false);
  const playing = usePlayer((s) => s.playing);

  useEffect(() => {
    if (enabled && isIOS()) notifications.show({ color: 'yellow', message: t('player.iosVisualizerWarning') });
  }, [enabled, t]);

  useEffect(() => {
    const el = player.audio();
    const ctx = canvas.current?.getContext('2d');
    if (!el || !ctx) return;
    const graph = enabled ? audioGraphOf(el) : null;
    setSwapped(graph?.swapped() ?? false);
    const cover = new Image();
    cover.src = coverOf(workId, playingSection(player.getState()));
    const data = new Uint8Array(graph?.analyser.frequencyBinCount ?? 128);
    const left = new Uint8Array(data.length);
    const right = new Uint8Array(data.length);
    let angle = 0;
    let frame = 0;
    const draw = () => {
      if (graph) graph.analyser.getByteFrequencyData(data);
      if (player.getState().playing) angle += 0.004;
      drawHalos(ctx, data, cover, angle);
      const eqCtx = eq.current?.getContext('2d');
      if (graph && eqCtx && eq.current) {
        graph.left.getByteFrequencyData(left);
        graph.right.getByteFrequencyData(right);
        drawEqualiser(eqCtx, left, right, eq.current.width, eq.current.height);
      }
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [workId, enabled]);

  useEffect(() => {
    const el = player.audio();
    if (playing && el && enabled) void audioGraphOf(el).context.resume();
  }, [playing, enabled]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void canvas.current?.parentElement?.requestFullscreen?.().catch((err: unknown) => console.error(err));
  };

  return (
    <div style={{ perspective: 1200, width: size, aspectRatio: '1', margin: '0 auto', flexShrink: 0 }}>
      <div style={{ position: 'relative', width: '100%', height: '100%', transition: 'transform .6s', transformStyle: 'preserve-3d', transform: flipped ? 'rotateY(180deg)' : undefined }}>
        <div style={{ position: 'absolute', inset: 0, backfaceVisibility: 'hidden' }} onDoubleClick={toggleFullscreen}>
          <canvas ref={canvas} width={CANVAS_SIZE} height={CANVAS_SIZE} data-testid="visualiser" style={{ width: '100%', height: '100%', cursor: 'pointer' }}
            onClick={() => setFlipped(true)} />
        </div>
        <Stack style={{ position: 'absolute', inset: 0, backfaceVisibility: 'hidden', transform: 'rotateY(180deg)', justifyContent: 'center' }} data-testid="equaliser" onClick={() => setFlipped(false)}>
          <canvas ref={eq} width={800} height={400} style={{ width: '100%' }} />
          <Group justify="space-between" px="md"><Text size="sm">{t('player.leftChannel')}</Text><Text size="sm">{t('player.rightChannel')}</Text></Group>
          <Group justify="center" onClick={(e) => e.stopPropagation()}>
            <Switch label={t('player.swapChannels')} checked={swapped} disabled={!enabled} data-testid="swap-channels"
              onChange={(e) => { const el = player.audio(); const v = e.currentTarget.checked; if (el) audioGraphOf(el).setSwapped(v); setSwapped(v); }} />
          </Group>
        </Stack>
      </div>
    </div>
  );
}

/**
 * Sides of the visualiser and heights of the lyric: the screen less the header (56 px),
 * the player bar (78 px), the page padding and, on a narrow screen, the title and lyric below.
 */
const WIDE = { visualiser: 'min(calc(50vw - 48px), calc(100dvh - 190px))', lyric: 'calc(100dvh - 240px)' };
const NARROW = { visualiser: 'min(100%, calc(100dvh - 440px))', lyric: 200 };

/** The /fullScreenPlayer[/:workId] page: redirects (fullScreenTarget) or the visualiser, title and lyric. */
export default function FullScreenPlayer() {
  const { t } = useTranslation();
  const { workId } = useParams();
  const playingId = usePlayer(playingWorkId);
  const title = usePlayer((s) => s.queue[s.queueIndex]?.title);
  const wide = useMediaQuery(WIDE_PLAYER_QUERY, false, { getInitialValueInEffect: false });
  const target = fullScreenTarget(workId, playingId, useCatalogue().base);
  const notice = 'notice' in target && target.notice;
  useEffect(() => {
    if (notice) notifications.show({ color: 'red', message: t('player.nothingPlaying') });
  }, [notice, t]);
  if ('to' in target) return <Navigate to={target.to} replace />;
  return (
    <Group gap="xl" wrap="nowrap" align="center" justify="center" maw={1400} mx="auto" style={{ flexDirection: wide ? 'row' : 'column' }} data-testid="full-screen-player">
      <Visualiser workId={playingId!} size={(wide ? WIDE : NARROW).visualiser} />
      <Stack gap="sm" style={{ flex: 1, minWidth: 0, alignSelf: 'stretch', justifyContent: 'center' }}>
        <Text ta="center" fw={700} data-testid="full-screen-title">{title}</Text>
        <LyricView height={(wide ? WIDE : NARROW).lyric} />
      </Stack>
    </Group>
  );
}
