/**
 * One work (spec 000 section 7): GET /api/work/:id (metadata), DELETE /api/work/:id
 * (admin: hides it, user data kept, DESIGN section 4) and POST /api/work/scan/:id
 * (admin: rescans its folder).
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { getWork, type Scope } from '../../../catalogue/index.js';
import { hideWork } from '../../../works/hide.js';
import { runWorkScan, type ScanEvent } from '../../../scan/index.js';
import { withTrialMarks } from '../../../trial/marks.js';
import { NotFound, formatWorkCode, say, type CodedText, type WorkScanAnswer } from '../../../model/index.js';
import { requireAdmin, requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { WorkIdSchema } from '../../../api/schemas/work.js';

type ApiRouter = Router<AppState, { services: AppContext['services'] }>;

export const workRouter: ApiRouter = new Router();

/**
 * Mounts GET `path` (with `:id`) -> 200 Work of `scope` (with the caller's rating,
 * review, progress, state; in the trial scope with its `trial` mark: status and whether
 * it is downloaded); 404 unknown, hidden or not in the scope. Used for
 * /api/work/:id and /api/fake/:id.
 */
export function mountWorkDetail(router: ApiRouter, workRoute: typeof routes.library.work | typeof routes.trial.work, scope: Scope): void {
  on(router, workRoute, requireUser(), validate(workRoute, WorkIdSchema), async (ctx) => {
    const work = await getWork(ctx.state.read!, ctx.state.input.params.id, { scope });
    if (!work) throw new NotFound(say('work.notFound'));
    // a trial work says its trial status and whether its files are downloaded (TrialMark)
    ctx.body = scope === 'trial' ? (await withTrialMarks(ctx.services.db, [work]))[0] : work;
  });
}

/** GET /api/work/:id: a work of the library. */
mountWorkDetail(workRouter, routes.library.work, 'library');

/**
 * DELETE /api/work/:id (admin) -> 200 {message}: the work is hidden (removed_at, reason
 * 'deleted'); reviews, progress and history stay. 404 unknown or already hidden; 403 non-admin.
 */
on(workRouter, routes.library.deleteWork, requireUser(), requireAdmin(), validate(routes.library.deleteWork, WorkIdSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  if (!(await hideWork(ctx.services.db, id))) throw new NotFound(say('work.notFound'));
  ctx.body = say('work.deleted', { code: formatWorkCode(id) });
});

/** The answer's code for each result of a rescan but 'failed'. */
const SCANNED = { updated: 'work.scanUpdated', skipped: 'work.scanSkipped', removed: 'work.scanRemoved' } as const;

/**
 * POST /api/work/scan/:id (admin) -> 200 {message, memo?}: rescans the work's folder
 * through the scan runner, then fetches its metadata when config fetchMetadata is on;
 * `memo` is present when its files changed (the page reloads); a fetch that failed answers
 * `work.metadataNotFetched` with the reason, coded (the work page's "fetch again"). 404 unknown work,
 * 409 when another scan runs (Locked), 403 non-admin.
 */
on(workRouter, routes.library.scanWork, requireUser(), requireAdmin(), validate(routes.library.scanWork, WorkIdSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  const code = formatWorkCode(id);
  const { db, config, dataDir } = ctx.services;
  // the fetch's last reason, coded (metadata.failed / metadata.savedWithProblems), for the UI's language
  let reason: CodedText | undefined;
  const onEvent = (e: ScanEvent) => {
    if (e.type === 'task' && (e.log.code === 'metadata.failed' || e.log.code === 'metadata.savedWithProblems')) reason = e.log.paramTexts?.reason;
  };
  const { changed, result, error, metadata } = await runWorkScan(db, config, dataDir, id, { onEvent });
  const missed = metadata?.notFetched[0];
  const text = result === 'failed' ? say('work.scanFailed', { code, reason: error ?? 'unknown error' })
    : missed ? say('work.metadataNotFetched', { code, reason: reason ?? missed.error })
      : say(SCANNED[result], { code });
  const answer: WorkScanAnswer = changed ? { ...text, memo: result === 'removed' ? 'folder missing, work hidden' : 'files changed' } : text;
  ctx.body = answer;
});
