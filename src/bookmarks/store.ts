/**
 * Bookmarks (README.md): a user's kept place in a track, one per user and track, table
 * `bookmarks` (this module is its one owner). A track is an audio file of a visible
 * library work, named by its work and file ids (the track hash `{workId}/{fileId}`);
 * positions in milliseconds, as the Subsonic API counts them. Bookmarks stay when a work
 * is hidden or a file vanishes (user data) and show again when it is back; they go with
 * the user (src/users/delete.ts deleteUsers).
 */
import type { Db } from '../db/index.js';
import { BOOKMARK_COMMENT_MAX, BOOKMARK_POSITION_MAX_MS, Invalid, NotFound, formatTrackHash, say } from '../model/index.js';
import { assertVisibleWork } from '../catalogue/index.js';
import { dbTime, readTime } from '../db/time.js';

/** The table, for the account deletion (src/users/delete.ts). */
export const BOOKMARKS_TABLE = 'bookmarks';

/** A track: a work and one of its audio files. */
export interface TrackRef { workId: number; fileId: number }

/** A stored bookmark; times ISO 8601. */
export interface Bookmark extends TrackRef {
  user: string;
  positionMs: number;
  comment: string;
  created: string;
  changed: string;
}

/** A bookmark with its track's path inside the work (`relpath`, '/'-separated). */
export interface TrackBookmark extends Bookmark { relpath: string }

interface BookmarkRow { user_name: string; work_id: number; file_id: number; position_ms: number | string; comment: string; created_at: string | Date; updated_at: string | Date }

const fromRow = (r: BookmarkRow): Bookmark => ({
  user: r.user_name, workId: Number(r.work_id), fileId: Number(r.file_id), positionMs: Number(r.position_ms), comment: r.comment,
  created: readTime(r.created_at)!, changed: readTime(r.updated_at)!,
});

/** The path inside its work of track `ref`; throws NotFound (`bookmark.trackNotFound`, or the work's) unless it is an audio file of a visible library work. */
async function trackPath(db: Db, ref: TrackRef): Promise<string> {
  await assertVisibleWork(db, ref.workId);
  const row: { relpath: string } | undefined = await db('files').where({ id: ref.fileId, work_id: ref.workId, type: 'audio' }).first('relpath');
  if (!row) throw new NotFound(say('bookmark.trackNotFound', { hash: formatTrackHash(ref.workId, ref.fileId) }));
  return row.relpath;
}

/**
 * Keeps `user`'s place in track `ref`: `positionMs` (integer ms, 0..BOOKMARK_POSITION_MAX_MS) and
 * `comment` (up to BOOKMARK_COMMENT_MAX characters, '' for none). One bookmark per user and track:
 * a second one replaces the first's position and comment (its creation time stays).
 * One transaction: the track check, then the upsert. Throws Invalid for a position or
 * comment out of range, NotFound for a track that is no audio file of a visible work;
 * nothing is written then. Answers the bookmark as stored, with its track's path.
 */
export async function saveBookmark(db: Db, user: string, ref: TrackRef, positionMs: number, comment = ''): Promise<TrackBookmark> {
  if (!Number.isInteger(positionMs) || positionMs < 0 || positionMs > BOOKMARK_POSITION_MAX_MS) throw new Invalid(say('input.fieldRule', { field: 'position', reason: `must be a whole number of ms from 0 to ${BOOKMARK_POSITION_MAX_MS}` }));
  if (comment.length > BOOKMARK_COMMENT_MAX) throw new Invalid(say('input.fieldRule', { field: 'comment', reason: `at most ${BOOKMARK_COMMENT_MAX} characters` }));
  const now = dbTime();
  return db.transaction(async (trx) => {
    const relpath = await trackPath(trx, ref);
    const key = { user_name: user, work_id: ref.workId, file_id: ref.fileId };
    await trx(BOOKMARKS_TABLE).insert({ ...key, position_ms: positionMs, comment, created_at: now, updated_at: now })
      .onConflict(['user_name', 'work_id', 'file_id']).merge(['position_ms', 'comment', 'updated_at']);
    return { ...fromRow(await trx(BOOKMARKS_TABLE).where(key).first()), relpath };
  });
}

/** Removes `user`'s bookmark of `ref`; answers whether there was one. */
export async function deleteBookmark(db: Db, user: string, ref: TrackRef): Promise<boolean> {
  return (await db(BOOKMARKS_TABLE).where({ user_name: user, work_id: ref.workId, file_id: ref.fileId }).del()) > 0;
}

/**
 * `user`'s bookmarks (of one work when `workId` is given), most recently changed first;
 * those of hidden works and vanished files included: the caller keeps the ones it may show.
 */
export async function listBookmarks(db: Db, user: string, workId?: number): Promise<Bookmark[]> {
  const q = db(BOOKMARKS_TABLE).where({ user_name: user });
  if (workId !== undefined) q.where({ work_id: workId });
  const rows: BookmarkRow[] = await q.orderBy([{ column: 'updated_at', order: 'desc' }, { column: 'work_id' }, { column: 'file_id' }]);
  return rows.map(fromRow);
}

/**
 * `user`'s bookmarks of the tracks of visible work `workId` that are still audio files of
 * it, by file id (the caller puts them in play order). Throws NotFound for a work the
 * caller may not see.
 */
export async function workBookmarks(db: Db, user: string, workId: number): Promise<TrackBookmark[]> {
  await assertVisibleWork(db, workId);
  const rows: (BookmarkRow & { relpath: string })[] = await db(`${BOOKMARKS_TABLE} as b`)
    .join('files as f', (j) => j.on('f.id', 'b.file_id').andOn('f.work_id', 'b.work_id'))
    .where({ 'b.user_name': user, 'b.work_id': workId, 'f.type': 'audio' })
    .orderBy('b.file_id')
    .select('b.*', 'f.relpath');
  return rows.map((r) => ({ ...fromRow(r), relpath: r.relpath }));
}
