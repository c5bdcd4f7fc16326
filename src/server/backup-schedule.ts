/**
 * The scheduled backups of `audiolib serve` (config keys `backupCron` and `backupKeep`,
 * man/audiolib-config.1): at each time of the cron expression the server writes a backup
 * of its SQLite database into `backups/` of the data directory and deletes the oldest
 * beyond `backupKeep` (src/backup/backup.ts `scheduledBackup`), logging one line on stderr
 * either way. `backupCron` is read when the server starts; `backupKeep` at each backup.
 * On PostgreSQL nothing is scheduled (pg_dump backs it up) and the start says so.
 */
import path from 'node:path';
import cron from 'node-cron';
import type { AppServices } from './context.js';
import { dialectOf } from '../db/dialect/index.js';
import { scheduledBackup, sizeText } from '../backup/backup.js';

/** Runs `job` at each time of the cron `expression`; answers its stop. node-cron's schedule by default; tests pass their own. */
export type Scheduler = (expression: string, job: () => void) => { stop: () => unknown };

const cronScheduler: Scheduler = (expression, job) => cron.schedule(expression, job);

/** The started schedule. */
export interface BackupSchedule {
  /** Whether a schedule runs (false: no backupCron, an invalid one, or PostgreSQL). */
  readonly active: boolean;
  /** Stops the schedule; resolves once a backup under way has ended (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Starts the scheduled backups of `services.config.backupCron` (node-cron syntax; empty:
 * none; an invalid expression is logged and ignored, as `scanCron`'s is). Each run logs
 * one line through `log` (without the `audiolib: ` prefix, which `log` adds):
 * `scheduled backup: FILE (SIZE in S s); deleted N older: NAMES`, or
 * `scheduled backup failed: REASON`, or `scheduled backup skipped: ...` while the previous
 * one still runs. `schedule` runs the job (node-cron unless given).
 */
export function scheduleBackups(services: Pick<AppServices, 'db' | 'dataDir' | 'config'>, log: (line: string) => void, schedule: Scheduler = cronScheduler): BackupSchedule {
  const expression = services.config.backupCron.trim();
  const off: BackupSchedule = { active: false, stop: async () => undefined };
  if (!expression) return off;
  if (!cron.validate(expression)) {
    log(`backupCron: not a cron expression: ${expression} (no scheduled backups)`);
    return off;
  }
  if (dialectOf(services.db).name === 'postgres') {
    log('backupCron: the database is PostgreSQL: no scheduled backups (back it up with pg_dump; `audiolib db backup` prints the command)');
    return off;
  }
  let running: Promise<void> | null = null;
  const backup = async () => {
    try {
      const result = await scheduledBackup(services.db, services.dataDir, services.config.backupKeep);
      const removed = result.removed.map((file) => path.basename(file));
      log(`scheduled backup: ${result.file} (${sizeText(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s)${removed.length ? `; deleted ${removed.length} older: ${removed.join(', ')}` : ''}`);
    } catch (err) {
      log(`scheduled backup failed: ${(err as Error).message}`);
    }
  };
  const task = schedule(expression, () => {
    if (running) return log('scheduled backup skipped: the previous one is still running');
    running = backup().finally(() => {
      running = null;
    });
  });
  return {
    active: true,
    async stop() {
      task.stop();
      await running;
    },
  };
}
