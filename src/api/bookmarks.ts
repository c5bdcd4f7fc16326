/**
 * The bookmarks API (src/bookmarks/README.md), declared once for the server's routes
 * (src/server/routes/bookmarks), the web UI and the tests (the route table's bookmarks
 * routes are declared here), called through the shared client (client.ts). Always the
 * signed-in user's own bookmarks; guests cannot write.
 *
 * | call | answer |
 * |---|---|
 * | `GET /api/bookmarks?work_id=N` | 200 `{bookmarks: WorkBookmark[]}` of the work, in play order; 404 for a work the caller may not see |
 * | `PUT /api/bookmarks {work_id, file_id, seconds, comment?}` | 200 `{message, code: 'bookmark.saved', bookmark}`; one per track (a second replaces the first); 404 for a track that is no audio file of a visible library work, 400 for bad input |
 * | `DELETE /api/bookmarks {work_id, file_id}` | 200 `{message, code: 'bookmark.deleted'}`; 404 `bookmark.notFound` when there is none |
 */
import type { ApiClient } from './client.js';
import { route } from './route.js';
import type { BookmarkDeleteSchema, BookmarkListSchema, BookmarkPutSchema } from './schemas/bookmarks.js';

/** A bookmark of a track of one work; `seconds` = position in seconds (ms precision), times ISO 8601. */
export interface WorkBookmark {
  work_id: number;
  file_id: number;
  /** The track hash `{workId}/{fileId}` the player queues. */
  hash: string;
  /** The track's file name. */
  title: string;
  seconds: number;
  comment: string;
  created_at: string;
  updated_at: string;
}

export interface BookmarksAnswer { bookmarks: WorkBookmark[] }

/** PUT body: the track, the place in whole or fractional seconds (0 .. a week), an optional comment (up to 1000 characters). */
export interface BookmarkPut { work_id: number; file_id: number; seconds: number; comment?: string }

export interface BookmarkSaved { message: string; code: string; bookmark: WorkBookmark }

export const bookmarksRoutes = {
  /** ?work_id. */
  list: route<BookmarksAnswer, typeof BookmarkListSchema>()('GET', '/api/bookmarks'),
  put: route<BookmarkSaved, typeof BookmarkPutSchema>()('PUT', '/api/bookmarks'),
  /** {work_id, file_id}. */
  delete: route<{ message: string }, typeof BookmarkDeleteSchema>()('DELETE', '/api/bookmarks'),
};

/** The caller's bookmarks of work `workId`, in the work's play order. */
export const getWorkBookmarks = (client: ApiClient, workId: number) => client.call(bookmarksRoutes.list, { query: { work_id: workId } });
/** Keeps the caller's place in a track (replacing their earlier bookmark of it). */
export const putBookmark = (client: ApiClient, body: BookmarkPut) => client.call(bookmarksRoutes.put, { body });
/** Removes the caller's bookmark of a track. */
export const deleteBookmark = (client: ApiClient, workId: number, fileId: number) => client.call(bookmarksRoutes.delete, { body: { work_id: workId, file_id: fileId } });
