/**
 * Bookmarks (src/api/bookmarks.ts, src/bookmarks): GET, PUT and DELETE /api/bookmarks,
 * always the signed-in user's own; guests cannot write. The same rows as the players'
 * getBookmarks, createBookmark and deleteBookmark at /rest.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { deleteBookmark, saveBookmark, workBookmarks, type TrackBookmark } from '../../../bookmarks/index.js';
import { compareNames } from '../../../library/tree.js';
import { NotFound, formatTrackHash, say } from '../../../model/index.js';
import type { WorkBookmark } from '../../../api/bookmarks.js';
import { requireUser, requireWriter } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { BookmarkDeleteSchema, BookmarkListSchema, BookmarkPutSchema } from '../../../api/schemas/bookmarks.js';

export const bookmarksRouter = new Router<AppState, { services: AppContext['services'] }>();

/** A bookmark as the API answers it. */
const present = (b: TrackBookmark): WorkBookmark => ({
  work_id: b.workId, file_id: b.fileId, hash: formatTrackHash(b.workId, b.fileId), title: b.relpath.slice(b.relpath.lastIndexOf('/') + 1),
  seconds: b.positionMs / 1000, comment: b.comment, created_at: b.created, updated_at: b.changed,
});

/** Play order of two paths inside a work (the track tree's): at each level folders first, then names in natural order. */
function playOrder(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const folderX = i < x.length - 1;
    const folderY = i < y.length - 1;
    if (folderX !== folderY) return folderX ? -1 : 1;
    const c = compareNames(x[i]!, y[i]!);
    if (c) return c;
  }
  return x.length - y.length;
}

/** GET /api/bookmarks?work_id=N -> 200 {bookmarks} of the work's audio files, in play order; 404 for a work the caller may not see. */
on(bookmarksRouter, routes.bookmarks.list, requireUser(), validate(routes.bookmarks.list, BookmarkListSchema), async (ctx) => {
  const rows = await workBookmarks(ctx.services.db, ctx.state.user!.name, ctx.state.input.query.work_id);
  ctx.body = { bookmarks: rows.sort((a, b) => playOrder(a.relpath, b.relpath)).map(present) };
});

/**
 * PUT /api/bookmarks {work_id, file_id, seconds, comment?} -> 200 {message: 'bookmark saved', bookmark}:
 * the caller's place in the track, to the ms (one per track: a second replaces the first).
 * 404 for a track that is no audio file of a visible library work, 400 for bad input;
 * nothing written then.
 */
on(bookmarksRouter, routes.bookmarks.put, requireUser(), requireWriter(), validate(routes.bookmarks.put, BookmarkPutSchema), async (ctx) => {
  const { work_id, file_id, seconds, comment } = ctx.state.input.body;
  const saved = await saveBookmark(ctx.services.db, ctx.state.user!.name, { workId: work_id, fileId: file_id }, Math.round(seconds * 1000), comment ?? '');
  ctx.body = { ...say('bookmark.saved'), bookmark: present(saved) };
});

/** DELETE /api/bookmarks {work_id, file_id} -> 200 {message: 'bookmark deleted'}; 404 'no bookmark of this track' when there is none. */
on(bookmarksRouter, routes.bookmarks.delete, requireUser(), requireWriter(), validate(routes.bookmarks.delete, BookmarkDeleteSchema), async (ctx) => {
  const { work_id, file_id } = ctx.state.input.body;
  if (!(await deleteBookmark(ctx.services.db, ctx.state.user!.name, { workId: work_id, fileId: file_id }))) throw new NotFound(say('bookmark.notFound'));
  ctx.body = say('bookmark.deleted');
});
