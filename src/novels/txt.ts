/**
 * A novel's TXT (spec 001 sections 2, 5 and 7): one uploaded text file per novel, at most
 * NOVEL_TXT_MAX_BYTES, in any encoding the lyrics decoder reads (UTF-8, Shift-JIS, GBK,
 * Big5, UTF-16 with a BOM; chardet + iconv-lite, src/lyrics/decode.ts), stored and served
 * as UTF-8 at `novels/{id}.txt` (files.ts). Its name, size, encoding and time are kept
 * on the novel's row, so `onlineTxt` lists it.
 */
import fs from 'node:fs/promises';
import type { Db } from '../db/index.js';
import { decodeTextAs } from '../lyrics/decode.js';
import { assertVisibleIn } from '../catalogue/index.js';
import { Invalid, NOVEL_TXT_MAX_BYTES, NotFound, say, type NovelTxt } from '../model/index.js';
import { NOVEL_CATALOGUE } from './catalogue.js';
import { removeFile, txtPath, writeTemp } from './files.js';
import { dbTime } from '../db/time.js';

/** The TXT columns of a novels row, cleared. */
export const NO_TXT = { txt_name: null, txt_size: null, txt_encoding: null, txt_uploaded_at: null } as const;

/** A client's file name made safe to show: its last path segment, no control characters, at most 200 characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base.replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 200).join('').trim();
  return clean || 'novel.txt';
}

/**
 * Stores `bytes` as novel `id`'s TXT (replacing any earlier one): decoded, written as
 * UTF-8, recorded on the row in one transaction. Throws NotFound for an unknown or
 * deleted novel, Invalid for an empty file or one over NOVEL_TXT_MAX_BYTES; nothing is stored then.
 */
export async function saveTxt(db: Db, dataDir: string, id: number, name: string, bytes: Buffer): Promise<NovelTxt> {
  if (bytes.length === 0) throw new Invalid(say('upload.empty'));
  if (bytes.length > NOVEL_TXT_MAX_BYTES) throw new Invalid(say('upload.tooLarge', { max: NOVEL_TXT_MAX_BYTES }));
  await assertVisibleIn(db, NOVEL_CATALOGUE, id);
  const { text, encoding } = decodeTextAs(bytes);
  const utf8 = Buffer.from(text, 'utf8');
  const file = txtPath(dataDir, id);
  const tmp = await writeTemp(file, utf8);
  const txt: NovelTxt = { name: displayName(name), size: utf8.length, encoding, uploaded_at: dbTime() };
  try {
    await db.transaction(async (trx) => {
      await assertVisibleIn(trx, NOVEL_CATALOGUE, id);
      await trx('novels').where({ id }).update({ txt_name: txt.name, txt_size: txt.size, txt_encoding: txt.encoding, txt_uploaded_at: txt.uploaded_at });
      await fs.rename(tmp, file);
    });
  } finally {
    await removeFile(tmp);
  }
  return txt;
}

/**
 * Runs `change` (row updates on `trx`) and removes novel `id`'s TXT file in one
 * transaction: the file is moved aside first and put back when the transaction fails,
 * deleted once it commits.
 */
export async function withTxtRemoved(db: Db, dataDir: string, id: number, change: (trx: Db) => Promise<void>): Promise<void> {
  const file = txtPath(dataDir, id);
  const aside = `${file}.deleting`;
  let moved = false;
  try {
    await db.transaction(async (trx) => {
      await change(trx);
      moved = await fs.rename(file, aside).then(() => true, (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return false;
        throw err;
      });
    });
  } catch (err) {
    if (moved) await fs.rename(aside, file).catch(() => undefined);
    throw err;
  }
  if (moved) await removeFile(aside);
}

/** Deletes novel `id`'s TXT (row and file, one transaction). Throws NotFound when the novel is unknown or deleted or has no TXT. */
export async function deleteTxt(db: Db, dataDir: string, id: number): Promise<void> {
  await withTxtRemoved(db, dataDir, id, async (trx) => {
    const n = await NOVEL_CATALOGUE.whereVisible(trx('novels').where({ id })).whereNotNull('txt_name').update(NO_TXT);
    if (n === 0) throw new NotFound(say('txt.notFound', { id }));
  });
}

/**
 * The stored TXT of a visible novel, for a download: its path and display name; each
 * download counts one read (readCount). Throws NotFound when there is none.
 */
export async function openTxt(db: Db, dataDir: string, id: number): Promise<{ path: string; name: string }> {
  const row = await NOVEL_CATALOGUE.whereVisible(db('novels').where({ id })).first('txt_name');
  if (!row?.txt_name) throw new NotFound(say('txt.notFound', { id }));
  const file = txtPath(dataDir, id);
  if (!(await fs.stat(file).catch(() => null))?.isFile()) throw new NotFound(say('txt.notFound', { id }));
  await db('novels').where({ id }).increment('read_count', 1);
  return { path: file, name: row.txt_name as string };
}
