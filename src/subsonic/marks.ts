/**
 * The caller's marks (README.md "Annotation"): their stars of works and tracks and their
 * ratings of works (the `reviews` rows the web's stars write), read for the whole account
 * in one statement and kept in memory for the account's marks version (SignedIn `marks`:
 * `users.marks_version`, read with the account on every call and bumped by triggers in
 * the transaction of every write to those rows, whoever writes: the web, a player, another
 * server instance). So a call reads no row of the caller's while nothing changed, and the
 * first call after a change reads the marks again.
 */
import type { Db } from '../db/index.js';
import { readTime } from '../db/time.js';

/** The caller's marks on an album: when they starred it (ISO) and their rating (1-5). */
export interface AlbumMarks { starred?: string; rating?: number }

/** A user's marks: on works by id, and the stars of tracks (ISO) by `${workId}/${fileId}`. Shared between calls: never change them. */
export interface Marks { works: ReadonlyMap<number, AlbumMarks>; tracks: ReadonlyMap<string, string> }

/** Whose marks: the user's name and their marks version (absent: read on every call, kept for none). */
export interface Marker { name: string; marks?: string }

/** Users whose marks are kept (the least recently used dropped first). */
const MAX_USERS = 1_000;

/** The kept marks of each database, by user name: the version they were read for and the read (shared by concurrent calls). */
const keptByDb = new WeakMap<Db, Map<string, { version: string; marks: Promise<Marks> }>>();

/** A row of the marks' union: a rating (rating set), a track's star (file_id set) or a work's star. */
type MarkRow = { work_id: number; file_id: number | null; rating: number | null; starred_at: string | Date | null };

/** Reads every mark of `user` in one statement (UNION ALL of ratings, work stars, track stars; typed NULLs first, which PostgreSQL types the columns by). */
async function readMarks(db: Db, user: string): Promise<Marks> {
  const rows: MarkRow[] = await db('starred_works').where({ user_name: user })
    .select('work_id', db.raw('CAST(NULL AS INTEGER) as file_id'), db.raw('CAST(NULL AS INTEGER) as rating'), 'created_at as starred_at')
    .unionAll([
      db('starred_tracks').where({ user_name: user }).select('work_id', 'file_id', db.raw('NULL'), 'created_at'),
      db('reviews').where({ user_name: user }).whereNotNull('rating').select('work_id', db.raw('NULL'), 'rating', db.raw('NULL')),
    ]);
  const works = new Map<number, AlbumMarks>();
  const tracks = new Map<string, string>();
  const marksOf = (id: number) => works.get(id) ?? works.set(id, {}).get(id)!;
  for (const r of rows) {
    if (r.file_id !== null) tracks.set(`${r.work_id}/${r.file_id}`, readTime(r.starred_at)!);
    else if (r.rating !== null) marksOf(r.work_id).rating = Number(r.rating);
    else marksOf(r.work_id).starred = readTime(r.starred_at)!;
  }
  for (const m of works.values()) Object.freeze(m);
  return { works, tracks };
}

/**
 * `user`'s marks: kept ones when read for the same marks version, else read now (one
 * statement) and kept for that version. The rows read are at least as new as the
 * version, which was read before them. Rejects with the database's error (nothing kept).
 */
export function marksOf(db: Db, user: Marker): Promise<Marks> {
  if (user.marks === undefined) return readMarks(db, user.name);
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  const entry = kept.get(user.name);
  kept.delete(user.name);
  if (entry && entry.version === user.marks) {
    kept.set(user.name, entry);
    return entry.marks;
  }
  const marks = readMarks(db, user.name);
  const fresh = { version: user.marks, marks };
  kept.set(user.name, fresh);
  if (kept.size > MAX_USERS) kept.delete(kept.keys().next().value!);
  marks.catch(() => { if (kept.get(user.name) === fresh) kept.delete(user.name); });
  return marks;
}
