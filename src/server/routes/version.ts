/**
 * GET /api/version (spec 000 sections 7 and 8): the running version and the scan lock.
 * audiolib never calls the network for updates, so `update_available` and `notifyUser`
 * are false; `lockFileExists`/`lockReason` say whether a scan is running, or the last one
 * crashed without finishing (scan_runs).
 */
import fs from 'node:fs';
import Router from '@koa/router';
import type { AppContext, AppState } from '../context.js';
import { currentScanLock } from '../../scan/index.js';
import { requireUser } from '../middleware/auth.js';
import { routes } from '../../api/routes/index.js';
import { on } from './on.js';
import type { VersionAnswer } from '../../model/index.js';

/** package.json version (repo root: three levels up from src/server/routes and dist/server/routes). */
export const current = (JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const versionRouter = new Router<AppState, { services: AppContext['services'] }>();

/** GET /api/version -> 200 {current, latest_stable, update_available: false, notifyUser: false, lockFileExists, lockReason}. */
on(versionRouter, routes.auth.version, requireUser(), async (ctx) => {
  const lock = await currentScanLock(ctx.services.db);
  const answer: VersionAnswer = { current, latest_stable: current, update_available: false, notifyUser: false, lockFileExists: lock.running || lock.crashed, lockReason: lock.reason };
  ctx.body = answer;
});
