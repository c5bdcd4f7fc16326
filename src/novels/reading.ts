/**
 * Reading positions of the browser's TXT reader (beyond the spec; web/src/pages/novel/
 * NovelReader.tsx): per user and novel, where the reader stopped, as an index into the
 * novel's stored text (UTF-8 on disk, txt.ts; the index counts UTF-16 code units, as a
 * JavaScript string does), kept on the server so it follows the user to any browser.
 * Table `novel_reading` (migration 20261229000500); a deleted user's rows go with the
 * user (users/manage.ts).
 */
import type { Db } from '../db/index.js';
import { Invalid, NotFound, say, type ReadingPositionAnswer } from '../model/index.js';
import { NOVEL_CATALOGUE } from './catalogue.js';
import { dbTime, readTime } from '../db/time.js';

export const NOVEL_READING_TABLE = 'novel_reading';

/** The TXT size (bytes) of visible novel `id` on `db`; throws NotFound when the novel is unknown, deleted or has no TXT. */
async function txtSize(db: Db, id: number): Promise<number> {
  const row = await NOVEL_CATALOGUE.whereVisible(db('novels').where({ id })).first('txt_name', 'txt_size');
  if (!row?.txt_name) throw new NotFound(say('txt.notFound', { id }));
  return Number(row.txt_size);
}

/**
 * `user`'s reading position in novel `id`'s TXT: `{work_id, offset, updated_at}`, offset 0
 * and updated_at null when none was saved. Throws NotFound when the novel is unknown,
 * deleted or has no TXT.
 */
export async function readingPosition(db: Db, user: string, id: number): Promise<ReadingPositionAnswer> {
  await txtSize(db, id);
  const row = await db(NOVEL_READING_TABLE).where({ user_name: user, work_id: id }).first('char_offset', 'updated_at');
  if (!row) return { work_id: id, offset: 0, updated_at: null };
  return { work_id: id, offset: Number(row.char_offset), updated_at: readTime(row.updated_at) };
}

/**
 * Saves `user`'s reading position `offset` (UTF-16 code units into the text, >= 0) in novel
 * `id`'s TXT, insert or replace, in one transaction with the check that the novel still has
 * its TXT. Throws NotFound when the novel is unknown, deleted or has no TXT, Invalid when
 * `offset` lies past the end of the text (a text has at most as many code units as its
 * UTF-8 bytes); nothing is written then.
 */
export async function saveReadingPosition(db: Db, user: string, id: number, offset: number): Promise<void> {
  const now = dbTime();
  await db.transaction(async (trx) => {
    if (offset > (await txtSize(trx, id))) throw new Invalid(say('reading.pastEnd', { offset }));
    await trx(NOVEL_READING_TABLE)
      .insert({ user_name: user, work_id: id, char_offset: offset, updated_at: now })
      .onConflict(['user_name', 'work_id'])
      .merge(['char_offset', 'updated_at']);
  });
}
