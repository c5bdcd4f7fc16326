/** Formats seconds as m:ss or h:mm:ss (durations in the tree and the player); '--:--' when unknown. */
import { formatDuration } from '../../../src/player/index.js';

export function formatSeconds(seconds: number | undefined | null): string {
  if (seconds === undefined || seconds === null || !Number.isFinite(seconds)) return '--:--';
  return formatDuration(seconds);
}
