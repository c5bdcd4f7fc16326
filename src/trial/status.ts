/**
 * The trial statuses of a work (DESIGN section 7; README.md "Statuses"): 0 new trial,
 * 1 download wanted, 2 downloading, 3 in library, 4 disliked. Status moves only through
 * the actions here, each a conditional write in one statement or transaction:
 * dislike 0|1 -> 4; download 0 (no files yet) -> 1 -> 2 -> 0 with files, or back to 0 when
 * the fetch fails. The library scanner sets 3 (src/library/work.ts); nothing here leaves 3 or 4.
 * The rules are here; the rows are written through src/works/status.ts.
 */
import type { Db } from '../db/index.js';
import { whereVisible } from '../catalogue/visible.js';
import { Conflict, NotFound, WorkStatus, formatWorkCode, say } from '../model/index.js';
import type { ListedWork } from './listing.js';
import { hasFiles, knownWorkIds } from '../works/rows.js';
import { insertTrialWorks, moveAllWorkStatus, moveWorkStatus } from '../works/status.js';

/** A trial work as the actions read it. */
interface TrialRow { id: number; code_prefix: string; status: number; removed_at: string | null }

/** The work `id` when it is in the trial catalogue (status 0, 1 or 2, not removed); throws NotFound otherwise. */
async function trialRow(db: Db, id: number): Promise<TrialRow> {
  const row: TrialRow | undefined = await whereVisible(db('works').where({ id }), 'trial').first('id', 'code_prefix', 'status', 'removed_at');
  if (!row) throw new NotFound(say('trial.notInCatalogue', { code: formatWorkCode(id) }));
  return row;
}

/**
 * Dislikes a trial work: status 0 or 1 -> 4, for good (the crawler never adds it back).
 * Throws NotFound for a work not in the trial catalogue (unknown, in the library,
 * disliked, removed), Conflict while its download runs (status 2).
 */
export async function dislikeTrialWork(db: Db, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await trialRow(trx, id);
    if (row.status === WorkStatus.Downloading) throw new Conflict(say('trial.dislikeDownloading', { code: formatWorkCode(id, row.code_prefix) }));
    await moveWorkStatus(trx, id, [WorkStatus.NewTrial, WorkStatus.DownloadWanted], WorkStatus.Disliked, true);
  });
}

/**
 * Claims the trial download of a work: status 0 without files -> 1. Answers its id and
 * code prefix. Throws NotFound for a work not in the trial catalogue, Conflict when a
 * download of it is wanted or running (1, 2) or its trial files are there already.
 */
export async function claimTrialDownload(db: Db, id: number): Promise<{ id: number; prefix: string }> {
  return db.transaction(async (trx) => {
    const row = await trialRow(trx, id);
    const code = formatWorkCode(id, row.code_prefix);
    if (row.status !== WorkStatus.NewTrial) throw new Conflict(say('trial.downloadRunning', { code }));
    if (await hasFiles(trx, id)) throw new Conflict(say('trial.downloadedAlready', { code }));
    await moveWorkStatus(trx, id, [WorkStatus.NewTrial], WorkStatus.DownloadWanted);
    return { id, prefix: row.code_prefix };
  });
}

/**
 * Puts every download left wanted or running (1, 2) back to 0: after a restart no
 * download runs. Answers how many works moved.
 */
export async function resetStaleDownloads(db: Db): Promise<number> {
  return moveAllWorkStatus(db, [WorkStatus.DownloadWanted, WorkStatus.Downloading], WorkStatus.NewTrial);
}

/**
 * Adds the listed works the catalogue does not know yet as new trial works (status 0,
 * the listing's title, metadata pending), in one transaction. Works already there (in
 * the library, disliked, trial, removed) are left as they are. Answers the ids added.
 */
export async function addTrialWorks(db: Db, works: readonly ListedWork[]): Promise<number[]> {
  return db.transaction(async (trx) => {
    const known = await knownWorkIds(trx, works.map((w) => w.id));
    const fresh = works.filter((w) => !known.has(w.id));
    await insertTrialWorks(trx, fresh.map((w) => ({ id: w.id, prefix: w.prefix, title: w.title || formatWorkCode(w.id, w.prefix) })));
    return fresh.map((w) => w.id);
  });
}

/** Ids of the trial catalogue's works whose metadata is pending or failed (to fetch). */
export async function trialMetadataIds(db: Db): Promise<number[]> {
  const rows: { id: number }[] = await whereVisible(db('works'), 'trial').whereIn('metadata_status', ['pending', 'failed']).orderBy('id').select('id');
  return rows.map((r) => r.id);
}
