/** Position / duration bar: '1:23 [=====-----] 10:00', fitted to `width` columns. */
import { formatDuration } from '../../player/index.js';

export function progressBar(position: number, duration: number, width: number): string {
  const left = formatDuration(position);
  const right = formatDuration(duration);
  const inner = width - left.length - right.length - 4;
  if (inner < 4) return `${left} / ${right}`;
  const filled = duration > 0 ? Math.min(inner, Math.round((position / duration) * inner)) : 0;
  return `${left} [${'='.repeat(filled)}${'-'.repeat(inner - filled)}] ${right}`;
}
