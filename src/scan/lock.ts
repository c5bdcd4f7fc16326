/**
 * One scan at a time, also across processes, kept in the `scan_runs` table:
 * a scan inserts a 'running' row with its pid and host, refreshes `heartbeat_at`
 * while it runs, and ends the row as finished, failed or killed. A running row whose
 * process is gone (same host, pid not alive) or whose heartbeat stopped is marked
 * 'failed' with lock_reason 'crashed: ...' by the next scan.
 * On PostgreSQL the lock itself is a session advisory lock on a connection of the scan's
 * own (src/db/dialect/session.ts), so instances on other hosts are refused too, and a
 * killed instance's lock ends with its connection; the rows only report (a running row
 * is live while the advisory lock is held).
 * A run whose end cannot be written because the database cannot be reached (a PostgreSQL
 * restart mid-scan) is written once the database answers again, tried every second for up
 * to 30 s; after that its row stays 'running' until the next scan, here or on another
 * instance, takes the lock and marks it failed.
 */
import os from 'node:os';
import type { Db } from '../db/index.js';
import { dialectOf } from '../db/dialect/index.js';
import { advisoryLockHeld, isConnectionLost, tryAdvisoryLock, type HeldLock } from '../db/dialect/session.js';
import { Conflict, Locked, say, type CodedText, type ParamsOf } from '../model/index.js';
import { dbTime, readTime } from '../db/time.js';

/** Heartbeat period of a running scan, and the silence after which a row counts as crashed. */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 120_000;
/** How long the end of a run is tried again while the database cannot be reached, and the pause between two tries (ms). */
const RECORD_WAIT_MS = 30_000;
const RECORD_RETRY_MS = 1_000;

export type ScanKind = 'scan' | 'refresh' | 'lyrics' | 'work' | 'metadata' | 'trial';

/** Thrown when another scan holds the lock; the message names its pid, host and start time (`scan.locked`). */
export class ScanLockedError extends Locked {
  constructor(text: CodedText) {
    super(text);
    this.name = 'ScanLockedError';
  }
}

/** Thrown by a scan that stopped because it lost the scan lock (`scan.lockLost`); what it committed stays. */
export class ScanLockLostError extends Conflict {
  constructor(text: CodedText) {
    super(text);
    this.name = 'ScanLockLostError';
  }
}

interface RunRow { id: number; kind: string; pid: number | null; host: string | null; started_at: string; heartbeat_at: string | null }

/** A stored time (src/db/time.ts) as ms since the epoch; 0 for none. */
const timeMs = (value: string | Date | null): number => (value === null ? 0 : Date.parse(readTime(value)));

/** The PostgreSQL advisory lock key of the scan lock ('audiolib' as a 64-bit integer). */
const SCAN_LOCK_KEY = 0x617564696f6c6962n;

/** PostgreSQL: whether a session holds the scan lock; SQLite: null (liveness by pid and heartbeat). */
const pgLockHeld = async (db: Db): Promise<boolean | null> => (dialectOf(db).name === 'postgres' ? advisoryLockHeld(db, SCAN_LOCK_KEY) : null);

/**
 * Whether a running row's process still lives: on PostgreSQL (`held` not null) whether
 * the advisory lock is held; else an alive pid on this host, else a fresh heartbeat.
 */
function liveness(row: RunRow, held: boolean | null): { alive: boolean; why: string } {
  // PostgreSQL: its session (and so its lock) ended, with the process or with its connection
  // (a restart of the server); the process may still live and write its run's end later
  if (held !== null) return held ? { alive: true, why: '' } : { alive: false, why: `the database session of process ${row.pid ?? '?'} on ${row.host ?? '?'} ended` };
  const beat = timeMs(row.heartbeat_at ?? row.started_at);
  if (Date.now() - beat > STALE_MS) return { alive: false, why: `no heartbeat since ${timeText(row.heartbeat_at ?? row.started_at)} UTC` };
  if (row.host === os.hostname() && row.pid !== null) {
    try {
      process.kill(row.pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return { alive: false, why: `process ${row.pid} on ${row.host} is gone` };
    }
  }
  return { alive: true, why: '' };
}

/** A stored time as the messages show it: 'YYYY-MM-DD HH:MM:SS' (UTC). */
const timeText = (value: string | Date) => readTime(value).replace('T', ' ').slice(0, 19);

/** Who holds the lock: the running scan's pid, host and start time. */
const holderOf = (row: RunRow): ParamsOf<'scan.locked'> => ({ pid: row.pid ?? '?', host: row.host ?? '?', started: timeText(row.started_at) });
/** The refusal of every kind of run (scan, lyric scan, refresh, metadata fetch): 'a scan is already running (pid N on HOST, started ...)'. */
const describe = (row: RunRow) => say('scan.locked', holderOf(row));

/** Marks running rows of dead processes as failed ('crashed: ...'); answers the live ones. */
async function liveRuns(db: Db, markCrashed: boolean): Promise<RunRow[]> {
  const rows: RunRow[] = await db('scan_runs').where({ status: 'running' }).orderBy('id').select('id', 'kind', 'pid', 'host', 'started_at', 'heartbeat_at');
  const held = rows.length > 0 ? await pgLockHeld(db) : null;
  const live: RunRow[] = [];
  for (const row of rows) {
    const { alive, why } = liveness(row, held);
    if (alive) live.push(row);
    else if (markCrashed) await db('scan_runs').where({ id: row.id, status: 'running' }).update({ status: 'failed', lock_reason: `crashed: ${why}`, finished_at: dbTime() });
  }
  return live;
}

/** A held scan lock: end it once with the scan's outcome. */
export interface ScanLock {
  id: number;
  /**
   * What the scan runs under: aborts with the caller's signal, and when the lock is lost
   * (PostgreSQL: its connection ended, so another instance may scan now); see `lost`.
   */
  signal: AbortSignal;
  /** Why the lock was lost (`scan.lockLost`), or null while it is held. */
  lost(): CodedText | null;
  /** What a scan that failed with `err` throws: ScanLockLostError once the lock was lost, else `err`. */
  errorOf(err: unknown): unknown;
  /**
   * Ends the run: status, and optionally its counts (JSON-able) and reason; stops the heartbeat.
   * A lost lock ends the run 'failed' with the `scan.lockLost` reason, whatever is given.
   * While the database cannot be reached the write is tried again every second for up to
   * 30 s; then it resolves with the row left 'running' (the next scan marks it failed).
   * Rejects when the write fails otherwise.
   */
  release(status: 'finished' | 'failed' | 'killed', end?: { counts?: unknown; reason?: string }): Promise<void>;
}

/**
 * Takes the scan lock for a scan of `kind`. Throws ScanLockedError naming the running
 * scan's pid, host and start time when a live one exists (the oldest running row wins
 * when two processes start at the same moment). The lock's `signal` follows `signal` (a
 * kill) and the loss of the lock: the scan stops at its next check either way.
 */
export async function acquireScanLock(db: Db, kind: ScanKind, signal?: AbortSignal): Promise<ScanLock> {
  let advisory: HeldLock | null = null;
  if (dialectOf(db).name === 'postgres') {
    advisory = await tryAdvisoryLock(db, SCAN_LOCK_KEY);
    if (!advisory) {
      const holder: RunRow | undefined = await db('scan_runs').where({ status: 'running' }).orderBy('id', 'desc').first('id', 'kind', 'pid', 'host', 'started_at', 'heartbeat_at');
      throw new ScanLockedError(say('scan.locked', holder ? holderOf(holder) : { pid: '?', host: '?', started: '?' }));
    }
    // the lock is ours: a row still running belongs to a process whose connection ended
    const rows: RunRow[] = await db('scan_runs').where({ status: 'running' }).select('id', 'kind', 'pid', 'host', 'started_at', 'heartbeat_at');
    for (const row of rows) await db('scan_runs').where({ id: row.id }).update({ status: 'failed', lock_reason: `crashed: ${liveness(row, false).why}`, finished_at: dbTime() });
  }
  try {
    return await takeRun(db, kind, advisory, signal);
  } catch (err) {
    await advisory?.release();
    throw err;
  }
}

/** The scan_runs side of acquireScanLock; `advisory` (PostgreSQL) is released with the run. */
async function takeRun(db: Db, kind: ScanKind, advisory: HeldLock | null, signal?: AbortSignal): Promise<ScanLock> {
  const before = await liveRuns(db, true);
  if (before.length > 0) throw new ScanLockedError(describe(before[0]!));
  const now = dbTime();
  const [inserted] = await db('scan_runs').insert({ kind, status: 'running', pid: process.pid, host: os.hostname(), started_at: now, heartbeat_at: now, lock_reason: `${kind} by pid ${process.pid} on ${os.hostname()}` }, ['id']);
  const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
  const older = (await liveRuns(db, false)).filter((r) => r.id < id);
  if (older.length > 0) {
    await db('scan_runs').where({ id }).update({ status: 'failed', lock_reason: `refused: ${describe(older[0]!).message}`, finished_at: dbTime() });
    throw new ScanLockedError(describe(older[0]!));
  }
  const timer = setInterval(() => {
    db('scan_runs').where({ id, status: 'running' }).update({ heartbeat_at: dbTime() }).catch(() => undefined);
  }, HEARTBEAT_MS);
  timer.unref();
  let released = false;
  const lost = () => (advisory?.lost.aborted ? say('scan.lockLost', { host: os.hostname(), pid: process.pid }) : null);
  const signals = [signal, advisory?.lost].filter((s): s is AbortSignal => s !== undefined);
  return {
    id,
    signal: signals.length === 1 ? signals[0]! : AbortSignal.any(signals),
    lost,
    errorOf: (err) => {
      const loss = lost();
      return loss ? new ScanLockLostError(loss) : err;
    },
    async release(status, { counts, reason } = {}) {
      if (released) return;
      released = true;
      clearInterval(timer);
      const giveUp = Date.now() + RECORD_WAIT_MS;
      try {
        for (;;) {
          // the lock may turn out lost while the database is away: each try writes what is known then
          const loss = lost();
          try {
            await db('scan_runs').where({ id }).update({ status: loss ? 'failed' : status, counts: counts === undefined ? null : JSON.stringify(counts), lock_reason: loss?.message ?? reason ?? null, finished_at: dbTime() });
            return;
          } catch (err) {
            if (!isConnectionLost(err)) throw err;
            if (Date.now() + RECORD_RETRY_MS > giveUp) return;
            await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
          }
        }
      } finally {
        await advisory?.release();
      }
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
  const why = !last ? null : last.status === 'running' ? liveness(last, await pgLockHeld(db)).why : last.status === 'failed' && last.lock_reason?.startsWith('crashed: ') ? last.lock_reason.slice('crashed: '.length) : null;
  if (!last || why === null) return { running: false, crashed: false, reason: null };
  return { running: false, crashed: true, reason: `the last ${last.kind} (started ${timeText(last.started_at)} UTC) did not finish: ${why}; scan again from the scan page` };
}
