/**
 * The scheduled scans (config `scanCron`, node-cron syntax; spec 001 section 2): at each
 * tick a folder scan of the configured roots starts through the server's scan manager,
 * as if an admin had pressed "scan" on the scanner page. Each scheduled scan logs its
 * start on stderr, or why it was skipped (another scan runs); its end is logged by the
 * caller, which sees the run's last message.
 */
import cron from 'node-cron';
import type { CodedText } from '../model/index.js';

/**
 * Starts the schedule of `expression` (empty: none; an invalid expression is logged and
 * ignored). `start` starts a scan and answers null, or the reason it did not;
 * `started` is called after a scheduled scan started. Answers `stop`.
 */
export function scheduleScans(expression: string, roots: readonly { name: string; path: string }[], start: () => CodedText | null, started: () => void, log: (line: string) => void): { stop: () => void } {
  const trimmed = expression.trim();
  if (!trimmed) return { stop: () => undefined };
  if (!cron.validate(trimmed)) {
    log(`scanCron: not a cron expression: ${trimmed}`);
    return { stop: () => undefined };
  }
  const task = cron.schedule(trimmed, () => {
    const refused = start();
    if (refused) return log(`scheduled scan skipped: ${refused.message}`);
    started();
    log(`scheduled scan started: ${roots.map((r) => `${r.name} (${r.path})`).join(', ')}`);
  });
  return { stop: () => void task.stop() };
}
