/**
 * Drawing of the visualiser (spec 000 section 9 "Visualiser"): on a 1000x1000 canvas the
 * work's cover in a circle, turning while playing, inside 18 halos whose size follows
 * the analyser's spectrum; on the back of the cover an equaliser of the left and right
 * channels. Also the 'video source' frame of the desktop lyrics video.
 */
import { audioGraphOf } from './audioGraph';
import { player } from './store';

export const CANVAS_SIZE = 1000;
export const HALOS = 18;

/** Mean level (0..1) of each of `groups` equal slices of a byte spectrum. */
export function bandLevels(spectrum: Uint8Array, groups: number): number[] {
  const per = Math.max(1, Math.floor(spectrum.length / groups));
  const out: number[] = [];
  for (let g = 0; g < groups; g++) {
    let sum = 0;
    for (let i = g * per; i < Math.min(spectrum.length, (g + 1) * per); i++) sum += spectrum[i]!;
    out.push(sum / per / 255);
  }
  return out;
}

/** Draws one frame: halos from `spectrum`, the cover circle rotated by `angle` radians. */
export function drawHalos(ctx: CanvasRenderingContext2D, spectrum: Uint8Array, cover: HTMLImageElement | null, angle: number, size = CANVAS_SIZE): void {
  const c = size / 2;
  const base = size * 0.26;
  ctx.clearRect(0, 0, size, size);
  const levels = bandLevels(spectrum, HALOS);
  for (let k = HALOS - 1; k >= 0; k--) {
    const r = base + k * (size * 0.012) + levels[k]! * size * 0.12;
    ctx.beginPath();
    ctx.arc(c, c, r, 0, Math.PI * 2);
    ctx.strokeStyle = `hsla(${230 + k * 6}, 80%, 65%, ${0.15 + 0.7 * (1 - k / HALOS) * (0.3 + levels[k]!)})`;
    ctx.lineWidth = 3 + levels[k]! * 10;
    ctx.stroke();
  }
  ctx.save();
  ctx.beginPath();
  ctx.arc(c, c, base, 0, Math.PI * 2);
  ctx.clip();
  ctx.translate(c, c);
  ctx.rotate(angle);
  if (cover && cover.complete && cover.naturalWidth > 0) ctx.drawImage(cover, -base, -base, base * 2, base * 2);
  else { ctx.fillStyle = '#333'; ctx.fillRect(-base, -base, base * 2, base * 2); }
  ctx.restore();
}

/** Draws the equaliser: left channel bars on the left half, right channel on the right (mirrored). */
export function drawEqualiser(ctx: CanvasRenderingContext2D, left: Uint8Array, right: Uint8Array, w: number, h: number): void {
  ctx.clearRect(0, 0, w, h);
  const bands = 16;
  const l = bandLevels(left, bands);
  const r = bandLevels(right, bands);
  const bw = w / 2 / bands;
  for (let i = 0; i < bands; i++) {
    const lh = l[i]! * h * 0.9;
    const rh = r[i]! * h * 0.9;
    ctx.fillStyle = '#4c6ef5';
    ctx.fillRect(w / 2 - (i + 1) * bw + 2, h - lh, bw - 4, lh);
    ctx.fillStyle = '#f76707';
    ctx.fillRect(w / 2 + i * bw + 2, h - rh, bw - 4, rh);
  }
}

/** The 'video source' background of the desktop lyrics video: the spectrum as bars. */
export function drawVideoSource(ctx: CanvasRenderingContext2D, w: number, h: number): void {
  const el = player.audio();
  if (!el) return;
  const { analyser } = audioGraphOf(el);
  const data = new Uint8Array(analyser.frequencyBinCount);
  analyser.getByteFrequencyData(data);
  const levels = bandLevels(data, 32);
  const bw = w / levels.length;
  ctx.fillStyle = '#4c6ef5';
  levels.forEach((v, i) => ctx.fillRect(i * bw + 1, h - 120 - v * (h - 140), bw - 2, v * (h - 140)));
}
