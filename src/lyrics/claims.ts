/**
 * The AI lyric worker protocol (DESIGN section 7): a worker claims one pending task
 * (status 1 -> 2) and gets a secret; with the secret it reports worker_status text
 * (each report is also a heartbeat), posts the LRC (-> 3) or an error (-> 4), or
 * releases the task (-> 1). A worker silent longer than the timeout loses its claim:
 * the task returns to pending and the old secret stops working.
 *
 * Two workers never get the same task: the claim is one UPDATE ... WHERE status = 1
 * statement, which the database applies atomically; the loser's UPDATE changes no row
 * and it tries the next pending task. Node only; every function takes a knex instance.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import { Conflict, Invalid, NotFound, say, type LyricTask } from '../model/index.js';
import { parseLrc } from './lrc.js';
import { TaskStatus } from './status.js';
import { getTask } from './tasks.js';
import { refreshWorkAiLyricStatus, removeTaskLrc, writeTaskLrc } from './store.js';
import { dbTime } from '../db/time.js';

/** Longest worker_name and worker_status kept (characters). */
const MAX_TEXT = 500;
const clip = (s: string) => s.slice(0, MAX_TEXT);

/**
 * Puts every transcribing task whose last heartbeat is older than `timeoutSeconds`
 * back to pending (worker fields cleared). `now` defaults to the clock. Returns how many.
 * Called before each claim and each list read, so no timer is needed.
 */
export async function expireStaleClaims(db: Db, timeoutSeconds: number, now: Date = new Date()): Promise<number> {
  const cutoff = dbTime(now.getTime() - timeoutSeconds * 1000);
  const stale = () => db('lyric_tasks')
    .where({ status: TaskStatus.TRANSCRIBING })
    .andWhere((q) => q.where('heartbeat_at', '<', cutoff).orWhereNull('heartbeat_at'));
  // a read first: list calls run this often, and most of the time there is nothing to write
  if (!(await stale().first('id'))) return 0;
  return stale().update({ status: TaskStatus.PENDING, worker_name: null, worker_status: null, claim_secret: null, claimed_at: null, heartbeat_at: null, updated_at: dbTime() });
}

/**
 * Claims the oldest pending task for `workerName` after expiring stale claims.
 * Output: {task (now transcribing), secret}, or null when no task is pending.
 */
export async function claimTask(db: Db, workerName: string, timeoutSeconds: number): Promise<{ task: LyricTask; secret: string } | null> {
  await expireStaleClaims(db, timeoutSeconds);
  for (;;) {
    const next = await db('lyric_tasks').where({ status: TaskStatus.PENDING }).orderBy('id').first('id');
    if (!next) return null;
    const secret = crypto.randomBytes(24).toString('base64url');
    const now = dbTime();
    const changed = await db('lyric_tasks')
      .where({ id: next.id, status: TaskStatus.PENDING })
      .update({ status: TaskStatus.TRANSCRIBING, worker_name: clip(workerName), worker_status: 'claimed', claim_secret: secret, claimed_at: now, heartbeat_at: now, updated_at: now });
    if (changed === 1) return { task: await getTask(db, next.id as number), secret };
    // another worker took it between the read and the update: try the next one
  }
}

/** The claim lost: expired, retried, released, or a wrong secret. */
const notClaimed = (id: number) => new Conflict(say('lyric.notClaimed', { id }));

/** The claimed row; throws NotFound (no task) or Conflict (claim lost or wrong secret). */
async function heldClaim(db: Db, id: number, secret: string): Promise<{ work_id: number; file_id: number; lrc_path: string | null }> {
  const row = await db('lyric_tasks').where({ id }).first('status', 'claim_secret', 'work_id', 'file_id', 'lrc_path');
  if (!row) throw new NotFound(say('lyric.taskNotFound', { id }));
  if (row.status !== TaskStatus.TRANSCRIBING || !row.claim_secret || !safeEqual(row.claim_secret, secret)) throw notClaimed(id);
  return row;
}

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** The claim still held by `secret` (guarded UPDATE): true when the row changed. */
const whereHeld = (db: Db, id: number, secret: string) => db('lyric_tasks').where({ id, status: TaskStatus.TRANSCRIBING, claim_secret: secret });

/**
 * The audio file of a held claim, for the worker's download: {workId, fileId} (the
 * catalogue resolves the file). Throws NotFound / Conflict as heldClaim.
 */
export async function claimedAudio(db: Db, id: number, secret: string): Promise<{ workId: number; fileId: number }> {
  const row = await heldClaim(db, id, secret);
  return { workId: row.work_id, fileId: row.file_id };
}

/**
 * A worker's progress report and heartbeat: sets worker_status (clipped to 500
 * characters) and heartbeat_at. Throws NotFound / Conflict as heldClaim.
 */
export async function reportStatus(db: Db, id: number, secret: string, workerStatus: string): Promise<LyricTask> {
  await heldClaim(db, id, secret);
  const now = dbTime();
  const changed = await whereHeld(db, id, secret).update({ worker_status: clip(workerStatus), heartbeat_at: now, updated_at: now });
  if (!changed) throw notClaimed(id);
  return getTask(db, id);
}

/**
 * The worker's result. `{lrc}`: the LRC text must hold at least one timed line (else
 * Invalid); it is stored under {dataDir}/lyrics/ in a new file, the task becomes success
 * and serves it (one guarded UPDATE swaps lrc_path), then the lyric it served before (a
 * retried task's) is removed; the work's lyric_status has 'ai'. `{error}`: the task
 * becomes error with the message as worker_status; a lyric served before stays.
 * Throws NotFound / Conflict as heldClaim.
 */
export async function completeTask(db: Db, dataDir: string, id: number, secret: string, result: { lrc: string } | { error: string }): Promise<LyricTask> {
  // lrc_path changes only here, under the claim, or with the row (deleteTask): the value
  // read with the claim is still the served one when the guarded UPDATE below succeeds
  const { work_id: workId, lrc_path: previous } = await heldClaim(db, id, secret);
  const now = dbTime();
  if ('error' in result) {
    const changed = await whereHeld(db, id, secret).update({ status: TaskStatus.ERROR, worker_status: clip(result.error || 'failed'), claim_secret: null, heartbeat_at: now, updated_at: now });
    if (!changed) throw notClaimed(id);
    return getTask(db, id);
  }
  if (!parseLrc(result.lrc).some((l) => l.text !== '')) throw new Invalid(say('lyric.noTimedLines'));
  const lrcPath = writeTaskLrc(dataDir, id, result.lrc);
  const changed = await whereHeld(db, id, secret).update({ status: TaskStatus.SUCCESS, lrc_path: lrcPath, claim_secret: null, heartbeat_at: now, updated_at: now });
  if (!changed) {
    removeTaskLrc(dataDir, lrcPath);
    throw notClaimed(id);
  }
  removeTaskLrc(dataDir, previous);
  await refreshWorkAiLyricStatus(db, workId);
  return getTask(db, id);
}

/**
 * A worker stopping cleanly (SIGINT): the task goes back to pending for another worker.
 * Throws NotFound / Conflict as heldClaim.
 */
export async function releaseTask(db: Db, id: number, secret: string): Promise<LyricTask> {
  await heldClaim(db, id, secret);
  const changed = await whereHeld(db, id, secret).update({ status: TaskStatus.PENDING, worker_name: null, worker_status: null, claim_secret: null, claimed_at: null, heartbeat_at: null, updated_at: dbTime() });
  if (!changed) throw notClaimed(id);
  return getTask(db, id);
}

/**
 * Whether any AI lyric worker has been seen: a worker key has been used, or a task has
 * been claimed or finished by a worker (only a worker moves a task to transcribing,
 * success or error). The AI centre says a worker must be set up while this is false.
 */
export async function workerSeen(db: Db): Promise<boolean> {
  if (await db('worker_keys').whereNotNull('last_used_at').first('id')) return true;
  return Boolean(await db('lyric_tasks').whereIn('status', [TaskStatus.TRANSCRIBING, TaskStatus.SUCCESS, TaskStatus.ERROR]).first('id'));
}
