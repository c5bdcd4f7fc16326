/**
 * Writing novels (spec 001 sections 2 and 7, DESIGN section 7): adding one from the add
 * form's values, updating one from its origin page, deleting (hiding) one, and the
 * author and tag lists the form's selects offer. Sites (`plat`), authors and tags are
 * created by name when new; authors' ids are UUIDv5 of the name, as voice actors'.
 */
import type { Db } from '../db/index.js';
import { lockForTransaction } from '../db/dialect/index.js';
import { saveReview } from '../users/reviews.js';
import { vaId } from '../metadata/save.js';
import { Conflict, Invalid, NotFound, novelPublishTime, progressOfMyProcess, say, type NamedRef, type NovelForm } from '../model/index.js';
import { NOVEL_CATALOGUE } from './catalogue.js';
import { NO_TXT, withTxtRemoved } from './txt.js';
import { dbTime } from '../db/time.js';

/** The add form's values as the server takes them (spec 001 section 3, `NovelForm`), checked by the route's schema; the cover is fetched apart (cover.ts). */
export type NovelInput = Omit<NovelForm, 'cover'>;

/** The id of the name `name` in `table` (unique names), inserted when new. */
async function ensureNamed(trx: Db, table: 'novel_circles' | 'novel_tags', name: string): Promise<number> {
  await trx(table).insert({ name }).onConflict('name').ignore();
  const row = await trx(table).where({ name }).first('id');
  return Number(row!.id);
}

/** The author id of the form's author: an existing id, or the UUIDv5 of a label (inserted when new); null for none. */
async function authorIdOf(trx: Db, author: NovelInput['author']): Promise<string | null> {
  if (!author) return null;
  const label = author.label.trim();
  if (!label) {
    if (!author.id) return null;
    if (!(await trx('novel_authors').where({ id: author.id }).first('id'))) throw new Invalid(say('novel.unknownAuthor', { id: author.id }));
    return author.id;
  }
  const id = vaId(label);
  await trx('novel_authors').insert({ id, name: label }).onConflict('id').ignore();
  return id;
}

/** Tag ids of the form's tags: ids must exist, names are created when new. */
async function tagIdsOf(trx: Db, tags: (number | string)[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const tag of tags) {
    if (typeof tag === 'number') {
      if (!(await trx('novel_tags').where({ id: tag }).first('id'))) throw new Invalid(say('novel.unknownTag', { id: tag }));
      ids.add(tag);
    } else if (tag.trim()) ids.add(await ensureNamed(trx, 'novel_tags', tag.trim()));
  }
  return [...ids];
}

/** The novels row fields of form values (the novel as anybody sees it; not the caller's own progress). */
async function rowOf(trx: Db, input: NovelInput) {
  return {
    title: input.name.trim(),
    description: input.desc,
    info: input.info,
    url: input.url,
    circle_id: input.plat.trim() ? await ensureNamed(trx, 'novel_circles', input.plat.trim()) : null,
    // the stored form (model/novel.ts); a text that is not a date (a page's) stores none
    release: novelPublishTime(input.publish_datetime) || null,
    rate: input.rate,
    read_count: input.readCount,
    word_count: input.wordCount,
    process: input.process,
  };
}

/** Replaces the author and tag links of novel `id`. */
async function relink(trx: Db, id: number, input: NovelInput): Promise<void> {
  const author = await authorIdOf(trx, input.author);
  const tags = await tagIdsOf(trx, input.tag);
  await trx('novel_work_authors').where({ work_id: id }).delete();
  await trx('novel_work_tags').where({ work_id: id }).delete();
  if (author) await trx('novel_work_authors').insert({ work_id: id, va_id: author });
  if (tags.length) await trx('novel_work_tags').insert(tags.map((tag_id) => ({ work_id: id, tag_id })));
}

/**
 * The lock that makes adds of novels run one at a time ('novel-id' as a 64-bit integer):
 * the next free id (largest id + 1) is read and taken before another add reads it, and an
 * add of a given id sees a concurrent add of the same id and answers Conflict.
 */
const NOVEL_ADD_LOCK = 0x6e6f76656c2d6964n;

/**
 * POST /api/novel/work/: adds a novel from the add form's values (one transaction) and
 * records `user`'s progress (myProcess) when given. The id is `novelId`, else the next
 * free one (the largest id + 1); adds run one at a time (NOVEL_ADD_LOCK), so concurrent
 * adds get distinct ids, on either engine and across instances. A deleted novel with that
 * id comes back with the new values. Throws Conflict when a visible novel has the id,
 * Invalid for an unknown tag or author id. Answers the id.
 */
export async function addNovel(db: Db, user: string, input: NovelInput): Promise<number> {
  return db.transaction(async (trx) => {
    await lockForTransaction(trx, NOVEL_ADD_LOCK);
    let id = input.novelId;
    const now = dbTime();
    const row = await rowOf(trx, input);
    if (id === null) {
      const max = await trx('novels').max({ m: 'id' }).first();
      id = Number(max?.m ?? 0) + 1;
    }
    const existing = await trx('novels').where({ id }).first('removed_at');
    if (existing && existing.removed_at == null) throw new Conflict(say('novel.exists', { id }));
    if (existing) await trx('novels').where({ id }).update({ ...row, nsfw: false, created_at: now, updated_at: now, removed_at: null, removed_reason: null });
    else await trx('novels').insert({ id, ...row, created_at: now, updated_at: now });
    await relink(trx, id, input);
    if (input.myProcess !== null) await saveReview(trx, user, { work_id: id, progress: progressOfMyProcess(input.myProcess) }, 'progress', NOVEL_CATALOGUE);
    return id;
  });
}

/**
 * GET /api/novel/work/updateData/{id}/: updates visible novel `id` from its origin
 * page's values (the spider's `page`): title, descriptions, status, word count, tags,
 * author, site and publish time when the page has them; its rating, read count, reviews
 * and TXT stay. Throws NotFound for an unknown or deleted novel.
 */
export async function refreshNovel(db: Db, id: number, page: NovelForm): Promise<void> {
  await db.transaction(async (trx) => {
    const current = await NOVEL_CATALOGUE.whereVisible(trx('novels').where({ id })).first('rate', 'read_count', 'word_count', 'release');
    if (!current) throw new NotFound(say('novel.idNotFound', { id }));
    const input: NovelInput = {
      ...page,
      rate: Number(current.rate),
      readCount: Number(current.read_count),
      wordCount: page.wordCount || Number(current.word_count),
      publish_datetime: novelPublishTime(page.publish_datetime) || String(current.release ?? ''),
    };
    const row = await rowOf(trx, input);
    await trx('novels').where({ id }).update({ ...row, updated_at: dbTime() });
    await relink(trx, id, input);
  });
}

/**
 * DELETE /api/novel/work/{id} (admin): hides novel `id` (removed_at, reason 'deleted')
 * and removes its TXT in one transaction; reviews and history stay (DESIGN section 4).
 * Throws NotFound for an unknown or already deleted novel.
 */
export async function hideNovel(db: Db, dataDir: string, id: number): Promise<void> {
  await withTxtRemoved(db, dataDir, id, async (trx) => {
    const n = await NOVEL_CATALOGUE.whereVisible(trx('novels').where({ id })).update({ removed_at: dbTime(), removed_reason: 'deleted', ...NO_TXT });
    if (n === 0) throw new NotFound(say('novel.idNotFound', { id }));
  });
}

/** GET /api/novel/vas/authorList and /api/novel/tags/tagList: every author or tag as {id, name}, by name. */
export async function allNames(db: Db, kind: 'authors' | 'tags'): Promise<NamedRef<string | number>[]> {
  return db(kind === 'authors' ? 'novel_authors' : 'novel_tags').select('id', 'name').orderBy('name').orderBy('id');
}
