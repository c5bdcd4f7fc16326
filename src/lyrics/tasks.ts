/**
 * AI lyric tasks (spec 000 sections 3, 4 and 7): one task per audio file of a work,
 * status 0 none, 1 pending, 2 transcribing, 3 success, 4 error. Creating, listing,
 * starting, retrying and deleting tasks, and reading a finished task's LRC. The
 * worker side (claims) is claims.ts. Every function takes a knex instance; errors are
 * NotFound and Invalid (src/model/errors.ts). Timestamps are written as ISO 8601 strings.
 */
import type { Db } from '../db/index.js';
import { Invalid, NotFound, formatTrackHash, parseTrackHash, say, type LyricTask, type Pagination } from '../model/index.js';
import { SCOPE_STATUSES, assertVisibleWork, type Scope } from '../catalogue/visible.js';
import { lockForTransaction } from '../db/dialect/index.js';
import { TaskStatus } from './status.js';
import { readTaskLrc, refreshWorkAiLyricStatus, removeTaskLrc } from './store.js';
import { dbTime, readTime } from '../db/time.js';

/** Page size of the task list (spec 000 section 9). */
export const TASK_PAGE_SIZE = 12;

/** A lyric_tasks row joined with its work. */
interface TaskRow {
  id: number;
  work_id: number;
  file_id: number;
  audio_path: string;
  status: number;
  worker_name: string | null;
  worker_status: string | null;
  lrc_path: string | null;
  created_at: string | Date | number;
  updated_at: string | Date | number;
  code_prefix: string | null;
  title: string | null;
  /** The work's status (a task of a trial work answers the trial form of its hash). */
  work_status: number | null;
}

/** Presents a row with the spec's field names (src/model/wire.ts LyricTask); `hash` as the work's track tree names the file (`rj…` in the trial catalogue). */
export function presentTask(row: TaskRow): LyricTask {
  return {
    id: row.id,
    work_id: row.work_id,
    code_prefix: row.code_prefix ?? 'RJ',
    title: row.title ?? '',
    file_id: row.file_id,
    hash: formatTrackHash(row.work_id, row.file_id, { trial: row.work_status !== null && SCOPE_STATUSES.trial.includes(row.work_status) }),
    audio_path: row.audio_path,
    file_name: row.audio_path.split('/').pop() ?? row.audio_path,
    status: row.status,
    worker_name: row.worker_name,
    worker_status: row.worker_status,
    has_lrc: row.lrc_path !== null,
    created_at: readTime(row.created_at),
    updated_at: readTime(row.updated_at),
  };
}

/** The task query with its work's code prefix and title. */
export function taskQuery(db: Db) {
  return db('lyric_tasks as t')
    .leftJoin('works as w', 'w.id', 't.work_id')
    .select('t.id', 't.work_id', 't.file_id', 't.audio_path', 't.status', 't.worker_name', 't.worker_status', 't.lrc_path', 't.created_at', 't.updated_at', 'w.code_prefix', 'w.title', 'w.status as work_status');
}

/** Reads a task row; throws NotFound. */
async function taskRow(db: Db, id: number): Promise<TaskRow> {
  const row = (await taskQuery(db).where('t.id', id).first()) as TaskRow | undefined;
  if (!row) throw new NotFound(say('lyric.taskNotFound', { id }));
  return row;
}

/** One task by id; throws NotFound. */
export async function getTask(db: Db, id: number): Promise<LyricTask> {
  return presentTask(await taskRow(db, id));
}

export interface TaskFilter {
  /** 1-based page. */
  page: number;
  workId?: number | null;
  /** Substring of the file path inside the work, case-insensitive for ASCII. */
  fileName?: string;
  /** Statuses to keep; empty or absent keeps all. */
  statuses?: number[];
}

/**
 * GET /api/lyric/translate (spec 000 section 7): tasks newest first, 12 per page.
 * Output: {tasks, pagination {currentPage, pageSize, totalCount}}.
 */
export async function listTasks(db: Db, filter: TaskFilter): Promise<{ tasks: LyricTask[]; pagination: Pagination }> {
  const where = (q: ReturnType<typeof taskQuery>) => {
    if (filter.workId) q.where('t.work_id', filter.workId);
    if (filter.fileName) q.whereRaw("t.audio_path LIKE ? ESCAPE '\\'", [`%${filter.fileName.replace(/[\\%_]/g, (c) => '\\' + c)}%`]);
    if (filter.statuses?.length) q.whereIn('t.status', filter.statuses);
    return q;
  };
  const counted = (await where(taskQuery(db)).clearSelect().count({ n: '*' }).first()) as { n: number | string };
  const rows = (await where(taskQuery(db))
    .orderBy('t.id', 'desc')
    .limit(TASK_PAGE_SIZE)
    .offset((filter.page - 1) * TASK_PAGE_SIZE)) as TaskRow[];
  return {
    tasks: rows.map(presentTask),
    pagination: { currentPage: filter.page, pageSize: TASK_PAGE_SIZE, totalCount: Number(counted.n) },
  };
}

/** Every task of a work, oldest first (the tree's status call and the player's lyric lookup). */
export async function workTasks(db: Db, workId: number): Promise<LyricTask[]> {
  const rows = (await taskQuery(db).where('t.work_id', workId).orderBy('t.id', 'asc')) as TaskRow[];
  return rows.map(presentTask);
}

/** An audio file of a visible work: id and path inside the work. */
interface AudioFile { id: number; relpath: string }

/**
 * The lock that makes task creations run one at a time ('lyr-task' as a 64-bit integer):
 * listeners asking for the same file's task at once get that one task, on PostgreSQL too
 * (SQLite's write lock already orders them).
 */
const TASK_CREATE_LOCK = 0x6c79722d7461736bn;

/** Finds or creates the pending task of one audio file inside a transaction `trx` (which holds TASK_CREATE_LOCK). */
async function ensureTask(trx: Db, workId: number, file: AudioFile): Promise<{ id: number; created: boolean }> {
  const existing = await trx('lyric_tasks').where({ work_id: workId, file_id: file.id }).orderBy('id', 'desc').first('id');
  if (existing) return { id: existing.id as number, created: false };
  const now = dbTime();
  const [inserted] = await trx('lyric_tasks')
    .insert({ work_id: workId, file_id: file.id, audio_path: file.relpath, status: TaskStatus.PENDING, created_at: now, updated_at: now })
    .returning('id');
  const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
  return { id, created: true };
}

/**
 * The visible work's audio files, the work in one of `scopes` (the library, the trial
 * catalogue: a downloaded trial track is translated too); throws NotFound for a work that
 * is unknown, hidden or in none of them.
 */
async function audioFilesOf(db: Db, workId: number, scopes: readonly Scope[]): Promise<AudioFile[]> {
  await assertVisibleWork(db, workId, scopes);
  return db('files').where({ work_id: workId, type: 'audio' }).orderBy('relpath').select('id', 'relpath');
}

/**
 * Creates the task of one audio file, given by its hash: '{workId}/{fileId}' of a library
 * work or 'rj{workId}/{fileId}' of a trial work (the detail page's "AI translate" action).
 * A file that already has a task keeps it (answered with created false; retry it with
 * redoTask). Throws Invalid for a malformed hash, NotFound for an unknown work (or one
 * outside the hash's catalogue), file, or a file that is not audio.
 */
export async function createTaskForFile(db: Db, hash: string): Promise<{ task: LyricTask; created: boolean }> {
  const parsed = parseTrackHash(hash);
  if (!parsed) throw new Invalid(say('lyric.badHash', { hash }));
  const { workId, fileId } = parsed;
  const file = (await audioFilesOf(db, workId, [parsed.trial ? 'trial' : 'library'])).find((f) => f.id === fileId);
  if (!file) throw new NotFound(say('lyric.audioNotFound', { hash }));
  const { id, created } = await db.transaction(async (trx) => {
    await lockForTransaction(trx, TASK_CREATE_LOCK);
    return ensureTask(trx, workId, file);
  });
  return { task: await getTask(db, id), created };
}

/**
 * Normalises a folder path inside a work: '/'-separated, no leading or trailing slash,
 * '' for the work's top. Throws Invalid for '.', '..' or '\' segments.
 */
export function normaliseFolder(folder: string): string {
  const parts = folder.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === '.' || p === '..' || p.includes('\\'))) throw new Invalid(say('lyric.badFolder'));
  return parts.join('/');
}

/**
 * Creates tasks for every audio file in a folder of a work, sub-folders included (the
 * detail page's "translate current folder"). `folder` is a path inside the work as the
 * tree's breadcrumbs show it ('' = the whole work); it only selects rows of `files`,
 * it never reaches the file system. Files that already have a task keep it.
 * Output: {tasks (one per audio file, existing or new), created (how many are new)}.
 * The work is of the library or of the trial catalogue.
 * Throws NotFound for an unknown work or a folder without audio files.
 */
export async function createTasksForFolder(db: Db, workId: number, folder: string): Promise<{ tasks: LyricTask[]; created: number }> {
  const prefix = normaliseFolder(folder);
  const files = (await audioFilesOf(db, workId, ['library', 'trial'])).filter((f) => prefix === '' || f.relpath.startsWith(prefix + '/'));
  if (!files.length) throw new NotFound(prefix ? say('lyric.noAudioInFolder', { folder: prefix }) : say('lyric.noAudioInWork'));
  const results = await db.transaction(async (trx) => {
    await lockForTransaction(trx, TASK_CREATE_LOCK);
    const out: { id: number; created: boolean }[] = [];
    for (const f of files) out.push(await ensureTask(trx, workId, f));
    return out;
  });
  const ids = results.map((r) => r.id);
  const rows = (await taskQuery(db).whereIn('t.id', ids).orderBy('t.audio_path')) as TaskRow[];
  return { tasks: rows.map(presentTask), created: results.filter((r) => r.created).length };
}

/** Fields cleared when a task goes back to pending; a stored lyric (lrc_path) stays until a new result succeeds. */
const PENDING_FIELDS = { status: TaskStatus.PENDING, worker_name: null, worker_status: null, claim_secret: null, claimed_at: null, heartbeat_at: null };

/**
 * PUT /api/lyric/translate/:id: starts a task. A task at none or error becomes pending;
 * a pending, transcribing or successful task is left as it is. A lyric it still serves
 * stays. Output: the task. Throws NotFound.
 */
export async function startTask(db: Db, id: number): Promise<LyricTask> {
  const row = await taskRow(db, id);
  if (row.status === TaskStatus.NONE || row.status === TaskStatus.ERROR) {
    await db('lyric_tasks').where({ id }).update({ ...PENDING_FIELDS, updated_at: dbTime() });
  }
  return getTask(db, id);
}

/**
 * POST /api/lyric/translate/redo/:id: retries a task from any status. It becomes
 * pending with no worker; a transcribing worker loses its claim (its reports answer
 * conflict). A previous lyric stays stored and served (has_lrc, the work's 'ai' lyric
 * status) until the new result succeeds (claims.ts completeTask swaps it); discarding
 * it is deleteTask's, an admin's. Output: the task. Throws NotFound.
 */
export async function redoTask(db: Db, id: number): Promise<LyricTask> {
  await taskRow(db, id);
  await db('lyric_tasks').where({ id }).update({ ...PENDING_FIELDS, updated_at: dbTime() });
  return getTask(db, id);
}

/**
 * DELETE /api/lyric/translate/:id (admin only): deletes a task and its LRC, the one way a
 * stored lyric is discarded; the work's 'ai' lyric status follows. A worker still on it
 * gets NotFound on its next report. Throws NotFound.
 */
export async function deleteTask(db: Db, dataDir: string, id: number): Promise<void> {
  const row = await taskRow(db, id);
  await db('lyric_tasks').where({ id }).delete();
  removeTaskLrc(dataDir, row.lrc_path);
  await refreshWorkAiLyricStatus(db, row.work_id);
}

/**
 * GET /api/lyric/translate/lrc?id=: the LRC text the task serves: its last successful
 * result, also while a retry waits for a new one.
 * Throws NotFound for an unknown task, one without a result, or a missing file.
 */
export async function taskLrc(db: Db, dataDir: string, id: number): Promise<string> {
  const row = await taskRow(db, id);
  const text = row.lrc_path ? readTaskLrc(dataDir, row.lrc_path) : null;
  if (text === null) throw new NotFound(say('lyric.taskNoLyric', { id }));
  return text;
}
