/**
 * Bookmarks (README.md "Bookmarks"): getBookmarks, createBookmark, deleteBookmark on the
 * caller's bookmarks (src/bookmarks: one per user and track, position in ms, a comment),
 * the same rows the web player's bookmark button writes. Writes are refused to guests
 * (code 50); a song id that names no audio file of a visible work is code 70.
 */
import { deleteBookmark, listBookmarks, saveBookmark } from '../../bookmarks/index.js';
import { BOOKMARK_POSITION_MAX_MS } from '../../model/index.js';
import { notFound } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { songId } from '../ids.js';
import { songsByRef } from '../library.js';
import { songRefs } from './queue.js';

/** The song of the `id` parameter; code 10 without it, 70 for an id that is no song id. */
const songParam = ({ params }: Pick<Call, 'params'>) => songRefs([params.required('id')])[0]!;

export const bookmarkEndpoints: Record<string, Endpoint> = {
  /**
   * getBookmarks: the caller's bookmarks of songs they may see (those of hidden works or
   * vanished files are kept but not answered), most recently changed first, each
   * `{position (ms), username, comment, created, changed, entry (the song)}`.
   */
  getBookmarks: {
    async handle({ db, user, read }) {
      const marks = await listBookmarks(db, user.name);
      const songs = await songsByRef(read, user, marks);
      const byId = new Map(songs.map((s) => [String(s.id), s]));
      const bookmark = marks.flatMap((b) => {
        const entry = byId.get(songId(b.workId, b.fileId));
        return entry ? [{ position: b.positionMs, username: b.user, comment: b.comment || undefined, created: b.created, changed: b.changed, entry }] : [];
      });
      return { bookmarks: { bookmark } };
    },
  },

  /**
   * createBookmark?id (tr-…)&position (ms)&comment: keeps the caller's place in the song,
   * replacing their earlier bookmark of it. Code 10 without id or position, 0 for a
   * position that is no whole number of ms from 0 or a comment over 1000 characters,
   * 70 for an unknown song.
   */
  createBookmark: {
    access: 'writer',
    async handle(call) {
      const ref = songParam(call);
      const position = call.params.requiredInt('position', 0, BOOKMARK_POSITION_MAX_MS);
      await saveBookmark(call.db, call.user.name, ref, position, call.params.get('comment') ?? '');
      return {};
    },
  },

  /** deleteBookmark?id (tr-…): removes the caller's bookmark of the song; code 70 when there is none. */
  deleteBookmark: {
    access: 'writer',
    async handle(call) {
      const ref = songParam(call);
      if (!(await deleteBookmark(call.db, call.user.name, ref))) throw notFound(`bookmark of ${call.params.required('id')}`);
      return {};
    },
  },
};
