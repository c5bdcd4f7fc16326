/**
 * Desktop lyrics (spec 000 sections 2, 5, 8): the current lyric line in a small
 * always-on-top window.
 * - Document Picture-in-Picture (`documentPictureInPicture.requestWindow`) where the
 *   browser has it;
 * - else video picture-in-picture of a canvas stream: the line drawn on a canvas, the
 *   canvas captured as a video; with 'video source' on, the visualiser's cover and
 *   spectrum are drawn too (costly: the setting warns first).
 * It needs about 5 s of audio played first (else 'failed to open, play audio for 5s and
 * retry'); any other failure is logged and the caller switches the setting off.
 */
import { currentTrack } from '../../../src/player/index.js';
import { getLyric } from './lyrics';
import { lineAt } from './lyricTime';
import { player } from './store';

export const DESKTOP_LYRICS_MIN_PLAYED = 5;

/** Why opening failed: too little audio played yet, or the browser refused. */
export class DesktopLyricsError extends Error {
  constructor(readonly reason: 'notPlayedEnough' | 'failed', cause?: unknown) {
    super(reason, { cause });
  }
}

interface DocumentPiP { requestWindow(opts: { width: number; height: number }): Promise<Window>; window: Window | null }

/** The text the window shows: the current line, else the track title. */
export function desktopLine(): string {
  const s = player.getState();
  const lyric = getLyric();
  const i = lineAt(lyric.lines, s.currentTime, s.lyricOffset);
  return i >= 0 ? lyric.lines[i]!.text : currentTrack(s)?.title ?? '';
}

let closeCurrent: (() => void) | null = null;

/** Closes the window when open. */
export function closeDesktopLyrics(): void {
  closeCurrent?.();
  closeCurrent = null;
}

async function openDocumentPiP(dpip: DocumentPiP): Promise<void> {
  const win = await dpip.requestWindow({ width: 520, height: 120 });
  const doc = win.document;
  doc.body.style.cssText = 'margin:0;display:flex;align-items:center;justify-content:center;background:#111;color:#fff;font:600 24px sans-serif;text-align:center;padding:8px';
  const line = doc.createElement('div');
  line.setAttribute('data-testid', 'desktop-lyric-line');
  doc.body.append(line);
  const render = () => { line.textContent = desktopLine(); };
  render();
  const unsubscribe = player.subscribe(render);
  win.addEventListener('pagehide', () => { unsubscribe(); closeCurrent = null; });
  closeCurrent = () => { unsubscribe(); win.close(); };
}

async function openVideoPiP(drawExtra: ((ctx: CanvasRenderingContext2D, w: number, h: number) => void) | null): Promise<void> {
  const canvas = document.createElement('canvas');
  canvas.width = 800;
  canvas.height = drawExtra ? 450 : 160;
  const ctx = canvas.getContext('2d')!;
  const draw = () => {
    ctx.fillStyle = '#111';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    drawExtra?.(ctx, canvas.width, canvas.height);
    ctx.fillStyle = '#fff';
    ctx.font = '600 40px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(desktopLine(), canvas.width / 2, canvas.height - 60, canvas.width - 40);
  };
  draw();
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = canvas.captureStream(drawExtra ? 30 : 10);
  await video.play();
  // Timers keep drawing while the tab is hidden (animation frames stop there).
  const timer = setInterval(draw, drawExtra ? 33 : 100);
  const stop = () => { clearInterval(timer); video.srcObject = null; };
  video.addEventListener('leavepictureinpicture', () => { stop(); closeCurrent = null; });
  try {
    await video.requestPictureInPicture();
  } catch (err) {
    stop();
    throw err;
  }
  closeCurrent = () => { stop(); void document.exitPictureInPicture().catch(() => undefined); };
}

/**
 * Opens the desktop lyrics window. `drawExtra` (video-source drawing) paints the
 * background of the video fallback. Throws DesktopLyricsError('notPlayedEnough') before
 * 5 s of audio, DesktopLyricsError('failed') when the browser refuses.
 */
export async function openDesktopLyrics(drawExtra: ((ctx: CanvasRenderingContext2D, w: number, h: number) => void) | null = null): Promise<void> {
  if (player.playedSeconds() < DESKTOP_LYRICS_MIN_PLAYED) throw new DesktopLyricsError('notPlayedEnough');
  closeDesktopLyrics();
  const dpip = (window as unknown as { documentPictureInPicture?: DocumentPiP }).documentPictureInPicture;
  try {
    if (dpip && !drawExtra) await openDocumentPiP(dpip);
    else await openVideoPiP(drawExtra);
  } catch (err) {
    console.error('picture-in-picture failed', err);
    throw new DesktopLyricsError('failed', err);
  }
}
