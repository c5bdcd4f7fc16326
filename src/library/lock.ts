/**
 * One scan at a time, also across processes, kept in the `scan_runs` table:
 * a scan inserts a 'running' row with its pid and host, refreshes `heartbeat_at`
 * while it runs, and ends the row as finished, failed or killed. A running row whose
 * process is gone (same host, pid not alive) or whose heartbeat stopped is marked
 * 'failed' with lock_reason 'crashed: ...' by the next scan.
 */
import os from 'node:os';
import type { Db } from '../db/index.js';
import { Locked, say, type CodedText, type ParamsOf } from '../model/index.js';

/** Heartbeat period of a running scan, and the silence after which a row counts as crashed. */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 120_000;

export type ScanKind = 'scan' | 'refresh' | 'lyrics' | 'work' | 'metadata' | 'trial';

/** Thrown when another scan holds the lock; the message names its pid, host and start time (`scan.locked`). */
export class ScanLockedError extends Locked {
  constructor(text: CodedText) {
    super(text);
    this.name = 'ScanLockedError';
  }
}

interface RunRow { id: number; kind: string; pid: number | null; host: string | null; started_at: string; heartbeat_at: string | null }

/** SQLite CURRENT_TIMESTAMP text ('YYYY-MM-DD HH:MM:SS', UTC) or a Date -> ms. */
function timeMs(value: string | Date | null): number {
  if (value === null) return 0;
  if (value instanceof Date) return value.getTime();
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T') + 'Z');
}

const nowText = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** Whether a running row's process still lives: alive pid on this host, else a fresh heartbeat. */
function liveness(row: RunRow): { alive: boolean; why: string } {
  const beat = timeMs(row.heartbeat_at ?? row.started_at);
  if (Date.now() - beat > STALE_MS) return { alive: false, why: `no heartbeat since ${row.heartbeat_at ?? row.started_at} UTC` };
  if (row.host === os.hostname() && row.pid !== null) {
    try {
      process.kill(row.pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return { alive: false, why: `process ${row.pid} on ${row.host} is gone` };
    }
  }
  return { alive: true, why: '' };
}

/** Who holds the lock: the running scan's pid, host and start time. */
const holderOf = (row: RunRow): ParamsOf<'scan.locked'> => ({ pid: row.pid ?? '?', host: row.host ?? '?', started: row.started_at });
/** The refusal of every kind of run (scan, lyric scan, refresh, metadata fetch): 'a scan is already running (pid N on HOST, started ...)'. */
const describe = (row: RunRow) => say('scan.locked', holderOf(row));

/** Marks running rows of dead processes as failed ('crashed: ...'); answers the live ones. */
async function liveRuns(db: Db, markCrashed: boolean): Promise<RunRow[]> {
  const rows: RunRow[] = await db('scan_runs').where({ status: 'running' }).orderBy('id').select('id', 'kind', 'pid', 'host', 'started_at', 'heartbeat_at');
  const live: RunRow[] = [];
  for (const row of rows) {
    const { alive, why } = liveness(row);
    if (alive) live.push(row);
    else if (markCrashed) await db('scan_runs').where({ id: row.id, status: 'running' }).update({ status: 'failed', lock_reason: `crashed: ${why}`, finished_at: nowText() });
  }
  return live;
}

/** A held scan lock: end it once with the scan's outcome. */
export interface ScanLock {
  id: number;
  /** Ends the run: status, counts (JSON-able) and an optional reason; stops the heartbeat. */
  release(status: 'finished' | 'failed' | 'killed', counts?: unknown, reason?: string): Promise<void>;
}

/**
 * Takes the scan lock for a scan of `kind`. Throws ScanLockedError naming the running
 * scan's pid, host and start time when a live one exists (the oldest running row wins
 * when two processes start at the same moment).
 */
export async function acquireScanLock(db: Db, kind: ScanKind): Promise<ScanLock> {
  const before = await liveRuns(db, true);
  if (before.length > 0) throw new ScanLockedError(describe(before[0]!));
  const now = nowText();
  const [inserted] = await db('scan_runs').insert({ kind, status: 'running', pid: process.pid, host: os.hostname(), started_at: now, heartbeat_at: now, lock_reason: `${kind} by pid ${process.pid} on ${os.hostname()}` }, ['id']);
  const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
  const older = (await liveRuns(db, false)).filter((r) => r.id < id);
  if (older.length > 0) {
    await db('scan_runs').where({ id }).update({ status: 'failed', lock_reason: `refused: ${describe(older[0]!).message}`, finished_at: nowText() });
    throw new ScanLockedError(describe(older[0]!));
  }
  const timer = setInterval(() => {
    db('scan_runs').where({ id, status: 'running' }).update({ heartbeat_at: nowText() }).catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  let released = false;
  return {
    id,
    async release(status, counts, reason) {
      if (released) return;
      released = true;
      clearInterval(timer);
      await db('scan_runs').where({ id }).update({ status, counts: counts === undefined ? null : JSON.stringify(counts), lock_reason: reason ?? null, finished_at: nowText() });
    },
  };
}

/**
 * The scan lock as /api/version reports it (`lockFileExists`, `lockReason`): a scan running
 * now (any process): `{running: true, crashed: false, reason: 'a scan is already running (pid
 * ..., started ...)'}`; else, when the latest scan never finished (its process died):
 * `{running: false, crashed: true, reason: 'the last scan ... did not finish: ...'}` until the
 * next scan ends; else `{running: false, crashed: false, reason: null}`. Read-only.
 * A running scan's `holder` gives its pid, host and start time (the params of `scan.locked`).
 */
export async function currentScanLock(db: Db): Promise<{ running: boolean; crashed: boolean; reason: string | null; holder?: ParamsOf<'scan.locked'> }> {
  const live = await liveRuns(db, false);
  if (live.length > 0) return { running: true, crashed: false, reason: describe(live[0]!).message, holder: holderOf(live[0]!) };
  const last: (RunRow & { status: string; lock_reason: string | null }) | undefined = await db('scan_runs')
    .orderBy('id', 'desc')
    .first('id', 'kind', 'pid', 'host', 'started_at', 'heartbeat_at', 'status', 'lock_reason');
  const why = !last ? null : last.status === 'running' ? liveness(last).why : last.status === 'failed' && last.lock_reason?.startsWith('crashed: ') ? last.lock_reason.slice('crashed: '.length) : null;
  if (!last || why === null) return { running: false, crashed: false, reason: null };
  return { running: false, crashed: true, reason: `the last ${last.kind} (started ${last.started_at} UTC) did not finish: ${why}; scan again from the scan page` };
}
