/**
 * Stars (README.md "Annotation"): a user's starred works (albums) and tracks (songs),
 * tables `starred_works` and `starred_tracks`. Starring checks that the work is visible
 * and the track is an audio file of it (NotFound otherwise, nothing written); stars stay
 * when a work is hidden or a file vanishes (user data), and show again when it is back.
 */
import type { Db } from '../db/index.js';
import { NotFound, say } from '../model/index.js';
import { assertVisibleWork } from '../catalogue/index.js';
import { dbTime } from '../db/time.js';

/** What a star names: a work, or one audio file of a work. */
export type StarTarget = { workId: number; fileId?: number };

/** Checks each target exists for a listener; throws NotFound for the first that does not. */
async function assertStarrable(db: Db, targets: StarTarget[]): Promise<void> {
  for (const t of targets) {
    await assertVisibleWork(db, t.workId);
    if (t.fileId !== undefined && !(await db('files').where({ id: t.fileId, work_id: t.workId, type: 'audio' }).first('id'))) {
      throw new NotFound(say('star.songNotFound', { workId: t.workId, fileId: t.fileId }));
    }
  }
}

/** Stars every target for `user` in one transaction (starring again keeps the first time). Throws NotFound. */
export async function star(db: Db, user: string, targets: StarTarget[]): Promise<void> {
  const created_at = dbTime();
  await db.transaction(async (trx) => {
    await assertStarrable(trx, targets);
    for (const t of targets) {
      if (t.fileId === undefined) await trx('starred_works').insert({ user_name: user, work_id: t.workId, created_at }).onConflict(['user_name', 'work_id']).ignore();
      else await trx('starred_tracks').insert({ user_name: user, work_id: t.workId, file_id: t.fileId, created_at }).onConflict(['user_name', 'work_id', 'file_id']).ignore();
    }
  });
}

/** Removes `user`'s stars of the targets (none there: nothing to do). */
export async function unstar(db: Db, user: string, targets: StarTarget[]): Promise<void> {
  await db.transaction(async (trx) => {
    for (const t of targets) {
      if (t.fileId === undefined) await trx('starred_works').where({ user_name: user, work_id: t.workId }).del();
      else await trx('starred_tracks').where({ user_name: user, work_id: t.workId, file_id: t.fileId }).del();
    }
  });
}

/** `user`'s starred works and tracks, most recently starred first (hidden ones included: the caller filters). */
export async function starredOf(db: Db, user: string): Promise<{ works: number[]; tracks: { workId: number; fileId: number }[] }> {
  const [works, tracks] = await Promise.all([
    db('starred_works').where({ user_name: user }).orderBy('created_at', 'desc').orderBy('work_id').pluck('work_id') as Promise<number[]>,
    db('starred_tracks').where({ user_name: user }).orderBy('created_at', 'desc').orderBy('work_id').orderBy('file_id').select('work_id', 'file_id') as Promise<{ work_id: number; file_id: number }[]>,
  ]);
  return { works, tracks: tracks.map((t) => ({ workId: t.work_id, fileId: t.file_id })) };
}
