/**
 * The database side of the crawler: writing what the sources said (the works columns
 * through src/works/columns.ts; which works need metadata is src/works/rows.ts). Each
 * work is written in ONE short transaction (circles, tags, vas, work_tags, work_vas and
 * the works columns together), so a kill mid-crawl leaves every
 * work either as it was or fully updated.
 */
import { v5 as uuidv5 } from 'uuid';
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import type { DynamicInfo, NamedId } from './dlsite.js';
import { Semaphore } from '../library/limit.js';
import { markMetadataFailed as markFailed, saveDynamicColumns, saveMetadataColumns, type DynamicColumns, type MetadataColumns } from '../works/columns.js';

/**
 * The crawler's writes go one at a time: SQLite has one writer, and transactions queued in
 * the database would each hold a connection and a libuv thread while they wait.
 */
const writes = new Semaphore(1);

async function serialized<T>(fn: () => Promise<T>): Promise<T> {
  const release = await writes.acquire();
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Namespace of the voice-actor ids: `vas.id` = UUIDv5(name, VA_NAMESPACE). Never change it. */
export const VA_NAMESPACE = '6f1b9c4e-3d2a-5b8e-9c7f-a4d3e2b1c0f9';

/** The id of a voice actor: UUIDv5 of the name in VA_NAMESPACE (the same name always gives the same id). */
export function vaId(name: string): string {
  return uuidv5(name, VA_NAMESPACE);
}

/** Everything the crawler learnt about one work. Absent parts leave their columns as they are. */
export interface WorkMetadata {
  source: 'dlsite' | 'hvdb';
  /** Empty keeps the folder title. */
  title: string;
  nsfw: boolean;
  /** Undefined: leave circle_id as it is. */
  circle?: NamedId | null;
  release?: string | null;
  series?: string | null;
  /** Store tags with the store's ids; undefined leaves the work's tags as they are. */
  tags?: NamedId[];
  /** Voice actor names; the work's vas are replaced by these. */
  vas: string[];
  dynamic?: DynamicInfo | null;
  /** True when the main cover was saved under covers/. */
  coverFetched: boolean;
  /** A problem that keeps the work up for a retry although its data was saved (e.g. the cover failed). */
  error?: string | null;
}

/** The works columns of the dynamic info (wire names of spec 000 section 3; JSON text for the lists). */
function dynamicColumns(info: DynamicInfo): DynamicColumns {
  return {
    dl_count: info.dl_count,
    rate_average_2dp: info.rate_average_2dp,
    rate_count: info.rate_count,
    rate_count_detail: JSON.stringify(info.rate_count_detail),
    review_count: info.review_count,
    price: info.price,
    rank: JSON.stringify(info.rank),
  };
}

/**
 * Adds circles or tags by id and renames the ones whose name changed (another tag
 * language). Unchanged names are not written, so the catalogue's rename triggers (search
 * documents of every work of that circle or tag) only run on a real rename.
 */
async function upsertNames(trx: Knex.Transaction, table: 'circles' | 'tags', rows: readonly NamedId[]): Promise<void> {
  if (!rows.length) return;
  await trx(table).insert(rows).onConflict('id').ignore();
  for (const row of rows) await trx(table).where('id', row.id).whereNot('name', row.name).update({ name: row.name });
}

/**
 * Writes one work's metadata in one transaction: upserts its circle, tags (store ids,
 * names in the current tag language) and vas, replaces its work_tags and work_vas, and
 * updates the works columns, `metadata_source`, `metadata_status` ('ok', or 'failed' when
 * `meta.error` is set), `metadata_error` and `cover_status` ('fetched' when the cover was saved).
 */
export async function saveWorkMetadata(db: Db, workId: number, meta: WorkMetadata): Promise<void> {
  await serialized(() => db.transaction(async (trx) => {
    const columns: MetadataColumns = {
      nsfw: meta.nsfw,
      metadata_source: meta.source,
      metadata_status: meta.error ? 'failed' : 'ok',
      metadata_error: meta.error ?? null,
    };
    if (meta.title) columns.title = meta.title;
    if (meta.circle !== undefined) {
      if (meta.circle) await upsertNames(trx, 'circles', [meta.circle]);
      columns.circle_id = meta.circle?.id ?? null;
    }
    if (meta.release !== undefined) columns.release = meta.release;
    if (meta.series !== undefined) columns.series = meta.series;
    if (meta.dynamic) Object.assign(columns, dynamicColumns(meta.dynamic));
    if (meta.coverFetched) columns.cover_status = 'fetched';

    if (meta.tags) {
      await upsertNames(trx, 'tags', meta.tags);
      await trx('work_tags').where('work_id', workId).delete();
      if (meta.tags.length) await trx('work_tags').insert(meta.tags.map((t) => ({ work_id: workId, tag_id: t.id })));
    }
    const vas = [...new Set(meta.vas)].map((name) => ({ id: vaId(name), name }));
    if (vas.length) await trx('vas').insert(vas).onConflict('id').ignore();
    await trx('work_vas').where('work_id', workId).delete();
    if (vas.length) await trx('work_vas').insert(vas.map((va) => ({ work_id: workId, va_id: va.id })));

    await saveMetadataColumns(trx, workId, columns);
  }));
}

/**
 * Marks a work for a later retry: `metadata_status` 'failed' with the reason. Its folder
 * data (title from the folder name, files) stays as it is.
 */
export async function markMetadataFailed(db: Db, workId: number, error: string): Promise<void> {
  await serialized(() => markFailed(db, workId, error));
}

/** Updates the dynamic-info columns of several works in one transaction (refresh library info). */
export async function saveDynamicInfo(db: Db, entries: ReadonlyArray<{ workId: number; info: DynamicInfo }>): Promise<void> {
  if (!entries.length) return;
  await serialized(() =>
    db.transaction(async (trx) => {
      for (const { workId, info } of entries) {
        await saveDynamicColumns(trx, workId, dynamicColumns(info));
      }
    }),
  );
}
