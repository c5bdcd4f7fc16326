/**
 * The trial ("fake") catalogue (spec 000 sections 2, 4 and 7; DESIGN section 7): the
 * library's calls mounted again under /api/fake with the trial scope (the works visible
 * there: status 0, 1 or 2, catalogue/visible.ts), plus the trial actions. Anyone signed in
 * browses and plays; dislike and download are writes (guests 403); the crawler runs from
 * the scanner socket (admin, PERFORM_TRIAL_FETCH) or `audiolib trial fetch`.
 * - GET /api/fake/works: the list of /api/works plus `status` (default 0), works with their `trial` mark;
 * - GET /api/fake/tracks/:id, /api/fake/cover/:id, /api/fake/spider/cover/:id (the cover
 *   the crawler saved, same lookup), /api/fake/media/{stream,download,small-img,check-lrc}/rj…;
 * - PUT /api/fake/:id/ {status: 4}: dislike;
 * - POST /api/fake/download/:id/: start the trial download; GET /api/fake/download/:id: its progress;
 * - GET /api/fake/:id: one work (mounted last: `:id` would catch the paths above).
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { requireUser, requireWriter } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { TrialIdSchema, TrialStatusSchema, TrialWorksSchema } from '../../../api/schemas/trial.js';
import { NotFound, formatWorkCode, say, type MessageAnswer, type TrialDownloadAnswer } from '../../../model/index.js';
import { dislikeTrialWork, withTrialMarks } from '../../../trial/index.js';
import { trialDownloadsOf } from '../../trial-downloads.js';
import { answerList } from '../works/index.js';
import { mountTracks } from '../tracks/index.js';
import { mountCover } from '../cover/index.js';
import { mountMedia } from '../media.js';
import { mountWorkDetail } from '../work/index.js';

export const trialRouter = new Router<AppState, { services: AppContext['services'] }>();

/**
 * GET /api/fake/works ?page&sort&order&seed&nsfw&lyric&isAdvance&keyword&status -> 200
 * {works, pagination}: the trial works of that status (0 by default), each with its
 * `trial` mark {status, downloaded} (a downloaded one is not downloaded again). 400 {error} on bad
 * parameters (a status other than 0, 1, 2 included), 401 without a token.
 */
on(trialRouter, routes.trial.works, requireUser(), validate(routes.trial.works, TrialWorksSchema), async (ctx) => {
  const { status, ...query } = ctx.state.input.query;
  const answer = await answerList(ctx, query, { scope: 'trial', status });
  ctx.body = { ...answer, works: await withTrialMarks(ctx.services.db, answer.works) };
});

mountTracks(trialRouter, routes.trial.tracks, 'trial');
mountCover(trialRouter, routes.trial.cover, 'trial');
mountCover(trialRouter, routes.trial.spiderCover, 'trial');
mountMedia(trialRouter, routes.trial.media, 'trial');

/**
 * POST /api/fake/download/:id/ -> 202 {message, download}: the download started (status
 * 1, then 2, then 0 with the trial files; progress at GET /api/fake/download/:id and in
 * TRIAL_DOWNLOAD messages). 404 {error} for a work not in the trial catalogue, 409 when
 * it downloads or is downloaded already, 403 for guests.
 */
on(trialRouter, routes.trial.startDownload, requireUser(), requireWriter(), validate(routes.trial.startDownload, TrialIdSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  const download = await trialDownloadsOf(ctx.services).start(id);
  const answer: TrialDownloadAnswer = { ...say('trial.downloadStarted', { code: formatWorkCode(id) }), download };
  ctx.status = 202;
  ctx.body = answer;
});

/**
 * GET /api/fake/download/:id -> 200 {message, download}: the progress of the work's
 * download (state, bytes, total, percent, error). 404 {error} when none ran since the
 * server started.
 */
on(trialRouter, routes.trial.download, requireUser(), validate(routes.trial.download, TrialIdSchema), async (ctx) => {
  const download = trialDownloadsOf(ctx.services).get(ctx.state.input.params.id);
  if (!download) throw new NotFound(say('trial.noDownload'));
  const answer: TrialDownloadAnswer = { ...say('trial.downloadState', { state: download.state }), download };
  ctx.body = answer;
});

/**
 * PUT /api/fake/:id/ {status: 4} -> 200 {message}: the work is disliked (status 4) and
 * never comes back to the trial list. 400 {error} for another status, 404 for a work not
 * in the trial catalogue, 409 while it downloads, 403 for guests.
 */
on(trialRouter, routes.trial.setStatus, requireUser(), requireWriter(), validate(routes.trial.setStatus, TrialStatusSchema), async (ctx) => {
  const { id } = ctx.state.input.params;
  await dislikeTrialWork(ctx.services.db, id);
  const answer: MessageAnswer = say('trial.disliked', { code: formatWorkCode(id) });
  ctx.body = answer;
});

mountWorkDetail(trialRouter, routes.trial.work, 'trial');
