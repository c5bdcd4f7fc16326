/**
 * Request schemas of the AI lyric tasks and the worker protocol (spec 000 section 7,
 * DESIGN section 7). Failures answer 400 {error} (middleware/validate.ts).
 */
import { z } from 'zod';
import { parseWorkIdInput } from '../../model/index.js';
import { isTaskStatus } from '../../lyrics/status.js';

/** A task id: up to 10 digits. */
const taskId = z.string().regex(/^\d{1,10}$/, 'id must be a number').transform(Number);

/** A work id as people type it: 'RJ01012345', '01012345', '1012345'; '' or '0' mean none (null). */
const typedWorkId = z.string().transform((text, ctx) => {
  const t = text.trim();
  if (t === '' || t === '0') return null;
  const id = parseWorkIdInput(t) ?? (/^(?:RJ|VJ|BJ)?\d{1,10}$/i.test(t) ? Number(t.replace(/^\D+/, '')) : null);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: `not a work id: ${t}` });
    return z.NEVER;
  }
  return id;
});

/** The `status` filter: a JSON list of task statuses ('[1,2]'); absent, '' or '[]' keep all. */
const statusList = z.string().optional().transform((text, ctx): number[] => {
  if (!text) return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    list = undefined;
  }
  if (Array.isArray(list) && list.every(isTaskStatus)) return list;
  ctx.addIssue({ code: 'custom', message: 'status must be a JSON list of numbers 0..4' });
  return z.NEVER;
});

/** GET /api/lyric/translate ?page&work_id&file_name&status. */
export const LyricListSchema = z.object({
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    work_id: typedWorkId.optional(),
    file_name: z.string().max(500).optional().transform((s) => s?.trim() || undefined),
    status: statusList,
  }),
});

/** GET /api/lyric/translate/lrc?id=. */
export const LyricTaskQuerySchema = z.object({ query: z.object({ id: taskId }) });
/** The task or work id in the path: /api/lyric/translate/:id, .../redo/:id, .../work/:id. */
export const LyricIdSchema = z.object({ params: z.object({ id: taskId }) });

/** POST /api/lyric/translate {hash: '{workId}/{fileId}'}. */
export const LyricCreateSchema = z.object({ body: z.object({ hash: z.string().max(40) }) });

/** POST /api/lyric/translate/folder {work_id (number or typed text), folder ('' = the whole work)}. */
export const LyricFolderSchema = z.object({
  body: z.object({
    work_id: z.union([z.number().int().positive(), z.string()]).transform(String).pipe(typedWorkId).transform((id, ctx) => {
      if (id !== null) return id;
      ctx.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }),
    folder: z.string().max(4000).default(''),
  }),
});

/** POST /api/lyric/worker/claim {worker_name}. */
export const WorkerClaimSchema = z.object({ body: z.object({ worker_name: z.string().trim().min(1).max(100) }) });

const claim = z.object({ id: z.number().int().positive(), secret: z.string().min(1).max(200) });

/** GET /api/lyric/worker/audio/:id?secret=. */
export const WorkerAudioSchema = z.object({ params: z.object({ id: taskId }), query: z.object({ secret: claim.shape.secret }) });
/** POST /api/lyric/worker/status {id, secret, worker_status}. */
export const WorkerStatusSchema = z.object({ body: claim.extend({ worker_status: z.string().max(10_000) }) });
/** POST /api/lyric/worker/release {id, secret}. */
export const WorkerReleaseSchema = z.object({ body: claim });

/** POST /api/lyric/worker/result {id, secret, lrc} or {id, secret, error}: exactly one of the two. Answers {id, secret, result}. */
export const WorkerResultSchema = z
  .object({ body: claim.extend({ lrc: z.string().max(900_000).optional(), error: z.string().max(10_000).optional() }) })
  .transform(({ body }, ctx) => {
    if ((body.lrc === undefined) === (body.error === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'send either lrc or error' });
      return z.NEVER;
    }
    return { id: body.id, secret: body.secret, result: body.lrc !== undefined ? { lrc: body.lrc } : { error: body.error! } };
  });
