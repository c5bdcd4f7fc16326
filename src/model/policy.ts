/**
 * Who may write (DESIGN section 6: "guests read and play but do not write"): the admin
 * and users write; guests read, stream and play, and every write is refused to them.
 * The one place the rule lives: the server's `requireWriter` step, the players' API
 * (/rest, code 50), the playlists, the trial dislike and the TUI's local mode call it.
 */
import { Forbidden } from './errors.js';
import { say } from './messages.js';
import type { Group } from './wire.js';

/** Whoever asks: only the group matters here. */
interface Viewer { readonly group: Group }

/** Whether `viewer` may write (admin or user); false for a guest. */
export const canWrite = (viewer: Viewer): boolean => viewer.group !== 'guest';

/** Refuses a guest: throws Forbidden `auth.guestReadOnly` ('guests cannot make changes'); returns for a writer. */
export function assertWriter(viewer: Viewer): void {
  if (!canWrite(viewer)) throw new Forbidden(say('auth.guestReadOnly'));
}
