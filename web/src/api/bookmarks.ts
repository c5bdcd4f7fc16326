/**
 * The web's side of the bookmarks API (src/api/bookmarks.ts, through the shared client):
 * the calls, and a signal that a work's bookmarks changed, so the work page's list
 * (components/work/WorkBookmarks.tsx) shows a bookmark the player's button has just added.
 */
import { deleteBookmark, getWorkBookmarks, putBookmark, type WorkBookmark } from '../../../src/api/bookmarks';
import { client } from './client';

export type { WorkBookmark };

const listeners = new Set<(workId: number) => void>();

/** Calls `listener` with the work id whenever one of that work's bookmarks is added or deleted here; answers the unsubscribe. */
export function onBookmarksChanged(listener: (workId: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = (workId: number) => { for (const l of listeners) l(workId); };

/** The caller's bookmarks of a work, in play order. */
export const workBookmarks = async (workId: number): Promise<WorkBookmark[]> => (await getWorkBookmarks(client, workId)).bookmarks;

/** Keeps the caller's place (whole seconds) in track `fileId` of `workId`; answers the server's coded message. */
export async function addBookmark(workId: number, fileId: number, seconds: number) {
  const answer = await putBookmark(client, { work_id: workId, file_id: fileId, seconds });
  changed(workId);
  return answer;
}

/** Removes the caller's bookmark of a track; answers the server's coded message. */
export async function removeBookmark(workId: number, fileId: number) {
  const answer = await deleteBookmark(client, workId, fileId);
  changed(workId);
  return answer;
}
